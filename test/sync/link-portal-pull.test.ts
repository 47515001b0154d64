import { describe, expect, it } from 'vitest';
import { classifyAnswer, linkReading } from '../../server/sync/shop/outcome.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { connect, entryOf, FAST_SETTINGS, liveOrdersOf, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * Two defects of issue 32: a captive portal answering an order's create with its page (a redirect to
 * its login, a 4xx) was read as WooCommerce refusing the sale, which gave the sale up; and the pull
 * did not tell where the link stands, as the push does.
 */
const paging = { total: null, totalPages: null };

describe("an answer that is not WooCommerce's", () => {
  it("is of unknown outcome and makes the link degraded, whatever its status; WooCommerce's own refusal stays a refusal", () => {
    for (const status of [301, 302, 400, 403, 404, 407]) {
      const outcome = classifyAnswer(status, null, false, paging);
      expect(outcome).toMatchObject({ kind: 'unknown', cause: 'not_woocommerce', status });
      expect(linkReading(outcome)).toEqual({ link: 'degraded', reason: `HTTP ${status} that is not WooCommerce's answer` });
    }
    expect(classifyAnswer(403, { error: 'a proxy said no' }, true, paging)).toMatchObject({ kind: 'unknown', cause: 'not_woocommerce' });
    expect(classifyAnswer(400, { code: 'woocommerce_rest_invalid_coupon', message: 'no' }, true, paging)).toMatchObject({ kind: 'rejected' });
    expect(classifyAnswer(401, { code: 'woocommerce_rest_cannot_create', message: 'no' }, true, paging)).toMatchObject({ kind: 'unauthorized' });
  });
});

const statusOf = async (server: TestServer): Promise<any> =>
  (await api(server, 'GET', '/sync/status', { token: (await login(server, 'shop_manager')).access_token })).body;

describe('a captive portal answering the create of a sale', () => {
  let double: WooCommerceDouble;
  let server: TestServer;
  let till: Till;
  let product: { local: number; woo: number };
  useSyncServer({}, async (fixture) => {
    ({ double, server, till } = fixture);
    product = await till.product(double, 'PORTAL-1', '4.00', 30);
    await connect(server, double);
  });

  for (const status of [302, 403]) {
    it(`with ${status} and its page: the sale is kept, the link degraded, the order looked up and made once`, async () => {
      double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'portal', status } });
      // The lookups after it meet the portal too, long enough for the status to be read.
      for (let n = 0; n < 3; n++) double.inject({ method: 'GET', route: /^orders$/, fault: { kind: 'portal', status } });
      const before = double.requests.length;
      const sale = await till.sell(product.local, 1);
      const degraded = await waitFor('the link to be degraded', async () => {
        const answer = await statusOf(server);
        return answer.connection.link === 'degraded' ? answer : undefined;
      });
      expect(degraded.connection.degraded_reason).toBe(`HTTP ${status} that is not WooCommerce's answer`);
      expect(entryOf(server, sale.orderId).state).not.toBe('rejected');

      const entry = await syncedEntry(server, sale.orderId);
      expect(liveOrdersOf(double, entry.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
      const after = double.requests.slice(before).map((r) => `${r.method} ${r.route}`);
      // The create that met the portal, the lookups by uuid, and only then the create again.
      const posts = after.flatMap((r, at) => (r === 'POST orders' ? [at] : []));
      const lookup = after.indexOf('GET orders');
      expect(lookup).toBeGreaterThan(posts[0] ?? Infinity);
      expect(lookup).toBeLessThan(posts[1] ?? -1);
      expect((await statusOf(server)).connection).toMatchObject({ link: 'online', degraded_reason: null });
    });
  }
});

describe('the pull and the link', () => {
  let double: WooCommerceDouble;
  let server: TestServer;
  useSyncServer({}, (fixture) => {
    ({ double, server } = fixture);
  });

  it('makes the link degraded with the reason on a 5xx or a portal page, and online again after a good pull', async () => {
    const link = (want: string): Promise<any> =>
      waitFor(`the link to be ${want}`, async () => {
        const answer = await statusOf(server);
        return answer.connection?.link === want ? answer.connection : undefined;
      });
    // Nothing is pushed here: only the pull's answers can move the link.
    double.inject({ method: 'GET', route: /^taxes\/classes$/, fault: { kind: 'server_error', commit: false } });
    await connect(server, double, { ...FAST_SETTINGS, interval_seconds: 0.3 });
    expect((await link('degraded')).degraded_reason).toMatch(/^HTTP 500: /);
    await link('online');

    double.inject({ method: 'GET', route: /^products$/, fault: { kind: 'portal', status: 302 } });
    expect((await link('degraded')).degraded_reason).toBe("HTTP 302 that is not WooCommerce's answer");
    expect(await link('online')).toMatchObject({ degraded_reason: null, offline_since_gmt: null });
  });
});
