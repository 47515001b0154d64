/**
 * Printing for the page (`window.tillbase.print()`): main prints the window that asked, silently to
 * the system's default printer when the system has printers (a till prints receipts without a
 * dialog; Chromium's silent print without a device name goes to the OS default), and with the print
 * dialog when it has none, so that the cashier can still save or pick one.
 */
import { handleFromApp, parseArgs, SESSION_CHANNELS, type IpcMainLike, type ProfileIpcEvent } from './profile-ipc.js';
import { z } from 'zod';

/** The parts of Electron's `WebContents` printing uses. */
export interface PrintableContents {
  getPrintersAsync(): Promise<Array<{ name: string }>>;
  print(options: { silent: boolean; printBackground: boolean }, callback: (success: boolean, failureReason: string) => void): void;
}

export interface PrintIpcEvent extends ProfileIpcEvent {
  readonly sender: PrintableContents;
}

export async function printContents(contents: PrintableContents): Promise<{ printed: boolean; reason: string | null }> {
  const printers = await contents.getPrintersAsync();
  return new Promise((resolve) => {
    const options = { silent: printers.length > 0, printBackground: true };
    contents.print(options, (success, failureReason) => {
      resolve({ printed: success, reason: success ? null : failureReason });
    });
  });
}

export function registerPrintIpc(ipc: IpcMainLike<PrintIpcEvent>, appOrigin: string): () => void {
  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.print, (event, ...args) => {
    parseArgs(z.tuple([]), SESSION_CHANNELS.print, args);
    return printContents(event.sender);
  });
  return () => {
    ipc.removeHandler(SESSION_CHANNELS.print);
  };
}
