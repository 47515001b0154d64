import { describe, expect, it } from 'vitest';
import { gtinForms } from '../../server/model/catalogue/barcode.js';
import { decodeVariableMeasure, variableMeasureLayoutSchema } from '../../server/domain/catalogue/gs1.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** Barcode lookup that finds what the scanner read (issue 8, items 3 and 5). Check digits worked out by hand (GS1 mod 10). */
const WEIGHT = variableMeasureLayoutSchema.parse({});
const PRICE = variableMeasureLayoutSchema.parse({ measure: 'price' });

describe('GS1 variable-measure codes', () => {
  it('reads the weight: 20 12345 01234 9 is item 12345 at 1.234 kg; the product carries 20 12345 00000 1', () => {
    expect(decodeVariableMeasure('2012345012349', WEIGHT, 2)).toEqual({
      code: '2012345012349',
      productCode: '2012345000001',
      measure: 'weight',
      value: '1.234',
    });
  });

  it('reads the price: 23 12345 00350 8 is item 12345 at 3.50; the product carries 23 12345 00000 2', () => {
    expect(decodeVariableMeasure('2312345003508', PRICE, 2)).toEqual({ code: '2312345003508', productCode: '2312345000002', measure: 'price', value: '3.50' });
    // A three-decimal currency reads the same digits as 0.350.
    expect(decodeVariableMeasure('2312345003508', PRICE, 3)?.value).toBe('0.350');
  });

  it('follows the layout: with four item digits, 20 1234 501234 9 is item 1234 at 501.234 kg; the product carries 20 1234 000000 6', () => {
    expect(decodeVariableMeasure('2012345012349', { ...WEIGHT, item_digits: 4 }, 2)).toMatchObject({ productCode: '2012340000006', value: '501.234' });
  });

  it('is not fooled by a wrong check digit, another prefix, or a layout turned off', () => {
    expect(decodeVariableMeasure('2012345012340', WEIGHT, 2)).toBeUndefined();
    expect(decodeVariableMeasure('5012345012346', WEIGHT, 2)).toBeUndefined();
    expect(decodeVariableMeasure('2012345012349', { ...WEIGHT, enabled: false }, 2)).toBeUndefined();
  });

  it('gives the UPC-A, EAN-13 and GTIN-14 forms of one code', () => {
    expect(gtinForms('036000291452')).toEqual(['036000291452', '0036000291452', '00036000291452']);
    expect(gtinForms('0036000291452')).toEqual(['0036000291452', '036000291452', '00036000291452']);
    expect(gtinForms('SKU-1')).toEqual(['SKU-1']);
  });
});

const ids = { apples: 0, cheese: 0, cola: 0, plu: 0, tea: 0 };

const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] }, async () => {
  const add = async (body: Record<string, unknown>) => (await api(server, 'POST', '/products', { token: tokens.shop_manager, body })).body.id as number;
  ids.apples = await add({ name: 'Apples by weight', barcode: '2012345000001', regular_price: '2.40' });
  ids.cheese = await add({ name: 'Cheese counter', barcode: '2312345000002', regular_price: '18.00' });
  ids.cola = await add({ name: 'Cola 330 ml', barcode: '0036000291452', regular_price: '1.20' });
  ids.plu = await add({ name: 'Bananas', sku: 'PLU-4011', regular_price: '0.25', meta_data: [{ key: '_scale_code', value: '4011' }] });
  ids.tea = await add({ name: 'Tea 10', sku: 'TEA-10', regular_price: '3.00' });
  await add({ name: 'Tea 100', sku: 'TEA-100', regular_price: '3.00' });
  await add({ name: 'Tea 1000', sku: 'TEA-1000', regular_price: '3.00' });
});

const scan = async (code: string) => (await api(server, 'GET', `/products?barcode=${code}`, { token: tokens.cashier })).body as any[];
const setGeneral = async (body: Record<string, unknown>) => {
  expect((await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body })).status).toBe(200);
};

describe('GET /products?barcode=', () => {
  it('finds a weighed product from its scale label, with the weight as barcode_match.quantity', async () => {
    const [found, ...more] = await scan('2012345012349');
    expect(more).toEqual([]);
    expect(found.id).toBe(ids.apples);
    expect(found.barcode_match).toEqual({
      code: '2012345012349',
      match: 'variable_measure',
      product_code: '2012345000001',
      measure: 'weight',
      quantity: '1.234',
      price: null,
    });
  });

  it('reads the price instead once the layout says so', async () => {
    await setGeneral({ variable_measure_barcodes: { measure: 'price' } });
    const [found] = await scan('2312345003508');
    expect([found.id, found.barcode_match.price, found.barcode_match.quantity]).toEqual([ids.cheese, '3.50', null]);
    await setGeneral({ variable_measure_barcodes: { enabled: false } });
    expect(await scan('2312345003508')).toEqual([]);
    await setGeneral({ variable_measure_barcodes: { enabled: true, measure: 'weight' } });
  });

  it('matches a UPC-A scanned without its leading 0 to the EAN-13 the product carries, and back', async () => {
    const [upc] = await scan('036000291452');
    expect([upc.id, upc.barcode_match.match]).toEqual([ids.cola, 'exact']);
    expect((await scan('0036000291452')).map((product) => product.id)).toEqual([ids.cola]);
  });

  it('looks in the field barcode_field names: the barcode, the SKU, or a meta key', async () => {
    expect(await scan('PLU-4011')).toEqual([]);
    await setGeneral({ barcode_field: 'sku' });
    expect((await scan('plu-4011')).map((product) => product.id)).toEqual([ids.plu]);
    expect(await scan('036000291452')).toEqual([]);
    await setGeneral({ barcode_field: '_scale_code' });
    expect((await scan('4011')).map((product) => product.id)).toEqual([ids.plu]);
    await setGeneral({ barcode_field: '_global_unique_id' });
    expect((await scan('036000291452')).map((product) => product.id)).toEqual([ids.cola]);
  });
});

describe('search with a whole SKU or barcode', () => {
  it('puts the exact match first, whatever the order asked for', async () => {
    const byTitle = await api(server, 'GET', '/products?search=TEA-10&orderby=title&order=desc&_fields=sku', { token: tokens.cashier });
    expect(byTitle.body.map((product: any) => product.sku)).toEqual(['TEA-10', 'TEA-1000', 'TEA-100']);
    const byBarcode = await api(server, 'GET', '/products?search=036000291452&_fields=id', { token: tokens.cashier });
    expect(byBarcode.body[0]).toEqual({ id: ids.cola });
  });
});
