/**
 * Manager approval at the till, in real Chromium against a real server: with refunds put behind a
 * manager's approval, a cashier's refund from the order history opens the approval dialog; a wrong
 * PIN is refused in the server's words; the manager's PIN makes the till send the refund again with
 * the approval, and the server takes it.
 */
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

describe('manager approval at the till', () => {
  it('asks a manager for a refund the settings put behind approval, refuses a wrong PIN, then refunds', async () => {
    const admin = (await login(server, 'administrator')).access_token;
    expect((await api(server, 'POST', '/settings/approvals', { token: admin, body: { required: ['refund'] } })).status).toBe(200);
    const manager = server.users.shop_manager;
    const managerToken = (await login(server, 'shop_manager')).access_token;
    expect((await api(server, 'POST', '/auth/pin', { token: managerToken, body: { pin: '4821', current_password: manager.password } })).status).toBe(200);

    const cashier = (await login(server, 'cashier')).access_token;
    const [baguette] = (await api(server, 'GET', '/products?search=Baguette&per_page=1', { token: cashier })).body;
    const sale = (await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: baguette.id, quantity: 2 }] } })).body;
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: cashier,
      headers: { 'idempotency-key': `approval-test-${sale.id}` },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    expect(paid.status).toBe(200);
    const { number } = (await api(server, 'GET', `/orders/${sale.id}`, { token: cashier })).body;
    // The server's words for a wrong PIN, as the API answers them.
    const refused = await api(server, 'POST', '/auth/approvals', {
      token: cashier,
      body: { username: manager.username, pin: '0000', action: 'refund', order_id: sale.id },
    });
    expect(refused.body.code).toBe('pos_approval_denied');

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-history').click();
    await page.getByRole('button', { name: `Open order ${number}`, exact: true }).click();
    await page.getByLabel(`Refund quantity of ${baguette.name}`).selectOption('1');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager approval' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('A manager has to approve a refund.');
    expect((await api(server, 'GET', `/orders/${sale.id}/refunds`, { token: cashier })).body).toHaveLength(0);

    await dialog.getByLabel("Manager's username").fill(manager.username);
    await dialog.getByLabel("Manager's PIN").fill('0000');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#approval-error', { hasText: refused.body.message }).waitFor();
    expect(await page.locator('#approval-error').textContent()).toBe(refused.body.message);
    expect((await api(server, 'GET', `/orders/${sale.id}/refunds`, { token: cashier })).body).toHaveLength(0);

    // Typed key by key, as a manager would: each keystroke re-renders the dialog, which keeps the focus.
    await dialog.getByLabel("Manager's PIN").fill('');
    await dialog.getByLabel("Manager's PIN").focus();
    await page.keyboard.type('4821', { delay: 80 });
    await screenshot(page, 'approval');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#status-message', { hasText: 'Refunded' }).waitFor();
    expect(await dialog.count()).toBe(0);
    const refunds = (await api(server, 'GET', `/orders/${sale.id}/refunds`, { token: cashier })).body;
    expect(refunds).toHaveLength(1);
    expect(refunds[0].line_items[0].quantity).toBe(-1);
    // The audit trail names the manager who approved the cashier's refund.
    const audit = (await api(server, 'GET', '/logs?source=audit&action=approval.grant', { token: admin })).body;
    expect(JSON.stringify(audit)).toContain(`${manager.username} approved refund for ${server.users.cashier.username}`);
    expect(pageErrors).toEqual([]);
  });

  it('asks a manager for a price set by hand in the cart: cancelled, nothing changes; approved by password, the price the server set', async () => {
    const admin = (await login(server, 'administrator')).access_token;
    expect((await api(server, 'POST', '/settings/approvals', { token: admin, body: { required: ['price_override'] } })).status).toBe(200);
    const manager = server.users.shop_manager;
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Baguette');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.getByRole('button', { name: 'Baguette', exact: true }).click();
    await cartSettled(page);
    const orderId = Number(/Order (\d+)/.exec((await page.locator('.cart-head h2').textContent()) ?? '')?.[1]);
    const edit = async (): Promise<void> => {
      await page.getByRole('button', { name: 'Change Baguette' }).click();
      await page.getByLabel('New price for the line').fill('1.00');
      await page.getByRole('button', { name: 'Apply' }).click();
    };
    await edit();
    const dialog = page.getByRole('dialog', { name: 'Manager approval' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('A manager has to approve a price set by hand.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#status-message', { hasText: 'Not done: no manager approved it.' }).waitFor();
    const unchanged = (await api(server, 'GET', `/orders/${orderId}`, { token: admin })).body;
    expect(unchanged.line_items[0].total).not.toBe('1.00');
    await page.getByRole('dialog', { name: 'Change Baguette' }).getByRole('button', { name: 'Cancel' }).click();

    await edit();
    await dialog.waitFor();
    await dialog.getByLabel("Manager's username").fill(manager.username);
    await dialog.getByLabel('Use the password instead of a PIN').check();
    await dialog.getByLabel("Manager's password").fill(manager.password);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Change Baguette' }).waitFor({ state: 'detached' });
    await cartSettled(page);
    const changed = (await api(server, 'GET', `/orders/${orderId}`, { token: admin })).body;
    expect(changed.line_items[0].total).toBe('1.00');
    expect(await page.locator('#cart-total').textContent()).toBe(`$${changed.total}`);
    expect(pageErrors).toEqual([]);
  });
});
