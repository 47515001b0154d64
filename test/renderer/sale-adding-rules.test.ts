/**
 * Ringing up at the till (renderer/sale.ts) in this process, against a real server: what a tile, a
 * scan, a code keyed by hand, a variation or a weight puts in the cart, and what the stock allows.
 * The Chromium tests tap and scan; this one checks what the sale decides.
 */
import { describe, expect, it } from 'vitest';
import * as productsApi from '../../renderer/api/products.js';
import { Sale } from '../../renderer/sale.js';
import { weighingOf } from '../../renderer/weighing.js';
import { api } from '../helpers/server.js';
import { label, stockSaleShelf, type SaleShelf } from '../helpers/sale-shelf.js';
import { setStore, UK_STORE } from '../helpers/shop-data.js';
import { tillInProcess, type InProcessTill } from '../helpers/till-in-process.js';
import { useServer } from '../helpers/use-server.js';

const shelf = {} as SaleShelf;
const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' }, ({ server }) => {
  Object.assign(shelf, stockSaleShelf(server));
});

/** A till selling, with the shop's overselling rule as the Sell screen reads it. */
async function selling(preventOverselling = false): Promise<{ pos: InProcessTill; sale: Sale }> {
  setStore(server, { ...UK_STORE, prevent_overselling: preventOverselling });
  const pos = await tillInProcess(server);
  expect(pos.till.state.get().rules.preventOverselling).toBe(preventOverselling);
  return { pos, sale: new Sale(pos.till) };
}

const tileOf = (pos: InProcessTill, id: number) => productsApi.tile(pos.till.client, id);
const lines = (pos: InProcessTill) => pos.till.state.get().order?.line_items.map((line) => [line.product_id, line.variation_id, line.quantity]) ?? [];
const lastBody = (pos: InProcessTill, request: string) => pos.bodies[pos.requests.lastIndexOf(request)];

describe('a tile tapped', () => {
  it('starts the cart with one, then adds one to its line; the display names the new item while the server works', async () => {
    const { pos, sale } = await selling();
    const coffee = await tileOf(pos, catalogue.coffee);
    const addingSeen: Array<string | null> = [];
    pos.till.state.subscribe(() => addingSeen.push(pos.till.state.get().adding));
    pos.till.state.set({ status: { kind: 'info', message: 'earlier' } });
    const adding = sale.addProduct(coffee);
    expect(pos.till.state.get()).toMatchObject({ busy: true, status: null, adding: 'Coffee' });
    await adding;
    expect(pos.till.state.get()).toMatchObject({ busy: false, adding: null });
    expect(lastBody(pos, 'POST /orders')).toEqual({ line_items: [{ product_id: catalogue.coffee, variation_id: 0, quantity: 1 }] });
    const order = pos.till.state.get().order!;
    expect(lines(pos)).toEqual([[catalogue.coffee, 0, 1]]);

    addingSeen.length = 0;
    await sale.addProduct(coffee);
    expect(addingSeen.every((name) => name === null)).toBe(true);
    expect(lastBody(pos, `PATCH /orders/${order.id}`)).toEqual({ line_items: [{ id: order.line_items[0]!.id, quantity: 2 }] });
    expect(lines(pos)).toEqual([[catalogue.coffee, 0, 2]]);

    await sale.addProduct(await tileOf(pos, catalogue.tea));
    expect(lastBody(pos, `PATCH /orders/${order.id}`)).toEqual({ line_items: [{ product_id: catalogue.tea, variation_id: 0, quantity: 1 }] });
    expect(lines(pos)).toEqual([
      [catalogue.coffee, 0, 2],
      [catalogue.tea, 0, 1],
    ]);
  });

  it('refuses an item taken off sale in its own words, asking the server nothing', async () => {
    const { pos, sale } = await selling();
    const draft = await tileOf(pos, shelf.draft);
    const before = pos.requests.length;
    await sale.addProduct(draft);
    expect(pos.requests.length).toBe(before);
    expect(pos.till.state.get().status).toEqual({
      kind: 'error',
      message: 'Draft cake: Not for sale: withdrawn in WooCommerce: draft.',
      explanation: 'The shop has taken it off sale in WooCommerce.',
    });
    expect(pos.till.state.get().order).toBeNull();
  });

  it('opens the variation picker for a variable product, or says why it cannot', async () => {
    const { pos, sale } = await selling();
    const honey = await tileOf(pos, shelf.honey);
    await sale.addProduct(honey);
    const picker = pos.till.state.get().variationPicker;
    expect(picker?.product).toBe(honey);
    expect(picker?.variations.map((variation) => variation.id)).toEqual([shelf.honeyJar]);
    expect(pos.till.state.get().order).toBeNull();

    pos.till.state.set({ variationPicker: null });
    pos.cut(/variations/);
    await sale.addProduct(honey);
    expect(pos.till.state.get().variationPicker).toBeNull();
    expect(pos.till.state.get().status).toMatchObject({ kind: 'error', message: 'The Tillbase server could not be reached.' });
  });

  it('asks the weight of what is sold by weight, and adds the weight typed as a line of its own', async () => {
    const { pos, sale } = await selling();
    const apples = await tileOf(pos, shelf.apples);
    await sale.addProduct(apples);
    const weighing = pos.till.state.get().weighing;
    expect(weighing).toEqual(weighingOf(apples));
    expect(pos.till.state.get().order).toBeNull();

    expect(await sale.addWeighed(weighing!, 1.5)).toBe(true);
    expect(pos.till.state.get().weighing).toBeNull();
    expect(lastBody(pos, 'POST /orders')).toEqual({ line_items: [{ product_id: shelf.apples, variation_id: 0, quantity: 1.5 }] });
    const order = pos.till.state.get().order!;
    expect(await sale.addWeighed(weighing!, 0.25)).toBe(true);
    expect(lastBody(pos, `PATCH /orders/${order.id}`)).toEqual({ line_items: [{ product_id: shelf.apples, variation_id: 0, quantity: 0.25 }] });
    expect(lines(pos)).toEqual([
      [shelf.apples, 0, 1.5],
      [shelf.apples, 0, 0.25],
    ]);
  });

  it('a weight beyond the stock: refused where overselling is prevented (the scale stays open), warned where not', async () => {
    const { pos, sale } = await selling(true);
    const apples = await tileOf(pos, shelf.apples);
    await sale.addProduct(apples);
    const weighing = pos.till.state.get().weighing!;
    expect(await sale.addWeighed(weighing, 20)).toBe(true);
    pos.till.state.set({ weighing });
    expect(await sale.addWeighed(weighing, 5.5)).toBe(false);
    expect(pos.till.state.get().weighing).toEqual(weighing);
    expect(pos.till.state.get().status).toEqual({
      kind: 'error',
      message: 'Only 25 Apples in stock: the sale cannot have 25.5.',
      explanation: 'This shop sells only what it has in stock. If more is on the shelf, a manager can correct the stock level.',
    });
    const warned = await selling(false);
    await warned.sale.addProduct(apples);
    expect(await warned.sale.addWeighed(weighing, 26)).toBe(true);
    expect(warned.pos.till.state.get().status).toEqual({
      kind: 'info',
      message: 'Only 25 Apples in stock; this sale now has 26. Check the stock level after the sale.',
    });
  });
});

describe('the stock of a counted item', () => {
  it('refuses one more than the stock where overselling is prevented, and the cart stays as it was', async () => {
    const { pos, sale } = await selling(true);
    const jam = await tileOf(pos, shelf.jam);
    await sale.addProduct(jam);
    await sale.addProduct(jam);
    const order = pos.till.state.get().order;
    const sent = pos.requests.length;
    await sale.addProduct(jam);
    expect(pos.requests.length).toBe(sent);
    expect(pos.till.state.get().order).toBe(order);
    expect(pos.till.state.get().status).toEqual({
      kind: 'error',
      message: 'Only 2 Jam in stock: the sale cannot have 3.',
      explanation: 'This shop sells only what it has in stock. If more is on the shelf, a manager can correct the stock level.',
    });
    // A quantity typed on the line is held to the same stock; fewer always goes.
    const line = order!.line_items[0]!;
    expect(await sale.setQuantity(line, 3)).toBe(false);
    expect(await sale.setQuantity(line, 1)).toBe(true);
    expect(lines(pos)).toEqual([[shelf.jam, 0, 1]]);
    expect(await sale.setQuantity(sale.currentLine(line.id)!, 2)).toBe(true);
    expect(lines(pos)).toEqual([[shelf.jam, 0, 2]]);
  });

  it('takes items off a sale already beyond the stock, even where overselling is now prevented', async () => {
    const { pos, sale } = await selling(false);
    const jam = await tileOf(pos, shelf.jam);
    for (let added = 0; added < 4; added += 1) await sale.addProduct(jam);
    setStore(server, { ...UK_STORE, prevent_overselling: true });
    await pos.till.loadSellScreen();
    expect(pos.till.state.get().rules.preventOverselling).toBe(true);
    const line = pos.till.state.get().order!.line_items[0]!;
    expect(await sale.setQuantity(line, 3)).toBe(true);
    expect(lines(pos)).toEqual([[shelf.jam, 0, 3]]);
    expect(await sale.setQuantity(sale.currentLine(line.id)!, 3)).toBe(true);
  });

  it('sells beyond the stock with a warning where it is not prevented', async () => {
    const { pos, sale } = await selling(false);
    const jam = await tileOf(pos, shelf.jam);
    await sale.addProduct(jam);
    await sale.addProduct(jam);
    expect(pos.till.state.get().status).toBeNull();
    await sale.addProduct(jam);
    expect(lines(pos)).toEqual([[shelf.jam, 0, 3]]);
    expect(pos.till.state.get().status).toEqual({ kind: 'info', message: 'Only 2 Jam in stock; this sale now has 3. Check the stock level after the sale.' });
  });

  it('counts every line of the item, leaving out the line being changed', async () => {
    const { pos, sale } = await selling(true);
    const apples = await tileOf(pos, shelf.apples);
    await sale.addProduct(apples);
    const weighing = pos.till.state.get().weighing!;
    await sale.addWeighed(weighing, 10);
    await sale.addWeighed(weighing, 10);
    const [first] = pos.till.state.get().order!.line_items;
    // 10 on the other line + 15 = 25: exactly the stock.
    expect(await sale.setQuantity(first!, 15)).toBe(true);
    expect(await sale.setQuantity(sale.currentLine(first!.id)!, 15.5)).toBe(false);
    expect(sale.currentLine(first!.id)?.quantity).toBe(15);
    expect(sale.currentLine(999_999)).toBeNull();
  });

  it('a change that fails says why and leaves nothing on its way', async () => {
    const { pos, sale } = await selling();
    const coffee = await tileOf(pos, catalogue.coffee);
    pos.cut(/^POST \/orders/);
    await sale.addProduct(coffee);
    expect(pos.till.state.get()).toMatchObject({ order: null, adding: null, busy: false, status: { kind: 'error' } });
  });
});

describe('a variation chosen', () => {
  it('closes the picker and adds the variation under its full name, held to its own stock', async () => {
    const { pos, sale } = await selling(true);
    const honey = await tileOf(pos, shelf.honey);
    const [jar] = await productsApi.variations(pos.till.client, shelf.honey);
    pos.till.state.set({ variationPicker: { product: honey, variations: [jar!] } });
    const adding = sale.addVariation(honey, jar!);
    expect(pos.till.state.get()).toMatchObject({ variationPicker: null, adding: 'Honey 500 g' });
    await adding;
    expect(lastBody(pos, 'POST /orders')).toEqual({ line_items: [{ product_id: shelf.honey, variation_id: shelf.honeyJar, quantity: 1 }] });
    await sale.addVariation(honey, jar!);
    await sale.addVariation(honey, jar!);
    expect(lines(pos)).toEqual([[shelf.honey, shelf.honeyJar, 3]]);
    await sale.addVariation(honey, jar!);
    expect(pos.till.state.get().status?.message).toBe('Only 3 Honey 500 g in stock: the sale cannot have 4.');
  });

  it('refuses a variation off sale under its product name, and asks the weight of one sold by weight', async () => {
    const { pos, sale } = await selling();
    const olives = await tileOf(pos, shelf.olives);
    const [green] = await productsApi.variations(pos.till.client, shelf.olives);
    await sale.addVariation(olives, green!);
    expect(pos.till.state.get().status).toEqual({
      kind: 'error',
      message: 'Olives: Not for sale: withdrawn in WooCommerce: draft.',
      explanation: 'The shop has taken it off sale in WooCommerce.',
    });
    const nuts = await tileOf(pos, shelf.nuts);
    const [loose] = await productsApi.variations(pos.till.client, shelf.nuts);
    await sale.addVariation(nuts, loose!);
    expect(pos.till.state.get().weighing).toEqual(weighingOf(nuts, loose));
    expect(pos.till.state.get().order).toBeNull();
  });
});

describe('a scan', () => {
  it('adds the product whose barcode it is, and the variation whose own barcode it is', async () => {
    const { pos, sale } = await selling();
    await sale.scan('5012345678900');
    expect(lines(pos)).toEqual([[shelf.honey, shelf.honeyJar, 1]]);
    await sale.scan(label('20', 12345, 0));
    expect(pos.till.state.get().weighing?.productId).toBe(shelf.apples);
  });

  it('a scale label: a line that names the code, held to the stock by the weight it carries', async () => {
    const { pos, sale } = await selling(true);
    const code = label('20', 12345, 1234);
    await sale.scan(code);
    expect(lastBody(pos, 'POST /orders')).toEqual({ line_items: [{ barcode: code }] });
    expect(lines(pos)).toEqual([[shelf.apples, 0, 1.234]]);
    const order = pos.till.state.get().order!;
    await sale.scan(label('20', 12345, 23766));
    expect(lines(pos)).toEqual([
      [shelf.apples, 0, 1.234],
      [shelf.apples, 0, 23.766],
    ]);
    await sale.scan(label('20', 12345, 1));
    expect(pos.till.state.get().status?.message).toBe('Only 25 Apples in stock: the sale cannot have 25.001.');
    expect(pos.requests.filter((request) => request === `PATCH /orders/${order.id}`)).toHaveLength(1);
  });

  it("a variation's scale label, and a price label counted as one", async () => {
    const { pos, sale } = await selling();
    const code = label('20', 54321, 500);
    await sale.scan(code);
    expect(lastBody(pos, 'POST /orders')).toEqual({ line_items: [{ barcode: code }] });
    expect(lines(pos)).toEqual([[shelf.nuts, shelf.nutsLoose, 0.5]]);
    expect(pos.till.state.get().order?.line_items[0]?.name).toBe('Nuts - Loose');
  });

  it('a price label, once the shop’s labels carry prices, is one of the item whatever price it carries', async () => {
    const layout = (measure: 'price' | 'weight') =>
      api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { variable_measure_barcodes: { measure } } });
    expect((await layout('price')).status).toBe(200);
    try {
      const { pos, sale } = await selling(true);
      await sale.scan(label('23', 22222, 350));
      expect(lines(pos)).toEqual([[shelf.cheese, 0, 1]]);
      expect(pos.till.state.get().order?.total).toBe('4.20');
      await sale.scan(label('23', 22222, 1));
      expect(pos.till.state.get().status?.message).toBe('Only 1 Cheese in stock: the sale cannot have 2.');
      expect(lines(pos)).toEqual([[shelf.cheese, 0, 1]]);
    } finally {
      expect((await layout('weight')).status).toBe(200);
    }
  });

  it('says plainly that no product has the code, and why a scan could not be looked up', async () => {
    const { pos, sale } = await selling();
    await sale.scan('0000000000000');
    expect(pos.till.state.get().status).toEqual({
      kind: 'error',
      message: 'No product has the barcode 0000000000000.',
      explanation: 'Scan it again, or find the product by name.',
    });
    pos.cut(/^GET \/products/);
    await sale.scan('5012345678900');
    expect(pos.till.state.get().status?.message).toBe('The Tillbase server could not be reached.');
  });
});

describe('the search box’s Enter', () => {
  it('adds a code that is a barcode or a SKU, clearing the search; anything else is searched', async () => {
    const { pos, sale } = await selling();
    pos.till.state.set({ search: 'old' });
    expect(await sale.searchOrAdd(` ${label('20', 12345, 1234)} `)).toBe('added');
    expect(pos.till.state.get().search).toBe('');
    expect(lines(pos)).toEqual([[shelf.apples, 0, 1.234]]);

    pos.till.state.set({ search: 'old' });
    expect(await sale.searchOrAdd('COF-1')).toBe('added');
    expect(pos.till.state.get().search).toBe('');
    expect(lines(pos)).toEqual([
      [shelf.apples, 0, 1.234],
      [catalogue.coffee, 0, 1],
    ]);

    const asked = pos.requests.length;
    expect(await sale.searchOrAdd('Coffee')).toBe('searched');
    expect(pos.till.state.get().search).toBe('Coffee');
    // A name is searched at once: no barcode or SKU look-up first.
    expect(pos.requests.slice(asked).filter((request) => /barcode=|sku=/.test(request))).toEqual([]);
    expect(await sale.searchOrAdd('tea 1')).toBe('searched');
    expect(await sale.searchOrAdd('1 tea')).toBe('searched');
    expect(await sale.searchOrAdd('1\ttea')).toBe('searched');
    expect(pos.requests.slice(asked).filter((request) => /barcode=|sku=/.test(request))).toEqual([]);
    expect(await sale.searchOrAdd('NOPE-404')).toBe('searched');
    expect(pos.till.state.get().search).toBe('NOPE-404');
  });

  it('with an empty search box the search is left alone; a failed look-up says why', async () => {
    const { pos, sale } = await selling();
    const searches = () => pos.requests.filter((request) => request.startsWith('GET /products?') && request.includes('orderby')).length;
    const before = searches();
    expect(await sale.searchOrAdd('COF-1')).toBe('added');
    expect(await sale.searchOrAdd(label('20', 12345, 1234))).toBe('added');
    expect(searches()).toBe(before);
    pos.cut(/sku=/);
    expect(await sale.searchOrAdd('COF-2')).toBe('failed');
    expect(pos.till.state.get().status?.message).toBe('The Tillbase server could not be reached.');
  });
});
