import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/config.js';
import { SECRETS_FILE_NAME } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { runCli, serve, type CliResult, type ServeProcess } from '../helpers/cli.js';
import { api, login, makeDataDir, startTestServer, type TestServer } from '../helpers/server.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { connectionOf, entryOf, liveOrdersOf, syncedEntry, Till, waitFor } from '../helpers/sync.js';

/**
 * Connecting the till to WooCommerce (issue 23, item 1), as people do it: `tillbase sync connect` and
 * `PUT /pos/v1/sync/connection` against the WooCommerce double, with a server run by `tillbase serve`
 * (file secret store, every log line kept) on the same data directory.
 */
let double: WooCommerceDouble;
let elsewhere: WooCommerceDouble;
let serveProcess: ServeProcess;
let server: TestServer;
let till: Till;
let manager: string;
const cliOutput: CliResult[] = [];

/** `tillbase sync ...` on the till's data directory, its output kept for the check that no secret was printed. */
async function sync(args: string[], input = ''): Promise<CliResult> {
  const result = await runCli(['sync', ...args, '--data-dir', server.dataDir], input);
  cliOutput.push(result);
  return result;
}

const connectArgs = (url: string, key: string): string[] => [
  'connect',
  '--url',
  url,
  '--consumer-key',
  key,
  '--consumer-secret-stdin',
  '--secret-store',
  'file',
];
const putConnection = (token: string, url: string, key: { consumerKey: string; consumerSecret: string }) =>
  api(server, 'PUT', '/sync/connection', { token, body: { url, consumer_key: key.consumerKey, consumer_secret: key.consumerSecret } });
const secretsFile = (): string => readFileSync(join(server.dataDir, SECRETS_FILE_NAME), 'utf8');

beforeAll(async () => {
  double = await startWooCommerceDouble();
  // A shop whose home URL is not the address it is reached at: WooCommerce checks signatures against its home URL (§1.2).
  elsewhere = await startWooCommerceDouble({ homeUrl: 'http://shop.example.test' });
  // Users made (and require_open_session turned off) by the tests' own start, then the real command line serves the directory.
  const dataDir = makeDataDir();
  const made = await startTestServer({ dataDir, secretStore: 'file' });
  await made.close();
  serveProcess = await serve(['--data-dir', dataDir, '--port', '0', '--secret-store', 'file', '--log-level', 'trace', '--no-demo']);
  const apiUrl = serveProcess.apiUrl;
  server = { origin: apiUrl.replace(/\/pos\/v1$/, ''), apiUrl, dataDir, users: made.users, close: () => Promise.resolve() };
  till = await Till.open(server);
  manager = (await login(server, 'shop_manager')).access_token;
}, 30_000);
afterAll(async () => {
  await serveProcess.stop();
  await double.close();
  await elsewhere.close();
});

describe('a key that cannot be used', () => {
  it('is refused with what is wrong, and nothing is kept or made in the shop', async () => {
    const readOnly = await putConnection(manager, double.url, double.readOnlyKey);
    expect([readOnly.status, readOnly.body.code]).toEqual([400, 'pos_sync_read_only_key']);
    expect(readOnly.body.message).toMatch(/read-only.*Read\/Write/);

    const wrongSecret = await putConnection(manager, double.url, { consumerKey: double.key.consumerKey, consumerSecret: 'cs_not_the_secret' });
    expect([wrongSecret.status, wrongSecret.body.code]).toEqual([400, 'pos_sync_wrong_key']);

    const wrongKey = await putConnection(manager, double.url, { consumerKey: 'ck_unknown', consumerSecret: double.key.consumerSecret });
    expect([wrongKey.status, wrongKey.body.code]).toEqual([400, 'pos_sync_wrong_key']);

    const wrongHome = await putConnection(manager, elsewhere.url, elsewhere.key);
    expect([wrongHome.status, wrongHome.body.code]).toEqual([400, 'pos_sync_wrong_home_url']);
    expect(wrongHome.body.message).toContain('Connect with the URL http://shop.example.test');

    const unreachable = await putConnection(manager, 'http://127.0.0.1:9', double.key);
    expect([unreachable.status, unreachable.body.code]).toEqual([502, 'pos_sync_unreachable']);

    const cashier = await putConnection((await login(server, 'cashier')).access_token, double.url, double.key);
    expect(cashier.status).toBe(403);

    const overCli = await sync(connectArgs(double.url, double.readOnlyKey.consumerKey), `${double.readOnlyKey.consumerSecret}\n`);
    expect(overCli.code).toBe(1);
    expect(overCli.stderr).toMatch(/^tillbase: The key is read-only/m);

    expect(connectionOf(server)).toBeUndefined();
    expect(existsSync(join(server.dataDir, SECRETS_FILE_NAME)) && secretsFile().includes(CONSUMER_SECRET_ACCOUNT)).toBe(false);
    // The write check is a create WooCommerce refuses: no order, not even a draft.
    expect(double.shop.orders.size + elsewhere.shop.orders.size).toBe(0);
  });
});

describe('tillbase sync connect, while the server runs', () => {
  it('checks the key, keeps the secret in the secret store, pulls the catalogue, and the server pushes the next sale without a restart', async () => {
    const mug = double.shop.createProduct({ name: 'Mug', sku: 'CONNECT-MUG', regular_price: '4.00', manage_stock: true, stock_quantity: 10 });
    const result = await sync(connectArgs(double.url, double.key.consumerKey), `${double.key.consumerSecret}\n`);
    expect(result.stderr).not.toMatch(/^tillbase: (?!secret store:)/m);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`connected to ${double.url} (OAuth 1.0a signatures), key ending ${double.key.consumerKey.slice(-7)}`);
    expect(result.stdout).toMatch(/^full pull in/m);
    expect(result.stdout).toMatch(/^ {2}products +1 created, 0 updated, 0 deleted$/m);
    expect(result.stderr).toMatch(/^pulling products: 1 of 1$/m);
    expect(JSON.parse(secretsFile())[CONSUMER_SECRET_ACCOUNT]).toBe(double.key.consumerSecret);
    expect(connectionOf(server)?.last_pull_gmt).not.toBeNull();

    // A till connected from empty uses WooCommerce's ids.
    const product = await api(server, 'GET', `/products/${mug.id}`, { token: manager });
    expect([product.status, product.body.regular_price]).toEqual([200, '4.00']);
    const sale = await till.sell(mug.id, 1);
    const entry = await syncedEntry(server, sale.orderId);
    expect(liveOrdersOf(double, entry.uuid)).toHaveLength(1);
  });

  it('refuses to disconnect while anything is unsent, and disconnects with --force after --export wrote the unsent entries', async () => {
    await double.goOffline();
    const sale = await till.sell((await api(server, 'GET', '/products?sku=CONNECT-MUG', { token: manager })).body[0].id, 1);
    const waiting = entryOf(server, sale.orderId);

    const refused = await sync(['disconnect', '--secret-store', 'file']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 entry has not reached WooCommerce/);
    const forceAlone = await sync(['disconnect', '--force', '--secret-store', 'file']);
    expect(forceAlone.code).toBe(2);
    expect(connectionOf(server)).toBeDefined();

    const file = join(server.dataDir, 'unsent.json');
    const done = await sync(['disconnect', '--export', file, '--force', '--secret-store', 'file']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`exported 1 unsent entry to ${file}`);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as Array<{ uuid: string; order_id: number; kind: string }>;
    expect(exported.map((e) => [e.kind, e.order_id, e.uuid])).toEqual([['sale', sale.orderId, waiting.uuid]]);
    expect(connectionOf(server)).toBeUndefined();
    expect(secretsFile()).not.toContain(CONSUMER_SECRET_ACCOUNT);
    await double.comeOnline();
  });
});

describe('PUT and DELETE /pos/v1/sync/connection', () => {
  it('connect with the key checked, answer without the secret, pull in the server, and disconnect by the same rule as the CLI', async () => {
    double.shop.createProduct({ name: 'Jug', sku: 'CONNECT-JUG', regular_price: '7.00' });
    const connected = await putConnection(manager, `${double.url}/`, double.key);
    expect(connected.status).toBe(200);
    expect(JSON.stringify(connected.body)).not.toContain(double.key.consumerSecret);
    expect(connected.body).toMatchObject({ url: double.url, auth: 'oauth1', state: 'active', warnings: [], first_pull: 'started' });
    await waitFor('the first pull in the server', async () =>
      (await api(server, 'GET', '/products?sku=CONNECT-JUG', { token: manager })).body.length === 1 ? true : undefined,
    );

    await double.goOffline();
    const sale = await till.sell((await api(server, 'GET', '/products?sku=CONNECT-JUG', { token: manager })).body[0].id, 1);
    const refused = await api(server, 'DELETE', '/sync/connection', { token: manager });
    expect([refused.status, refused.body.code, refused.body.data.unsent]).toEqual([409, 'pos_sync_unsent', 1]);
    const forced = await api(server, 'DELETE', '/sync/connection?force=true', { token: manager });
    expect(forced.status).toBe(200);
    expect(forced.body.unsent.map((e: { order_id: number }) => e.order_id)).toEqual([sale.orderId]);
    expect(connectionOf(server)).toBeUndefined();
    await double.comeOnline();
  });

  it('never put the secret in the database files, the server log or the command line output', () => {
    const secret = Buffer.from(double.key.consumerSecret);
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) {
      const path = join(server.dataDir, name);
      if (existsSync(path)) expect(readFileSync(path).includes(secret), name).toBe(false);
    }
    // The log was written at trace level, every request included.
    expect(serveProcess.stdout().length + serveProcess.stderr().length).toBeGreaterThan(0);
    expect(serveProcess.stdout() + serveProcess.stderr()).not.toContain(double.key.consumerSecret);
    for (const result of cliOutput) expect(result.stdout + result.stderr).not.toContain(double.key.consumerSecret);
  });
});
