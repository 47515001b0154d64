import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A refund puts back only the units the sale took from stock. The case where a line's quantity and
 * the units it took differ: a held order takes 2 units, its product stops tracking stock, the line
 * grows to 3 (the third unit is taken from nothing), tracking starts again, and the order is paid
 * and refunded in full: 2 units go back, not 3.
 */
const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'] });

async function ok(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await api(server, method, path, { token, body, headers });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
const stockOf = async (id: number): Promise<number> => (await ok(tokens.shop_manager, 'GET', `/products/${id}`)).stock_quantity as number;
const ledgerOf = async (id: number) =>
  ((await ok(tokens.shop_manager, 'GET', `/products/${id}/stock`)) as Array<{ change: number; reason: string }>).map((entry) => [entry.change, entry.reason]);

describe('a refund after a held order was edited while its product did not track stock', () => {
  it('puts back the 2 units the order took, not the 3 it sold', async () => {
    const jar = (
      await ok(tokens.shop_manager, 'POST', '/products', { name: 'Honey jar', sku: 'HONEY-1', regular_price: '5.00', manage_stock: true, stock_quantity: 10 })
    ).id as number;
    const held = await ok(tokens.cashier, 'POST', '/orders', { status: 'on-hold', line_items: [{ product_id: jar, quantity: 2 }] });
    expect(await stockOf(jar)).toBe(8);

    await ok(tokens.shop_manager, 'PATCH', `/products/${jar}`, { manage_stock: false });
    const edited = await ok(tokens.cashier, 'PATCH', `/orders/${held.id}`, { line_items: [{ id: held.line_items[0].id, quantity: 3 }] });
    expect(edited.line_items[0].quantity).toBe(3);
    await ok(tokens.shop_manager, 'PATCH', `/products/${jar}`, { manage_stock: true, stock_quantity: 8 });
    expect(await stockOf(jar)).toBe(8);

    await ok(
      tokens.cashier,
      'POST',
      `/orders/${held.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: edited.total } },
      { 'Idempotency-Key': `pay-${held.id}` },
    );
    expect(await stockOf(jar)).toBe(8);
    const refund = await ok(tokens.cashier, 'POST', `/orders/${held.id}/refunds`, {
      api_restock: true,
      line_items: [{ id: held.line_items[0].id, quantity: 3 }],
    });
    expect(refund.amount).toBe(edited.total);
    expect(await stockOf(jar)).toBe(10);
    expect((await ledgerOf(jar))[0]).toEqual([2, 'refund']);
  });
});
