import { describe, expect, it } from 'vitest';
import { printContents, registerPrintIpc, type PrintableContents, type PrintIpcEvent } from '../../main/print-ipc.js';
import { SESSION_CHANNELS, type IpcMainLike } from '../../main/profile-ipc.js';

const APP_ORIGIN = 'http://127.0.0.1:41234';

function fakePrinter(printers: Array<{ name: string }>, outcome: { success: boolean; reason: string } = { success: true, reason: '' }) {
  const calls: Array<{ silent: boolean; printBackground: boolean }> = [];
  const contents: PrintableContents = {
    getPrintersAsync: () => Promise.resolve(printers),
    print: (options, callback) => {
      calls.push(options);
      callback(outcome.success, outcome.reason);
    },
  };
  return { contents, calls };
}

describe('printing from the page', () => {
  it('prints silently to the default printer when the system has printers', async () => {
    const { contents, calls } = fakePrinter([{ name: 'receipts' }]);
    expect(await printContents(contents)).toEqual({ printed: true, reason: null });
    expect(calls).toEqual([{ silent: true, printBackground: true }]);
  });

  it('shows the print dialog when there is no printer, and reports a failure', async () => {
    const { contents, calls } = fakePrinter([], { success: false, reason: 'cancelled' });
    expect(await printContents(contents)).toEqual({ printed: false, reason: 'cancelled' });
    expect(calls).toEqual([{ silent: false, printBackground: true }]);
  });

  it('answers only the app origin, printing the window that asked', async () => {
    const handlers = new Map<string, (event: PrintIpcEvent, ...args: unknown[]) => Promise<unknown>>();
    const ipc: IpcMainLike<PrintIpcEvent> = {
      handle: (channel, listener) => handlers.set(channel, listener),
      removeHandler: (channel) => handlers.delete(channel),
    };
    const unregister = registerPrintIpc(ipc, APP_ORIGIN);
    const { contents, calls } = fakePrinter([{ name: 'receipts' }]);
    const print = handlers.get(SESSION_CHANNELS.print)!;
    await expect(print({ senderFrame: { url: 'https://evil.example/' }, sender: contents })).rejects.toThrow(/refused/);
    expect(calls).toEqual([]);
    expect(await print({ senderFrame: { url: `${APP_ORIGIN}/app/` }, sender: contents })).toEqual({ printed: true, reason: null });
    unregister();
    expect(handlers.size).toBe(0);
  });
});
