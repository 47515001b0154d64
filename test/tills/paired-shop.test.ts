import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api } from '../helpers/server.js';
import { joinAt, sellCoffeeAt, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { runCli } from '../helpers/cli.js';
import { peersCli } from '../helpers/tills.js';

/**
 * The whole path as a shop runs it: two servers with their tills' listeners (--lan-port), paired
 * with `tillbase peers invite` and `join` run beside them, and a sale at one found at the other,
 * numbered in the first one's series. Nothing here is the tests' own network: the certificates
 * are the ones pairing made, the replication runs over the listener pairing started.
 */
interface ShopOrder {
  id: number;
  number: string;
  total: string;
  till: { id: string; name: string };
}

describe('two tills paired with tillbase peers, replicating over the listener pairing started', () => {
  let a: PairedTill;
  let b: PairedTill;

  beforeAll(async () => {
    a = await startPairedTill();
    b = await startPairedTill();
    expect((await joinAt(a, b)).stdout).toContain('this till is Till B of the shop');
  }, 60_000);

  afterAll(async () => {
    // B's close twice (the last test closes it) is one close: the server's close is kept once made.
    await Promise.all([a.server.close(), b.server.close()]);
  });

  test('a sale at A is numbered A-1 and listed at B with its till; each lists the other with nothing behind', async () => {
    const sale = await sellCoffeeAt(a);
    // The receipt number is A's series: pairing has reached A's server (its poll).
    expect(sale.number).toBe('A-1');

    const atB = await until('the sale listed at B', async () => {
      const listed = await api<ShopOrder[]>(b.server, 'GET', '/orders?scope=shop&search=A-1', { token: b.cashier });
      expect(listed.status).toBe(200);
      return listed.body.find((order) => order.number === 'A-1');
    });
    expect(atB).toMatchObject({ number: 'A-1', total: sale.total, till: { name: 'Till A' } });

    const peersAtB = await until('A caught up at B', async () => {
      const listed = JSON.parse((await peersCli(b.server, ['list', '--json'])).stdout) as Array<{ name: string; behind: number | null }>;
      return listed.some((peer) => peer.name === 'Till A' && peer.behind === 0) ? listed : undefined;
    });
    expect(peersAtB.map((peer) => peer.name)).toEqual(['Till A']);

    // A's `sync status` says what is on A only: nothing, once B holds the sale.
    const status = await until('the sale held by B, as A says', async () => {
      const printed = await runCli(['sync', 'status', '--data-dir', a.server.dataDir, '--secret-store', 'file']);
      return printed.stdout.includes('on this till only: nothing') ? printed : undefined;
    });
    expect(status.code).toBe(0);
  }, 60_000);

  test('a sale at A that B cannot hold yet is on A only, in `sync status` too', async () => {
    await b.server.close();
    // B's server stops; A still sells, and its sale's answer says it is on A only.
    const sale = await sellCoffeeAt(a);
    const printed = await until('the sale on A only', async () => {
      const out = await runCli(['sync', 'status', '--data-dir', a.server.dataDir, '--secret-store', 'file']);
      return /on this till only \(no other till holds them yet\): 1 sale \(/.test(out.stdout) ? out.stdout : undefined;
    });
    expect(printed).toContain(`1 sale (${sale.total})`);
  }, 60_000);
});
