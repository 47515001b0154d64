import { describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCoupon, couponOf, createOrder, productOf, setStore, UK_STORE } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/** Payment gateways, bootstrap and checkout (wcpos-reference "Checkout", "Payment gateways"; CONTRACT 7 idempotency). */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const checkout = (orderId: number, body: unknown, headers: Record<string, string> = {}) =>
  api(server, 'POST', `/orders/${orderId}/checkout`, { token: tokens.cashier, body, headers });
const cash = (amount: string) => ({ gateway_id: 'pos_cash', payment_data: { amount_tendered: amount } });
const coffeeOrder = (quantity = 1) => createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity }] });
const writeGatewaySettings = (values: Record<string, unknown>) => {
  withDb(server, (db) => {
    new SettingsRepository(db).write('payment-gateways', values);
  });
};

describe('GET /payment-gateways', () => {
  const capabilities = { supports_checkout: true, supports_automatic_refunds: false, supports_provider_refunds: false, requires_hardware: false };

  it('lists the built-in gateways, enabled, in table order by default', async () => {
    const response = await api(server, 'GET', '/payment-gateways', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('2');
    expect(response.body).toEqual([
      {
        id: 'pos_cash',
        title: 'Cash',
        description: expect.stringContaining('Cash'),
        enabled: true,
        order: 0,
        provider: 'pos',
        pos_type: 'manual',
        capabilities,
        provider_data: {},
      },
      {
        id: 'pos_card',
        title: 'Card',
        description: expect.stringContaining('Card'),
        enabled: true,
        order: 1,
        provider: 'pos',
        pos_type: 'manual',
        capabilities,
        provider_data: {},
      },
    ]);
  });

  it('follows the payment-gateway settings: order and enabled; a disabled gateway cannot bootstrap or check out', async () => {
    writeGatewaySettings({
      gateways: { pos_cash: { order: 5, enabled: true, order_status: 'completed' }, pos_card: { order: 1, enabled: false, order_status: 'completed' } },
    });
    try {
      const response = await api(server, 'GET', '/payment-gateways', { token: tokens.cashier });
      expect(response.body.map((gateway: any) => [gateway.id, gateway.order, gateway.enabled])).toEqual([
        ['pos_card', 1, false],
        ['pos_cash', 5, true],
      ]);
      const bootstrap = await api(server, 'POST', '/payment-gateways/pos_card/bootstrap', { token: tokens.cashier, body: {} });
      expect([bootstrap.status, bootstrap.body.code]).toEqual([400, 'pos_rest_gateway_disabled']);
      const order = await coffeeOrder();
      const paid = await checkout(order.id, { gateway_id: 'pos_card' });
      expect([paid.status, paid.body.code]).toEqual([400, 'pos_rest_gateway_disabled']);
    } finally {
      writeGatewaySettings({ gateways: {} });
    }
  });
});

describe('POST /payment-gateways/{id}/bootstrap', () => {
  it('gives what the client needs for the order, or refuses', async () => {
    const order = await coffeeOrder();
    const plain = await api(server, 'POST', '/payment-gateways/pos_cash/bootstrap', { token: tokens.cashier, body: {} });
    expect(plain.body).toEqual({ gateway_id: 'pos_cash', status: 'ready', expires_at: null, provider_data: { currency: 'GBP', amount_due: null } });
    const forCash = await api(server, 'POST', '/payment-gateways/pos_cash/bootstrap', { token: tokens.cashier, body: { context: { order_id: order.id } } });
    expect(forCash.body.provider_data).toEqual({ currency: 'GBP', amount_due: '12.00' });
    const forCard = await api(server, 'POST', '/payment-gateways/pos_card/bootstrap', { token: tokens.cashier, body: { context: { order_id: order.id } } });
    expect(forCard.body).toEqual({
      gateway_id: 'pos_card',
      status: 'ready',
      expires_at: null,
      provider_data: { currency: 'GBP', amount_due: '12.00', requires_transaction_id: false },
    });
    const unknownGateway = await api(server, 'POST', '/payment-gateways/bitcoin/bootstrap', { token: tokens.cashier, body: {} });
    expect([unknownGateway.status, unknownGateway.body.code]).toEqual([404, 'pos_rest_gateway_invalid_id']);
    const unknownOrder = await api(server, 'POST', '/payment-gateways/pos_cash/bootstrap', { token: tokens.cashier, body: { context: { order_id: 987654 } } });
    expect([unknownOrder.status, unknownOrder.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
    await checkout(order.id, cash('12.00'));
    const paid = await api(server, 'POST', '/payment-gateways/pos_cash/bootstrap', { token: tokens.cashier, body: { context: { order_id: order.id } } });
    expect([paid.status, paid.body.code]).toEqual([400, 'pos_checkout_already_paid']);
  });
});

describe('POST /orders/{id}/checkout', () => {
  it('is pending before any attempt', async () => {
    const order = await coffeeOrder();
    const state = await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier });
    expect(state.body).toEqual({
      checkout_id: null,
      order_id: order.id,
      gateway_id: null,
      status: 'pending',
      provider_data: {},
      terminal: false,
      payments: [],
      amount_paid: '0.00',
      amount_due: '12.00',
    });
    const missing = await api(server, 'GET', '/orders/987654/checkout', { token: tokens.cashier });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
  });

  it('cash: pays with change, completes the order, takes stock, counts sales and the coupon use', async () => {
    const couponId = addCoupon(server, { code: 'ONCE', amount: '10', discount_type: 'percent', usage_limit: 1 });
    const stock = productOf(server, catalogue.coffee)?.stock_quantity ?? 0;
    const sales = productOf(server, catalogue.coffee)?.total_sales ?? 0;
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }], coupon_lines: [{ code: 'ONCE' }] });
    expect(order.total).toBe('21.60');
    const response = await checkout(order.id, cash('50'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      checkout_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      order_id: order.id,
      gateway_id: 'pos_cash',
      status: 'completed',
      provider_data: { amount_tendered: '50.00', amount_due: '21.60', change_due: '28.40' },
      terminal: true,
      payments: [
        {
          gateway_id: 'pos_cash',
          amount: '21.60',
          tendered: '50.00',
          change: '28.40',
          transaction_id: '',
          date: expect.any(String),
          date_gmt: expect.any(String),
        },
      ],
      amount_paid: '21.60',
      amount_due: '0.00',
    });
    const paid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([paid.status, paid.payment_method, paid.payment_method_title, paid.date_paid === null, paid.needs_payment]).toEqual([
      'completed',
      'pos_cash',
      'Cash',
      false,
      false,
    ]);
    expect(productOf(server, catalogue.coffee)?.stock_quantity).toBe(stock - 2);
    expect(productOf(server, catalogue.coffee)?.total_sales).toBe(sales + 2);
    expect(couponOf(server, couponId)?.usage_count).toBe(1);
    const state = await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier });
    expect(state.body).toEqual(response.body);
    const again = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee }], coupon_lines: [{ code: 'ONCE' }] },
    });
    expect([again.status, again.body.data.reason]).toEqual([400, 'usage_limit_reached']);
  });

  it('cash: too little tendered fails without paying, and a second attempt can pay', async () => {
    const order = await coffeeOrder();
    const short = await checkout(order.id, cash('10.00'));
    expect([short.status, short.body.code, short.body.data.amount_due, short.body.data.amount_tendered]).toEqual([
      400,
      'pos_checkout_insufficient_tender',
      '12.00',
      '10.00',
    ]);
    const unpaid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([unpaid.status, unpaid.date_paid, unpaid.payment_method]).toEqual(['pending', null, '']);
    const state = await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier });
    expect([state.body.status, state.body.terminal, state.body.checkout_id]).toEqual(['failed', true, short.body.data.checkout_id]);
    const paid = await checkout(order.id, cash('20'));
    expect([paid.status, paid.body.provider_data.change_due]).toEqual([200, '8.00']);
    const twice = await checkout(order.id, cash('20'));
    expect([twice.status, twice.body.code]).toEqual([400, 'pos_checkout_already_paid']);
    const noTender = await checkout((await coffeeOrder()).id, { gateway_id: 'pos_cash' });
    expect([noTender.status, noTender.body.code, Object.keys(noTender.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['payment_data.amount_tendered'],
    ]);
  });

  it('card: records the terminal transaction id; an order to ship goes to processing', async () => {
    const order = await coffeeOrder();
    const response = await checkout(order.id, { gateway_id: 'pos_card', payment_data: { transaction_id: 'TXN-123' } });
    expect(response.body).toMatchObject({ gateway_id: 'pos_card', status: 'completed', provider_data: { amount_paid: '12.00', transaction_id: 'TXN-123' } });
    const paid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([paid.status, paid.payment_method, paid.payment_method_title, paid.transaction_id]).toEqual(['completed', 'pos_card', 'Card', 'TXN-123']);
    const shipped = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.giftCard }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Post', total: '3.00' }],
    });
    await checkout(shipped.id, { gateway_id: 'pos_card' });
    expect((await api(server, 'GET', `/orders/${shipped.id}`, { token: tokens.cashier })).body.status).toBe('processing');
  });

  it('refuses unknown gateways and orders, and orders that cannot be paid', async () => {
    const order = await coffeeOrder();
    const gateway = await checkout(order.id, { gateway_id: 'bitcoin' });
    expect([gateway.status, gateway.body.code]).toEqual([400, 'rest_invalid_param']);
    const missing = await checkout(987654, cash('5'));
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
    await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { status: 'cancelled' } });
    const cancelled = await checkout(order.id, cash('20'));
    expect([cancelled.status, cancelled.body.code]).toEqual([400, 'pos_checkout_order_not_payable']);
    const state = await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier });
    expect([state.body.status, state.body.terminal, state.body.checkout_id]).toEqual(['cancelled', true, null]);
    const emptyData = await checkout((await coffeeOrder()).id, { gateway_id: 'pos_card', payment_data: [] });
    expect([emptyData.status, emptyData.body.status]).toEqual([200, 'completed']);
  });

  it('Idempotency-Key: a replay gets the first answer, another body under the key is a conflict', async () => {
    const order = await coffeeOrder();
    const key = 'till-1-payment-0001';
    const first = await checkout(order.id, cash('15'), { 'Idempotency-Key': key });
    const replay = await checkout(order.id, { payment_data: { amount_tendered: '15' }, gateway_id: 'pos_cash', action: 'start' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect([replay.status, replay.body]).toEqual([200, first.body]);
    const viaWcposHeader = await checkout(order.id, cash('15'), { 'X-WCPOS-Idempotency-Key': key });
    expect([viaWcposHeader.status, viaWcposHeader.body]).toEqual([200, first.body]);
    const conflict = await checkout(order.id, cash('16'), { 'Idempotency-Key': key });
    expect([conflict.status, conflict.body.code]).toEqual([409, 'pos_idempotency_conflict']);

    const failing = await coffeeOrder();
    const refused = await checkout(failing.id, cash('1'), { 'Idempotency-Key': 'till-1-payment-0002' });
    const refusedAgain = await checkout(failing.id, cash('1'), { 'Idempotency-Key': 'till-1-payment-0002' });
    expect([refused.status, refusedAgain.status, refusedAgain.body]).toEqual([400, 400, refused.body]);
  });

  it('two concurrent checkouts of one order pay it once', async () => {
    const stock = productOf(server, catalogue.coffee)?.stock_quantity ?? 0;
    const order = await coffeeOrder(3);
    const results = await Promise.all([
      checkout(order.id, cash('100'), { 'Idempotency-Key': 'lane-a' }),
      checkout(order.id, cash('100'), { 'Idempotency-Key': 'lane-b' }),
      checkout(order.id, cash('100')),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400, 400]);
    expect(results.filter((result) => result.status === 400).map((result) => result.body.code)).toEqual([
      'pos_checkout_already_paid',
      'pos_checkout_already_paid',
    ]);
    expect(productOf(server, catalogue.coffee)?.stock_quantity).toBe(stock - 3);

    const other = await coffeeOrder();
    const sameKey = await Promise.all([
      checkout(other.id, cash('12'), { 'Idempotency-Key': 'lane-c' }),
      checkout(other.id, cash('12'), { 'Idempotency-Key': 'lane-c' }),
    ]);
    expect(sameKey.map((result) => result.status)).toEqual([200, 200]);
    expect(sameKey[1].body).toEqual(sameKey[0].body);
    const rows = withDb(server, (db) => db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM checkouts WHERE order_id = ?').get(other.id)?.n);
    expect(rows).toBe(1);
  });

  it('with prevent_overselling, stock that is not there cannot be sold', async () => {
    const scarce = withDb(
      server,
      (db) =>
        servicesOf(db).repositories.products.create({ type: 'simple', name: 'Last croissant', regular_price: '2.00', manage_stock: true, stock_quantity: 1 })
          .id,
    );
    setStore(server, { ...UK_STORE, prevent_overselling: true });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: scarce, quantity: 2 }] });
      const refused = await checkout(order.id, cash('10'));
      expect([refused.status, refused.body.code, refused.body.data.stock_quantity]).toEqual([400, 'pos_rest_insufficient_stock', 1]);
      expect(productOf(server, scarce)?.stock_quantity).toBe(1);
    } finally {
      setStore(server, UK_STORE);
    }
  });
});

describe('a cancelled order reopened', () => {
  it('is unpaid again until it goes through checkout, which takes its stock and coupon use once more', async () => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const loaf = withDb(
      server,
      (db) =>
        servicesOf(db).repositories.products.create({ type: 'simple', name: 'Rye loaf', regular_price: '5.00', manage_stock: true, stock_quantity: 10 }).id,
    );
    const couponId = addCoupon(server, { code: 'REOPEN', amount: '1.00', discount_type: 'fixed_cart', usage_limit: 1 });
    writeGatewaySettings({ gateways: { pos_card: { order: 1, enabled: true, order_status: 'processing' } } });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: loaf, quantity: 2 }], coupon_lines: [{ code: 'REOPEN' }] });
      expect((await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} })).status).toBe(200);
      const paid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
      expect([paid.status, paid.date_paid_gmt === null, productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([
        'processing',
        false,
        8,
        1,
      ]);

      const cancelled = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'cancelled' } });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect([productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([10, 0]);

      const reopened = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'pending' } });
      expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
      expect([reopened.body.status, reopened.body.date_paid, reopened.body.date_paid_gmt, reopened.body.needs_payment]).toEqual(['pending', null, null, true]);
      // Nothing moves on reopening: the goods and the coupon were given back when it was cancelled.
      expect([productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([10, 0]);
      // Not paid, so it cannot be completed by a status change: only checkout pays it.
      const completed = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'completed' } });
      expect([completed.status, completed.body.code]).toEqual([400, 'pos_payment_required']);

      const repaid = await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} });
      expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
      const after = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
      expect([after.status, after.date_paid_gmt === null, productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([
        'processing',
        false,
        8,
        1,
      ]);
      // The money taken the first time was never given back, so nothing more was charged.
      expect([repaid.body.amount_paid, repaid.body.amount_due]).toEqual([after.total, '0.00']);
      const ledger = withDb(server, (db) =>
        db
          .prepare<[number], { stock: number; ledger: number }>(
            'SELECT stock_quantity * 1000 AS stock, (SELECT SUM(change_milli) FROM stock_ledger WHERE product_id = products.id) AS ledger FROM products WHERE id = ?',
          )
          .get(loaf),
      );
      expect(ledger?.ledger).toBe(ledger?.stock);
    } finally {
      writeGatewaySettings({ gateways: {} });
    }
  });

  it('is the only way back to pending for a paid order: one its gateway held (on-hold) cannot go back to pending payment', async () => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const loaf = withDb(
      server,
      (db) =>
        servicesOf(db).repositories.products.create({ type: 'simple', name: 'Barley loaf', regular_price: '4.00', manage_stock: true, stock_quantity: 10 }).id,
    );
    writeGatewaySettings({ gateways: { pos_card: { order: 1, enabled: true, order_status: 'on-hold' } } });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: loaf, quantity: 2 }] });
      expect((await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} })).status).toBe(200);
      const held = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
      expect([held.status, held.date_paid_gmt === null, productOf(server, loaf)?.stock_quantity]).toEqual(['on-hold', false, 8]);
      const back = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'pending' } });
      expect([back.status, back.body.code, back.body.data.from]).toEqual([400, 'pos_rest_order_invalid_status_transition', 'on-hold']);
      expect(productOf(server, loaf)?.stock_quantity).toBe(8);
      expect((await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'cancelled' } })).status).toBe(200);
      const reopened = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'pending' } });
      expect([reopened.status, reopened.body.date_paid_gmt, productOf(server, loaf)?.stock_quantity]).toEqual([200, null, 10]);
    } finally {
      writeGatewaySettings({ gateways: {} });
    }
  });

  it('is not reopened once money went back: checkout would count the first payment in full', async () => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const loaf = withDb(
      server,
      (db) =>
        servicesOf(db).repositories.products.create({ type: 'simple', name: 'Oat loaf', regular_price: '5.00', manage_stock: true, stock_quantity: 10 }).id,
    );
    writeGatewaySettings({ gateways: { pos_card: { order: 1, enabled: true, order_status: 'processing' } } });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: loaf, quantity: 2 }] });
      expect((await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} })).status).toBe(200);
      const refunded = await api(server, 'POST', `/orders/${order.id}/refunds`, {
        token: manager,
        body: { line_items: [{ id: order.line_items[0].id, quantity: 1 }] },
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
      expect((await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'cancelled' } })).status).toBe(200);
      const reopened = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'pending' } });
      expect([reopened.status, reopened.body.code]).toEqual([400, 'pos_rest_order_invalid_status_transition']);
      expect(reopened.body.message).toContain('has refunds');
      const after = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
      expect([after.status, after.date_paid_gmt === null, productOf(server, loaf)?.stock_quantity]).toEqual(['cancelled', false, 10]);
    } finally {
      writeGatewaySettings({ gateways: {} });
    }
  });

  it('comes back to a coupon used up meanwhile: checkout refuses the use beyond its limit and takes nothing until the coupon is removed', async () => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const loaf = withDb(
      server,
      (db) =>
        servicesOf(db).repositories.products.create({ type: 'simple', name: 'Spelt loaf', regular_price: '6.00', manage_stock: true, stock_quantity: 10 }).id,
    );
    const couponId = addCoupon(server, { code: 'LASTONE', amount: '1.00', discount_type: 'fixed_cart', usage_limit: 1 });
    writeGatewaySettings({ gateways: { pos_card: { order: 1, enabled: true, order_status: 'processing' } } });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: loaf, quantity: 1 }], coupon_lines: [{ code: 'LASTONE' }] });
      expect((await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} })).status).toBe(200);
      expect((await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'cancelled' } })).status).toBe(200);
      // The cancellation gave the coupon's one use back, and another sale took it.
      const other = await createOrder(server, tokens.cashier, { line_items: [{ product_id: loaf, quantity: 1 }], coupon_lines: [{ code: 'LASTONE' }] });
      expect((await checkout(other.id, { gateway_id: 'pos_card', payment_data: {} })).status).toBe(200);
      expect([productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([9, 1]);

      expect((await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { status: 'pending' } })).status).toBe(200);
      const refused = await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} });
      expect([refused.status, refused.body.code, refused.body.data.reason, refused.body.data.coupon]).toEqual([
        400,
        'woocommerce_rest_invalid_coupon',
        'usage_limit_reached',
        'LASTONE',
      ]);
      expect([productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([9, 1]);
      expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.status).toBe('pending');

      const without = await api(server, 'PATCH', `/orders/${order.id}`, { token: manager, body: { coupon_lines: [] } });
      expect([without.status, without.body.coupon_lines, without.body.total]).toEqual([200, [], '7.20']);
      const repaid = await checkout(order.id, { gateway_id: 'pos_card', payment_data: {} });
      expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
      expect([productOf(server, loaf)?.stock_quantity, couponOf(server, couponId)?.usage_count]).toEqual([8, 1]);
    } finally {
      writeGatewaySettings({ gateways: {} });
    }
  });
});
