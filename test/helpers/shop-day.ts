import { addCoupon, seedCatalogue, setStore, UK_STORE, type Catalogue } from './shop-data.js';
import { api, login, type TestServer } from './server.js';

/**
 * A whole shop day on register 1 of a UK shop (20 % VAT, 5 % reduced), every figure worked out by hand:
 *
 * open with 100.00
 * 1. 1 coffee 10.00 + 2.00 VAT = 12.00, cash 20.00, change 8.00
 * 2. 2 teas 8.00 + 0.40 VAT = 8.40, card CARD-1
 * 3. 1 coffee + 1 tea = 14.00 + 2.20 VAT = 16.20: 10.00 cash, then 6.20 card
 * 4. 1 coffee with TENOFF (10 %): 9.00 + 1.80 VAT = 10.80 (discount 1.00 + 0.20 tax), cash 10.80
 * 5. 1 coffee + 1 gift card (no tax) = 37.00, cash 40.00, change 3.00; then the coffee refunded in cash: 12.00
 * cash in 20.00, cash out 15.00
 */
export interface ShopDay {
  cashier: string;
  manager: string;
  orders: number[];
  catalogue: Catalogue;
}

export async function runShopDay(server: TestServer, options: { close?: boolean } = {}): Promise<ShopDay> {
  setStore(server, { ...UK_STORE, require_open_session: true });
  const catalogue = seedCatalogue(server);
  addCoupon(server, { code: 'TENOFF', amount: '10', discount_type: 'percent' });
  const cashier = (await login(server, 'cashier')).access_token;
  const manager = (await login(server, 'shop_manager')).access_token;
  const ok = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await api(server, method, path, { token: cashier, body, headers });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const sell = async (lines: Array<{ product_id: number; quantity?: number }>, coupon?: string) =>
    (await ok('POST', '/orders', { line_items: lines, ...(coupon ? { coupon_lines: [{ code: coupon }] } : {}) })) as {
      id: number;
      total: string;
      line_items: Array<{ id: number }>;
    };
  const pay = (orderId: number, gateway: string, paymentData: Record<string, string>, key: string) =>
    ok('POST', `/orders/${orderId}/checkout`, { gateway_id: gateway, payment_data: paymentData }, { 'Idempotency-Key': key });

  await ok('POST', '/registers/1/open', { opening_float: '100.00', note: 'Monday' });
  const first = await sell([{ product_id: catalogue.coffee }]);
  await pay(first.id, 'pos_cash', { amount_tendered: '20.00' }, 'day-1');
  const second = await sell([{ product_id: catalogue.tea, quantity: 2 }]);
  await pay(second.id, 'pos_card', { transaction_id: 'CARD-1' }, 'day-2');
  const third = await sell([{ product_id: catalogue.coffee }, { product_id: catalogue.tea }]);
  await pay(third.id, 'pos_cash', { amount: '10.00', amount_tendered: '10.00' }, 'day-3-cash');
  await pay(third.id, 'pos_card', {}, 'day-3-card');
  const fourth = await sell([{ product_id: catalogue.coffee }], 'TENOFF');
  await pay(fourth.id, 'pos_cash', { amount_tendered: '10.80' }, 'day-4');
  const fifth = await sell([{ product_id: catalogue.coffee }, { product_id: catalogue.giftCard }]);
  await pay(fifth.id, 'pos_cash', { amount_tendered: '40.00' }, 'day-5');
  const coffeeLine = fifth.line_items[0]?.id ?? 0;
  await ok('POST', `/orders/${fifth.id}/refunds`, { line_items: [{ id: coffeeLine, quantity: 1 }], refund_destination: 'pos_cash', reason: 'spilt' });
  await ok('POST', '/registers/1/cash', { type: 'in', amount: '20.00', reason: 'coins from the bank' });
  await ok('POST', '/registers/1/cash', { type: 'out', amount: '15.00', reason: 'window cleaner' });
  if (options.close === true) await ok('POST', '/registers/1/close', { counted_cash: '162.45', note: '35p short' });
  return { cashier, manager, orders: [first.id, second.id, third.id, fourth.id, fifth.id], catalogue };
}
