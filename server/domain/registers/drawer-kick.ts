import { connect } from 'node:net';

/**
 * Opening the cash drawer through the receipt printer's drawer port. A till's drawer is wired to
 * the printer (an RJ11/RJ12 "DK" port), and opens on the ESC/POS pulse `ESC p m t1 t2`: m picks
 * the connector pin (0 for pin 2, 1 for pin 5), t1 and t2 the on and off times in 2 ms steps
 * (25 = 50 ms on, 250 = 500 ms off, what Epson's manuals give for a drawer solenoid). Till printers
 * on a network take raw ESC/POS on TCP port 9100, so the pulse is five bytes on a plain socket.
 */
export type DrawerPin = 2 | 5;

export const DRAWER_PINS: readonly DrawerPin[] = [2, 5];

/** The pulse for a drawer on `pin`. */
export function drawerPulse(pin: DrawerPin): Buffer {
  return Buffer.from([0x1b, 0x70, pin === 2 ? 0x00 : 0x01, 0x19, 0xfa]);
}

export interface PrinterAddress {
  host: string;
  port: number;
}

/** The port a network receipt printer listens on for raw ESC/POS when none is named. */
export const RAW_PRINT_PORT = 9100;

/** `host:port` (or a bare host, port 9100; an IPv6 address in brackets), or undefined when it is not one. */
export function parsePrinterAddress(text: string): PrinterAddress | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?))(?::(\d{1,5}))?$/.exec(text.trim());
  if (!match) return undefined;
  const host = match[1] ?? match[2];
  const port = match[3] === undefined ? RAW_PRINT_PORT : Number(match[3]);
  if (host === undefined || port < 1 || port > 65535) return undefined;
  return { host, port };
}

/** How the address reads in a message: as it would be typed. */
export function printerLabel(address: PrinterAddress): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/** Why a pulse did not reach the printer, in the shop's words (no error text from the network stack). */
export class DrawerKickFailed extends Error {
  constructor(readonly printer: string) {
    super(`The drawer did not open: the printer at ${printer} did not answer.`);
    this.name = 'DrawerKickFailed';
  }
}

/**
 * Sends the pulse to the printer at `address`, giving up after `timeoutMs` (connecting and
 * writing together): a printer that is off or unplugged must not keep the till waiting.
 * Resolves once the bytes are handed to the network; rejects with DrawerKickFailed.
 */
export function sendDrawerPulse(address: PrinterAddress, pin: DrawerPin, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const socket = connect({ host: address.host, port: address.port });
    const fail = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      reject(new DrawerKickFailed(printerLabel(address)));
    };
    const timer = setTimeout(fail, timeoutMs);
    socket.on('error', fail);
    socket.on('connect', () => {
      socket.end(drawerPulse(pin), () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve();
      });
    });
  });
}
