import { describe, expect, it } from 'vitest';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { runCli } from '../helpers/cli.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { connect, connectionOf, entryOf, FAST_SETTINGS, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import { pausePushes } from '../helpers/sync-pull.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * Sending paused because WooCommerce refused the key goes on with the saved key once the shop takes it
 * again (`POST /pos/v1/sync/resume`, `tillbase sync resume`): the key is checked as at connect, and
 * the connection's settings stay as they were, where connecting again would reset them.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'RESUME-1', '4.00', 50);
});

const resumeAs = async (role: 'shop_manager' | 'cashier') => api(server, 'POST', '/sync/resume', { token: (await login(server, role)).access_token });
/** The next sale pushed is answered 401, as after the key was revoked in the shop: the push pauses the connection. */
async function pausedByRefusedKey(): Promise<number> {
  double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'unauthorized' } });
  const sale = await till.sell(product.local, 1);
  await waitFor('the connection to be paused', () => (connectionOf(server)?.state === 'paused' ? true : undefined));
  expect(entryOf(server, sale.orderId).state).toBe('pending');
  return sale.orderId;
}

describe('resuming with the saved key', () => {
  it('is refused while the till is not connected, or while sending is not paused', async () => {
    const notConnected = await resumeAs('shop_manager');
    expect(notConnected.status).toBe(409);
    expect(notConnected.body).toMatchObject({ code: 'pos_sync_not_connected' });
    await connect(server, double);
    const notPaused = await resumeAs('shop_manager');
    expect(notPaused.status).toBe(409);
    expect(notPaused.body).toMatchObject({ code: 'pos_sync_not_paused', message: 'Sending to WooCommerce is not paused: there is nothing to resume.' });
  });

  it('checks the saved key again: still refused, it says why and stays paused; accepted, the sale goes up and the settings are kept', async () => {
    const orderId = await pausedByRefusedKey();
    expect((await resumeAs('cashier')).status).toBe(403);

    double.inject({ method: 'GET', route: /^products$/, fault: { kind: 'unauthorized' } });
    const refused = await resumeAs('shop_manager');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'pos_sync_wrong_key', message: expect.stringContaining('WooCommerce does not know this consumer key') });
    expect(connectionOf(server)?.state).toBe('paused');
    expect(entryOf(server, orderId).state).toBe('pending');

    const ordersBefore = double.shop.orders.size;
    const resumed = await resumeAs('shop_manager');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ url: double.url, state: 'active', paused_reason: null, settings: FAST_SETTINGS });
    expect(JSON.stringify(resumed.body)).not.toContain(double.key.consumerSecret);
    expect(connectionOf(server)?.settings).toMatchObject(FAST_SETTINGS);
    await syncedEntry(server, orderId);
    // The check's create was refused by WooCommerce: the one order made is the sale's.
    expect(double.shop.orders.size).toBe(ordersBefore + 1);
  });

  it('answers 409 when the secret store holds no secret for the key', async () => {
    pausePushes(server);
    await (await openFileSecretStore(server.dataDir)).delete(CONSUMER_SECRET_ACCOUNT);
    const missing = await resumeAs('shop_manager');
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ code: 'pos_sync_no_secret' });
    expect(connectionOf(server)?.state).toBe('paused');
    await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, double.key.consumerSecret);
  });

  it('from the command line: a key still refused exits 1 with the reason; accepted, sending goes on', async () => {
    const args = ['sync', 'resume', '--data-dir', server.dataDir, '--secret-store', 'file'];
    double.inject({ method: 'GET', route: /^products$/, fault: { kind: 'unauthorized' } });
    const refused = await runCli(args);
    expect(refused.code).toBe(1);
    // The file store's own warning comes first on standard error.
    expect(refused.stderr).toMatch(/^tillbase: WooCommerce does not know this consumer key.*\n$/m);
    expect(connectionOf(server)?.state).toBe('paused');

    const resumed = await runCli(args);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).not.toContain('WooCommerce');
    expect(resumed.stdout).toBe(`WooCommerce at ${double.url} accepts the saved key (ending ${double.key.consumerKey.slice(-7)}): sending goes on\n`);
    expect(connectionOf(server)?.state).toBe('active');
    expect(connectionOf(server)?.settings).toMatchObject(FAST_SETTINGS);
  });
});
