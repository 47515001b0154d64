import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { closeTills, restartTill, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { connect, syncedEntry, waitFor } from '../helpers/sync.js';
import { runCli } from '../helpers/cli.js';
import { sellCoffeeAt, shopNumbers, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { invite, peersCli } from '../helpers/tills.js';
import { pausePushes, resumePushes } from '../helpers/sync-pull.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';

/*
 * The shop's stock on every till (docs/several-tills.md, "Stock across tills"): three tills paired
 * through the tests' network with real TLS, each selling the same coffee (matched by SKU, or by
 * WooCommerce id once linked to the double). A sale at one takes the unit off the others' stock as
 * it arrives, and a pull keeps every till's sale that WooCommerce does not hold yet on top of its
 * figure, and only those.
 */

interface LedgerRow {
  change: number;
  reason: string;
  reference: string;
}

const stockAt = async (till: TestTill): Promise<number> =>
  (await api<{ stock_quantity: number }>(till.server, 'GET', `/products/${till.catalogue.coffee}`, { token: till.cashier })).body.stock_quantity;

/** The coffee's stock as the product list shows it. */
async function listedStockAt(till: TestTill): Promise<number | undefined> {
  const listed = await api<Array<{ id: number; stock_quantity: number }>>(till.server, 'GET', '/products?sku=COF-1', { token: till.cashier });
  expect(listed.status).toBe(200);
  return listed.body.find((product) => product.id === till.catalogue.coffee)?.stock_quantity;
}

const stockBecomes = (till: TestTill, wanted: number): Promise<number> =>
  waitFor(`the coffee's stock at ${till.name} to be ${wanted}`, async () => ((await stockAt(till)) === wanted ? wanted : undefined));

/** A sale of `quantity` coffees at a till, paid in cash: its order id. */
async function sellCoffees(till: TestTill, quantity: number): Promise<number> {
  const made = await api<{ id: number; total: string }>(till.server, 'POST', '/orders', {
    token: till.cashier,
    body: { line_items: [{ product_id: till.catalogue.coffee, quantity }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const paid = await api(till.server, 'POST', `/orders/${made.body.id}/checkout`, {
    token: till.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: made.body.total } },
    headers: { 'Idempotency-Key': `coffee-${till.id}-${made.body.id}` },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return made.body.id;
}

async function setCoffeeStock(till: TestTill, quantity: number): Promise<void> {
  const token = (await login(till.server, 'shop_manager')).access_token;
  const counted = await api(till.server, 'POST', `/products/${till.catalogue.coffee}/stock`, { token, body: { set: quantity, reason: 'counted' } });
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
}

describe('stock on every till, with no WooCommerce', () => {
  let tills: TestTill[] = [];
  let a: TestTill;
  let b: TestTill;
  let c: TestTill;

  beforeAll(async () => {
    ({ tills } = await startTills(['Till A', 'Till B', 'Till C']));
    [a, b, c] = tills as [TestTill, TestTill, TestTill];
    for (const till of tills) await setCoffeeStock(till, 5);
  }, 60_000);

  afterAll(async () => {
    await closeTills(tills);
  });

  it('takes the sales at A and B off the stock at C, in the product, the list and the ledger', async () => {
    const soldAtA = await sellCoffees(a, 2);
    await sellCoffees(b, 1);
    await stockBecomes(c, 2);
    expect(await listedStockAt(c)).toBe(2);
    // Each till counts its own sale and the other's: all three end at 2.
    await stockBecomes(a, 2);
    await stockBecomes(b, 2);
    const numberAtA = (await api<{ number: string }>(a.server, 'GET', `/orders/${soldAtA}`, { token: a.cashier })).body.number;
    const manager = (await login(c.server, 'shop_manager')).access_token;
    const ledger = await api<LedgerRow[]>(c.server, 'GET', `/products/${c.catalogue.coffee}/stock`, { token: manager });
    expect(ledger.body.filter((row) => row.reason === 'peer_sale').map((row) => [row.change, row.reference])).toEqual(
      expect.arrayContaining([
        [-2, `Till A ${numberAtA}`],
        [-1, expect.stringMatching(/^Till B B-\d+$/)],
      ]),
    );
  }, 60_000);

  it('refuses a sale at C of more than the shop has left, as the checkout refuses any shortfall', async () => {
    const manager = (await login(c.server, 'shop_manager')).access_token;
    expect((await api(c.server, 'POST', '/settings/checkout', { token: manager, body: { prevent_overselling: true } })).status).toBe(200);
    const made = await api<{ id: number; total: string }>(c.server, 'POST', '/orders', {
      token: c.cashier,
      body: { line_items: [{ product_id: c.catalogue.coffee, quantity: 3 }] },
    });
    expect(made.status).toBe(201);
    const paid = await api<{ code: string; data: { stock_quantity: number } }>(c.server, 'POST', `/orders/${made.body.id}/checkout`, {
      token: c.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: made.body.total } },
      headers: { 'Idempotency-Key': `short-${made.body.id}` },
    });
    expect(paid.status).toBe(400);
    expect(paid.body).toMatchObject({ code: 'pos_rest_insufficient_stock', data: { stock_quantity: 2 } });
    expect(await stockAt(c)).toBe(2);
  }, 60_000);

  it('leaves out a line of a product C does not have, and counts it', async () => {
    const manager = (await login(a.server, 'shop_manager')).access_token;
    const onlyAtA = await api<{ id: number }>(a.server, 'POST', '/products', {
      token: manager,
      body: { name: 'Only at A', sku: 'ONLY-A', regular_price: '1.00', manage_stock: true, stock_quantity: 4 },
    });
    expect(onlyAtA.status).toBe(201);
    const made = await api<{ id: number; total: string }>(a.server, 'POST', '/orders', {
      token: a.cashier,
      body: { line_items: [{ product_id: onlyAtA.body.id }, { product_id: a.catalogue.coffee }] },
    });
    await api(a.server, 'POST', `/orders/${made.body.id}/checkout`, {
      token: a.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: made.body.total } },
      headers: { 'Idempotency-Key': `only-a-${made.body.id}` },
    });
    // The coffee on the same sale is taken off at C; the other line is counted against A.
    await stockBecomes(c, 1);
    expect(withDb(c.server, (db) => db.prepare('SELECT stock_unmatched FROM shop_tills WHERE id = ?').pluck().get(a.id))).toBe(1);
  }, 60_000);

  it('gives a return restocked at A back at C', async () => {
    const returned = await api(a.server, 'POST', '/returns', {
      token: a.cashier,
      body: { line_items: [{ product_id: a.catalogue.coffee, quantity: 1 }], refund_destination: 'pos_cash', restock: true },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    await stockBecomes(c, 2);
    await stockBecomes(b, 2);
    expect(await stockAt(a)).toBe(2);
  }, 60_000);
});

/**
 * A full catalogue pull at a till, as `tillbase sync pull --full` runs it beside the server. In a
 * process of its own: the tills' servers share the tests' thread, and a pull there waiting for the
 * write lock would wait on a server that cannot commit until the pull gives the thread back.
 */
async function pullAt(till: TestTill): Promise<void> {
  const pulled = await runCli(['sync', 'pull', '--full', '--data-dir', till.dataDir, '--secret-store', 'file']);
  expect(pulled.code, pulled.stderr).toBe(0);
}

describe('stock on every till, with WooCommerce', () => {
  let tills: TestTill[] = [];
  let double: WooCommerceDouble;
  let wooCoffee: number;
  let a: TestTill;
  let b: TestTill;
  let c: TestTill;

  /** Waits until C has heard from a till that WooCommerce holds every move of that till's sales. */
  const heardHeldAtC = (from: TestTill): Promise<true> =>
    waitFor(`${from.name}'s word that WooCommerce holds its sales, at C`, () =>
      withDb(c.server, (db) => {
        const count = (sql: string) => (db.prepare(sql).get(from.id) as { n: number }).n;
        const moves = count('SELECT COUNT(*) AS n FROM shop_stock_moves WHERE till_id = ?');
        return moves > 0 && count('SELECT COUNT(*) AS n FROM shop_stock_moves WHERE till_id = ? AND held_stamp IS NULL') === 0 ? true : undefined;
      }),
    );

  beforeAll(async () => {
    double = await startWooCommerceDouble();
    wooCoffee = double.catalogue.createProduct({ name: 'Coffee', sku: 'COF-1', regular_price: '10.00', manage_stock: true, stock_quantity: 5 }).id;
    ({ tills } = await startTills(['Till A', 'Till B', 'Till C'], { secretStore: 'file' }));
    [a, b, c] = tills as [TestTill, TestTill, TestTill];
    for (const till of tills) {
      await connect(till.server, double);
      await pullAt(till);
      expect(await stockAt(till)).toBe(5);
    }
    // Linked to WooCommerce, the tills match their products by its id, not by SKU: C's coffee is given
    // another SKU here (WooCommerce's comes back at C's next pull), and the others' sales still find it.
    withDb(c.server, (db) => db.prepare("UPDATE products SET sku = 'COF-1-AT-C' WHERE id = ?").run(c.catalogue.coffee));
  }, 90_000);

  afterAll(async () => {
    await closeTills(tills);
    await double.close();
  });

  it("keeps at C's pull the sales WooCommerce does not hold yet, and does not take again those it does", async () => {
    pausePushes(b.server);
    const soldAtA = await sellCoffees(a, 2);
    await sellCoffees(b, 1);
    await stockBecomes(c, 2);
    await syncedEntry(a.server, soldAtA);
    expect(double.shop.product(wooCoffee).stock_quantity).toBe(3);
    await heardHeldAtC(a);

    // WooCommerce says 3 (A's 2 taken there); B's 1 is not there yet: C keeps it off.
    await pullAt(c);
    expect(await stockAt(c)).toBe(2);
    await pullAt(a);
    expect(await stockAt(a)).toBe(2);

    // B's sale goes up: WooCommerce says 2, and C's next pull takes nothing off it.
    resumePushes(b.server);
    await waitFor("B's sale in WooCommerce", () => (double.shop.product(wooCoffee).stock_quantity === 2 ? true : undefined));
    await heardHeldAtC(b);
    await pullAt(c);
    expect(await stockAt(c)).toBe(2);
  }, 90_000);

  it("is briefly low when A's word comes after C's pull read WooCommerce, and right at the next pull, WooCommerce's figure unchanged", async () => {
    pausePushes(a.server);
    const soldAtA = await sellCoffees(a, 1);
    await stockBecomes(c, 1);
    // C is off while A's sale goes up: C's pull (over its data directory, the server down) has not heard that WooCommerce holds it.
    await stopTill(c);
    resumePushes(a.server);
    await syncedEntry(a.server, soldAtA);
    expect(double.shop.product(wooCoffee).stock_quantity).toBe(1);
    await pullAt(c);
    expect(withDb(c.server, (db) => db.prepare('SELECT stock_quantity FROM products WHERE id = ?').pluck().get(c.catalogue.coffee))).toBe(0);

    await restartTill(c);
    await heardHeldAtC(a);
    await pullAt(c);
    expect(await stockAt(c)).toBe(1);
  }, 90_000);
});

describe('two tills paired with tillbase peers: what each sold before they were one shop', () => {
  let a: PairedTill;
  let b: PairedTill;
  const coffeeAt = async (till: PairedTill): Promise<number> =>
    (await api<{ stock_quantity: number }>(till.server, 'GET', `/products/${till.catalogue.coffee}`, { token: till.cashier })).body.stock_quantity;

  beforeAll(async () => {
    a = await startPairedTill();
    b = await startPairedTill();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close()]);
  });

  it("moves neither till's stock once they pair, and what either sells after moves both", async () => {
    await sellCoffeeAt(a);
    await sellCoffeeAt(b);
    // Their sales and the join a second apart: the entries' times and the join's are whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const invitation = await invite(a.server);
    const joined = await peersCli(b.server, ['join', invitation.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
    await until('each holding both sales', async () => ((await shopNumbers(a)).length === 2 && (await shopNumbers(b)).length === 2 ? true : undefined));
    expect([await coffeeAt(a), await coffeeAt(b)]).toEqual([49, 49]);

    await sellCoffeeAt(a);
    await until("A's sale after the join at B", async () => ((await coffeeAt(b)) === 48 ? true : undefined));
    expect(await coffeeAt(a)).toBe(48);
  }, 60_000);
});
