import { describe, expect, it } from 'vitest';
import {
  customerDisplayPlacement,
  CustomerDisplayWindow,
  registerCustomerDisplayIpc,
  type DisplayPlacement,
  type DisplayWindowLike,
  type ScreenLike,
  type ScreensLike,
} from '../../main/customer-display.js';
import { SESSION_CHANNELS, type IpcMainLike, type ProfileIpcEvent } from '../../main/profile-ipc.js';

const APP_ORIGIN = 'http://127.0.0.1:41234';
const DISPLAY_URL = `${APP_ORIGIN}/app/display`;

const TILL_SCREEN: ScreenLike = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 }, workArea: { x: 0, y: 0, width: 1366, height: 728 } };
const CUSTOMER_SCREEN: ScreenLike = { id: 2, bounds: { x: 1366, y: 0, width: 800, height: 480 }, workArea: { x: 1366, y: 0, width: 800, height: 480 } };

function screensOf(...all: ScreenLike[]): ScreensLike {
  return { getAllDisplays: () => all, getPrimaryDisplay: () => all[0]! };
}

/** A window double that records what was asked of it; `close()` fires 'closed' as Electron's does. */
function fakeWindows() {
  const made: Array<{ placement: DisplayPlacement; loaded: string[]; focused: number; destroyed: boolean }> = [];
  const createWindow = (placement: DisplayPlacement): DisplayWindowLike => {
    const record = { placement, loaded: [] as string[], focused: 0, destroyed: false };
    made.push(record);
    let onClosed = (): void => undefined;
    return {
      isDestroyed: () => record.destroyed,
      focus: () => {
        record.focused += 1;
      },
      close: () => {
        record.destroyed = true;
        onClosed();
      },
      once: (_event, listener) => {
        onClosed = listener;
      },
      loadURL: (url) => {
        record.loaded.push(url);
        return Promise.resolve();
      },
    };
  };
  return { made, createWindow };
}

function display(screens: ScreensLike, windows: ReturnType<typeof fakeWindows>, errors: string[] = []): CustomerDisplayWindow {
  return new CustomerDisplayWindow({
    screens,
    createWindow: windows.createWindow,
    url: DISPLAY_URL,
    reportError: (context) => errors.push(context),
  });
}

describe('the customer display window', () => {
  it('fills the second screen when there is one, whichever screen is listed first', () => {
    expect(customerDisplayPlacement(screensOf(TILL_SCREEN, CUSTOMER_SCREEN))).toEqual({ ...CUSTOMER_SCREEN.bounds, fullscreen: true });
    const primaryListedSecond = { getAllDisplays: () => [CUSTOMER_SCREEN, TILL_SCREEN], getPrimaryDisplay: () => TILL_SCREEN };
    expect(customerDisplayPlacement(primaryListedSecond)).toEqual({ ...CUSTOMER_SCREEN.bounds, fullscreen: true });
  });

  it('is an ordinary window centred on the till’s screen when there is no second one', () => {
    expect(customerDisplayPlacement(screensOf(TILL_SCREEN))).toEqual({ x: 283, y: 64, width: 800, height: 600, fullscreen: false });
  });

  it('opens by itself at start only with a second screen, and a second ask brings the same window forward', async () => {
    const alone = fakeWindows();
    expect(await display(screensOf(TILL_SCREEN), alone).openOnSecondScreen()).toBe(false);
    expect(alone.made).toEqual([]);

    const windows = fakeWindows();
    const customer = display(screensOf(TILL_SCREEN, CUSTOMER_SCREEN), windows);
    expect(await customer.openOnSecondScreen()).toBe(true);
    await customer.open();
    expect(windows.made).toHaveLength(1);
    expect(windows.made[0]).toMatchObject({ loaded: [DISPLAY_URL], focused: 1, placement: { x: 1366, fullscreen: true } });

    // Closed by hand, it opens afresh; closed with the till's window, it is gone.
    customer.close();
    expect(customer.isOpen).toBe(false);
    await customer.open();
    expect(windows.made).toHaveLength(2);
    windows.made[1]!.destroyed = true;
    await customer.open();
    expect(windows.made).toHaveLength(3);
  });

  it('reports a display that failed to load at start instead of stopping the app', async () => {
    const errors: string[] = [];
    const failing: ReturnType<typeof fakeWindows> = {
      made: [],
      createWindow: (placement) => ({ ...fakeWindows().createWindow(placement), loadURL: () => Promise.reject(new Error('no page')) }),
    };
    expect(await display(screensOf(TILL_SCREEN, CUSTOMER_SCREEN), failing, errors).openOnSecondScreen()).toBe(false);
    expect(errors).toEqual(['opening the customer display']);
  });

  it('answers the till’s "Customer display" from the app’s own pages only', async () => {
    const handlers = new Map<string, (event: ProfileIpcEvent, ...args: unknown[]) => Promise<unknown>>();
    const ipc: IpcMainLike = {
      handle: (channel, listener) => handlers.set(channel, listener),
      removeHandler: (channel) => handlers.delete(channel),
    };
    const windows = fakeWindows();
    const unregister = registerCustomerDisplayIpc(ipc, APP_ORIGIN, display(screensOf(TILL_SCREEN), windows));
    const open = handlers.get(SESSION_CHANNELS.customerDisplay)!;
    await expect(open({ senderFrame: { url: 'https://evil.example/' } })).rejects.toThrow(/refused/);
    await expect(open({ senderFrame: { url: `${APP_ORIGIN}/app/` } }, 'extra')).rejects.toThrow(/invalid arguments/);
    expect(windows.made).toEqual([]);
    await open({ senderFrame: { url: `${APP_ORIGIN}/app/` } });
    expect(windows.made.map((made) => made.loaded)).toEqual([[DISPLAY_URL]]);
    unregister();
    expect(handlers.size).toBe(0);
  });
});
