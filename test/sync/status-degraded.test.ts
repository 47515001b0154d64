import { describe, expect, it } from 'vitest';
import { syncStatusCommand } from '../../server/cli/sync-report.js';
import { classifyAnswer, linkReading } from '../../server/sync/shop/outcome.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { connect, outboxEntries, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { captureIo } from './cli-io.js';

/**
 * An honest status (issue 32, item 2): answers of 5xx, timeouts and answers that are not
 * WooCommerce's JSON make the link "degraded", with the reason and since when; "online" comes back
 * only after a good answer. Only a refused connection is "offline".
 */
const paging = { total: null, totalPages: null };

describe('what one answer says of the link', () => {
  it('is online only when WooCommerce itself answered', () => {
    expect(linkReading(classifyAnswer(200, { id: 1 }, true, paging))).toEqual({ link: 'online' });
    expect(linkReading(classifyAnswer(400, { code: 'rest_invalid_param', message: 'no' }, true, paging))).toEqual({ link: 'online' });
    expect(linkReading(classifyAnswer(401, { code: 'woocommerce_rest_authentication_error', message: 'no' }, true, paging))).toEqual({ link: 'online' });
  });

  it('is degraded on a 5xx, a portal page, a proxy error page, a timeout; offline when nothing was reached', () => {
    expect(linkReading(classifyAnswer(503, null, false, paging))).toEqual({ link: 'degraded', reason: 'HTTP 503: HTTP 503 without a WooCommerce error body' });
    expect(linkReading(classifyAnswer(200, null, false, paging))).toMatchObject({ link: 'degraded', reason: expect.stringContaining('not JSON') });
    expect(linkReading(classifyAnswer(407, null, false, paging))).toEqual({ link: 'degraded', reason: "HTTP 407 that is not WooCommerce's answer" });
    expect(linkReading({ kind: 'unknown', cause: 'timeout', message: 'POST orders: no whole answer within 500 ms' })).toMatchObject({ link: 'degraded' });
    expect(linkReading({ kind: 'not_sent', cause: 'ECONNREFUSED', message: 'refused' })).toEqual({ link: 'offline' });
  });
});

let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let manager: string;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'STORM-1', '2.50', 100);
  manager = (await login(server, 'shop_manager')).access_token;
  await connect(server, double);
});

const status = async (): Promise<any> => (await api(server, 'GET', '/sync/status', { token: manager })).body;

describe('the status through an outage of 5xx answers', () => {
  it('says degraded with the reason and since when, in the API and in words, and online again only after a good answer', async () => {
    const first = await till.sell(product.local, 1);
    await syncedEntry(server, first.orderId);
    expect((await status()).connection).toMatchObject({ online: true, link: 'online', degraded_reason: null });

    // The create and the lookups after it meet a shop that fails with 500s, then one whose answers never come in time.
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'server_error', commit: false } });
    for (let n = 0; n < 3; n++) double.inject({ method: 'GET', route: /^orders$/, fault: { kind: 'server_error', commit: false } });
    double.inject({ method: 'GET', route: /^orders$/, fault: { kind: 'slow_reply', delayMs: 1500 } });
    const sale = await till.sell(product.local, 2);
    const degraded = await waitFor('the link to be degraded', async () => {
      const answer = await status();
      return answer.connection.link === 'degraded' ? answer : undefined;
    });
    expect(degraded.connection).toMatchObject({ online: false, degraded_reason: expect.stringContaining('HTTP 500') });
    expect(degraded.connection.offline_since_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(degraded.oldest_waiting_sale).toMatchObject({ order_id: sale.orderId, age_seconds: expect.any(Number) });

    const { io, stdout } = captureIo();
    expect(await syncStatusCommand(['--data-dir', server.dataDir, '--secret-store', 'file'], io)).toBe(0);
    expect(stdout()).toMatch(/^degraded since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC: the shop's address answers, but not as WooCommerce \(HTTP 500/m);
    expect(stdout()).toMatch(/oldest waiting sale: order \d+, made .* \(\d+ s ago\)/);

    const timedOut = await waitFor('a timeout to be the reason', async () => {
      const answer = await status();
      return answer.connection.degraded_reason?.includes('no whole answer') ? answer : undefined;
    });
    expect(timedOut.connection).toMatchObject({ online: false, link: 'degraded', offline_since_gmt: degraded.connection.offline_since_gmt });

    await syncedEntry(server, sale.orderId);
    expect((await status()).connection).toMatchObject({ online: true, link: 'online', degraded_reason: null, offline_since_gmt: null });
    expect(outboxEntries(server).filter((e) => e.order_id === sale.orderId && e.state === 'synced')).toHaveLength(1);
  });
});
