/**
 * The customer display's window in the desktop app: /app/display, full screen on a second screen
 * when the till has one (opened at start), else an ordinary window the cashier can move. The till's
 * window asks for it with `window.tillbase.openCustomerDisplay()` (the "Customer display" button).
 * Takes the Electron objects it needs as parameters, so that it is tested without Electron.
 *
 * Both windows are in the default session, so the display page and the till page share an origin
 * and storage partition: the sale reaches the display over a BroadcastChannel, not through main.
 */
import { z } from 'zod';
import { handleFromApp, parseArgs, SESSION_CHANNELS, type IpcMainLike } from './profile-ipc.js';

export interface ScreenArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of an Electron `Display` the placement uses. */
export interface ScreenLike {
  id: number;
  bounds: ScreenArea;
  workArea: ScreenArea;
}

/** The part of Electron's `screen` module the placement uses. */
export interface ScreensLike {
  getAllDisplays(): ScreenLike[];
  getPrimaryDisplay(): ScreenLike;
}

export interface DisplayPlacement extends ScreenArea {
  /** True on a screen of its own: the window then fills it. */
  fullscreen: boolean;
}

/** The part of Electron's `BrowserWindow` the display uses. */
export interface DisplayWindowLike {
  isDestroyed(): boolean;
  focus(): void;
  close(): void;
  once(event: 'closed', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
}

/** A window on its own screen needs no more than this when there is no second one. */
const WINDOW_ON_THE_TILL_SCREEN = { width: 800, height: 600 } as const;

/** The first screen that is not the primary one (where the till's window is), or null. */
export function secondScreen(screens: ScreensLike): ScreenLike | null {
  const primary = screens.getPrimaryDisplay();
  return screens.getAllDisplays().find((candidate) => candidate.id !== primary.id) ?? null;
}

/** Full screen on the second screen when there is one; else a window centred on the till's screen. */
export function customerDisplayPlacement(screens: ScreensLike): DisplayPlacement {
  const second = secondScreen(screens);
  if (second !== null) return { ...second.bounds, fullscreen: true };
  const area = screens.getPrimaryDisplay().workArea;
  const width = Math.min(WINDOW_ON_THE_TILL_SCREEN.width, area.width);
  const height = Math.min(WINDOW_ON_THE_TILL_SCREEN.height, area.height);
  return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height, fullscreen: false };
}

export interface CustomerDisplayParts {
  screens: ScreensLike;
  /** Makes the window at the placement (main.ts: a BrowserWindow with the app's secure preferences). */
  createWindow: (placement: DisplayPlacement) => DisplayWindowLike;
  /** The display page, `${origin}/app/display`. */
  url: string;
  reportError: (context: string, error: unknown) => void;
}

/** At most one display window: opening it again brings the open one forward. */
export class CustomerDisplayWindow {
  private window: DisplayWindowLike | null = null;

  constructor(private readonly parts: CustomerDisplayParts) {}

  get isOpen(): boolean {
    return this.window !== null && !this.window.isDestroyed();
  }

  async open(): Promise<void> {
    if (this.window !== null && !this.window.isDestroyed()) {
      this.window.focus();
      return;
    }
    const window = this.parts.createWindow(customerDisplayPlacement(this.parts.screens));
    this.window = window;
    window.once('closed', () => {
      if (this.window === window) this.window = null;
    });
    await window.loadURL(this.parts.url);
  }

  /** At start: a till with a second screen shows the display there without being asked. */
  async openOnSecondScreen(): Promise<boolean> {
    if (secondScreen(this.parts.screens) === null) return false;
    try {
      await this.open();
      return true;
    } catch (error) {
      this.parts.reportError('opening the customer display', error);
      return false;
    }
  }

  /** With the till's window: a display left alone would keep the app running with no till. */
  close(): void {
    if (this.window !== null && !this.window.isDestroyed()) this.window.close();
    this.window = null;
  }
}

/** Answers `window.tillbase.openCustomerDisplay()` from the app's own pages only. */
export function registerCustomerDisplayIpc(ipc: IpcMainLike, appOrigin: string, display: Pick<CustomerDisplayWindow, 'open'>): () => void {
  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.customerDisplay, (_event, ...args) => {
    parseArgs(z.tuple([]), SESSION_CHANNELS.customerDisplay, args);
    return display.open();
  });
  return () => {
    ipc.removeHandler(SESSION_CHANNELS.customerDisplay);
  };
}
