/**
 * A stand-in for the receipt printer a cash drawer is wired to: a TCP listener on 127.0.0.1 that
 * keeps each connection's bytes. The protocol is the real one (the ESC/POS pulse is five bytes on a
 * socket, port 9100 on a real printer); only the printer is not.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** The pulses `ESC p m t1 t2` for the drawer on pin 2 and on pin 5. */
export const PIN_2_PULSE = [0x1b, 0x70, 0x00, 0x19, 0xfa];
export const PIN_5_PULSE = [0x1b, 0x70, 0x01, 0x19, 0xfa];

export interface StandInPrinter {
  /** `127.0.0.1:PORT`, once it listens. */
  address: Promise<string>;
  /**
   * What it received, one byte list per connection once closed, cleared as read: after `count` have
   * come (or `waitMs` passed), and `quietMs` more for any that should not come.
   */
  kicks(count: number, options?: { waitMs?: number; quietMs?: number }): Promise<number[][]>;
}

/** A printer for the test file, closed after it. */
export function useStandInPrinter(): StandInPrinter {
  const received: number[][] = [];
  const printer = createServer((socket) => {
    const bytes: number[] = [];
    socket.on('data', (chunk: Buffer) => bytes.push(...chunk));
    socket.on('close', () => received.push(bytes));
  });
  const address = new Promise<string>((resolve) => {
    printer.listen(0, '127.0.0.1', () => {
      resolve(`127.0.0.1:${(printer.address() as AddressInfo).port}`);
    });
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        printer.close(() => {
          resolve();
        });
      }),
  );
  return {
    address,
    async kicks(count, { waitMs = 10_000, quietMs = 0 } = {}) {
      const deadline = Date.now() + waitMs;
      while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (quietMs > 0) await new Promise((resolve) => setTimeout(resolve, quietMs));
      return received.splice(0);
    },
  };
}

/** An address nothing listens on (a listener opened and closed again), so a connection is refused. */
export async function refusingAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve();
    }),
  );
  return `127.0.0.1:${port}`;
}
