/**
 * Ringing up at the till (renderer/sale.ts) where two items meet: the stock of each item counted on
 * its own lines only, two variations of one product on lines of their own, a code keyed by hand that
 * ends in letters, and what a scan asks the server. From the sale slice's mutation survivors.
 */
import { describe, expect, it } from 'vitest';
import * as productsApi from '../../renderer/api/products.js';
import { Sale } from '../../renderer/sale.js';
import { withDb } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';
import { label, stockSaleShelf, type SaleShelf } from '../helpers/sale-shelf.js';
import { setStore, UK_STORE } from '../helpers/shop-data.js';
import { tillInProcess, type InProcessTill } from '../helpers/till-in-process.js';
import { useServer } from '../helpers/use-server.js';

const shelf = {} as SaleShelf;
const extra = { honeyKilo: 0, sixPack: 0, sausages: 0, sausageLink: 0 };
const { server, catalogue } = useServer({ store: 'uk', catalogue: 'sale' }, ({ server }) => {
  Object.assign(shelf, stockSaleShelf(server));
  withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    extra.honeyKilo = products.create({
      type: 'variation',
      parent_id: shelf.honey,
      sku: 'HON-1000',
      regular_price: '12.00',
      manage_stock: true,
      stock_quantity: 5,
      backorders: 'no',
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: '1 kg' }],
    }).id;
    extra.sixPack = products.create({ type: 'simple', name: 'Six pack', sku: '6PACK', regular_price: '6.00' }).id;
    extra.sausages = products.create({ type: 'variable', name: 'Sausages', sku: 'SAU', barcode: label('20', 33333, 0) }).id;
    extra.sausageLink = products.create({
      type: 'variation',
      parent_id: extra.sausages,
      sku: 'SAU-PORK',
      regular_price: '9.00',
      variation_attributes: [{ id: 0, name: 'Kind', slug: 'kind', option: 'Pork' }],
    }).id;
  });
});

async function selling(preventOverselling: boolean): Promise<{ pos: InProcessTill; sale: Sale }> {
  setStore(server, { ...UK_STORE, prevent_overselling: preventOverselling });
  const pos = await tillInProcess(server);
  return { pos, sale: new Sale(pos.till) };
}
const tileOf = (pos: InProcessTill, id: number) => productsApi.tile(pos.till.client, id);
const lines = (pos: InProcessTill) => pos.till.state.get().order?.line_items.map((line) => [line.product_id, line.variation_id, line.quantity]) ?? [];

describe('items side by side in one sale', () => {
  it('holds each item to its own stock, counting only its own lines', async () => {
    const { pos, sale } = await selling(true);
    const [jam, coffee] = [await tileOf(pos, shelf.jam), await tileOf(pos, catalogue.coffee)];
    await sale.addProduct(coffee);
    await sale.addProduct(jam);
    await sale.addProduct(jam);
    expect(pos.till.state.get().status).toBeNull();
    expect(lines(pos)).toEqual([
      [catalogue.coffee, 0, 1],
      [shelf.jam, 0, 2],
    ]);
    await sale.addProduct(coffee);
    await sale.addProduct(jam);
    expect(pos.till.state.get().status?.message).toBe('Only 2 Jam in stock: the sale cannot have 3.');
    // A quantity typed on the jam's line after the coffee was added: still the jam's stock.
    await sale.addProduct(coffee);
    pos.till.clearStatus();
    const jamLine = pos.till.state.get().order!.line_items.find((line) => line.product_id === shelf.jam)!;
    expect(await sale.setQuantity(jamLine, 3)).toBe(false);
    expect(pos.till.state.get().status?.message).toBe('Only 2 Jam in stock: the sale cannot have 3.');
  });

  it('puts two variations of one product on lines of their own, each held to its own stock', async () => {
    const { pos, sale } = await selling(true);
    const honey = await tileOf(pos, shelf.honey);
    const variations = await productsApi.variations(pos.till.client, shelf.honey);
    const [jar, kilo] = [variations.find((v) => v.id === shelf.honeyJar)!, variations.find((v) => v.id === extra.honeyKilo)!];
    await sale.addVariation(honey, kilo);
    for (let added = 0; added < 3; added += 1) await sale.addVariation(honey, jar);
    expect(pos.till.state.get().status).toBeNull();
    expect(lines(pos)).toEqual([
      [shelf.honey, extra.honeyKilo, 1],
      [shelf.honey, shelf.honeyJar, 3],
    ]);
  });
});

describe('codes', () => {
  it('adds a SKU keyed by hand that ends in letters', async () => {
    const { pos, sale } = await selling(false);
    expect(await sale.searchOrAdd('6PACK')).toBe('added');
    expect(lines(pos)).toEqual([[extra.sixPack, 0, 1]]);
  });

  it('a product’s barcode asks for no variation', async () => {
    const { pos, sale } = await selling(false);
    await sale.scan(label('20', 12345, 1000));
    expect(lines(pos)).toEqual([[shelf.apples, 0, 1]]);
    expect(pos.requests.filter((request) => request.startsWith('GET /products/variations'))).toEqual([]);
  });

  it('a variation off sale scanned by its own barcode is refused at the till', async () => {
    const { pos, sale } = await selling(false);
    await sale.scan('5098765432109');
    expect(pos.till.state.get().status?.message).toBe('Olives: Not for sale: withdrawn in WooCommerce: draft.');
    expect(pos.requests.filter((request) => request.startsWith('POST /orders'))).toEqual([]);
  });

  it('a scale label of a variable product opens its variations', async () => {
    const { pos, sale } = await selling(false);
    await sale.scan(label('20', 33333, 500));
    expect(pos.till.state.get().variationPicker?.variations.map((variation) => variation.id)).toEqual([extra.sausageLink]);
    expect(pos.till.state.get().order).toBeNull();
  });
});
