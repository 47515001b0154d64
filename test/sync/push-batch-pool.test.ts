import { describe, expect, it } from 'vitest';
import { pausePushes, resumePushes } from '../helpers/sync-pull.js';
import type { TestServer } from '../helpers/server.js';
import { connect, FAST_SETTINGS, liveOrdersOf, outboxEntries, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * A backlog's batches are kept three in flight (issue 32, item 3): as one ends, the next leaves, so a
 * batch WooCommerce is slow to carry out does not hold back the sales queued behind the others.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };

/** Held this long by the shop before it makes the first batch's orders. */
const SLOW_MS = 4_000;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'POOL-1', '1.00', 500);
  // A timeout well beyond the slow batch: it is slow, not lost.
  await connect(server, double, { ...FAST_SETTINGS, request_timeout_seconds: 15 });
});

const synced = (): number => outboxEntries(server).filter((e) => e.kind === 'sale' && e.state === 'synced').length;

describe('a backlog pushed in batches kept in flight', () => {
  it('sends the sales behind a slow batch while it is still being made, each once', async () => {
    pausePushes(server);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The first three batches are ten each (no batch has shown yet how long a sale takes): 40 makes a fourth.
    for (let i = 0; i < 40; i++) await till.sell(product.local, 1);
    double.inject({ method: 'POST', route: /^orders\/batch$/, fault: { kind: 'slow_commit', delayMs: SLOW_MS } });
    const resumed = Date.now();
    resumePushes(server);
    await waitFor('30 sales synced', () => (synced() >= 30 ? true : undefined));
    // The two quick batches and the fourth, sent as soon as one of them ended, not after the slow one.
    expect(Date.now() - resumed).toBeLessThan(SLOW_MS - 1_000);
    expect(synced()).toBe(30);
    await waitFor('every sale synced', () => (synced() === 40 ? true : undefined));
    for (const entry of outboxEntries(server).filter((e) => e.kind === 'sale')) expect(liveOrdersOf(double, entry.uuid)).toHaveLength(1);
    expect(double.shop.product(product.woo).stock_quantity).toBe(460);
  });
});
