/**
 * The managers' area in real Chromium against a real server: settings groups as forms (a change the
 * server then applies, its validation message next to the field), payment gateways (one disabled
 * disappears from a cashier's payment), and the screens a cashier never sees.
 */
import { describe, expect, it } from 'vitest';
import { manageScreenshot, openManage, saved, serverAs } from '../helpers/manage-page.js';
import { cartSettled, gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

describe('managers’ screens: settings and payments', () => {
  it('saves a settings group that GET /settings then reports, and shows the server’s message next to the field it refused', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Settings');
    const form = page.getByRole('form', { name: 'General settings' });
    await form.getByLabel('Barcode field').waitFor();
    // Fields of the right kind: a checkbox, a select for an enumerated setting, a number, text.
    expect(await form.getByLabel('Decimal quantities').getAttribute('type')).toBe('checkbox');
    expect(await form.getByLabel('Usage tracking').evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await form.getByLabel('Item digits (4 to 6)').getAttribute('type')).toBe('number');
    await manageScreenshot(page, 'settings');

    await form.getByLabel('Decimal quantities').check();
    await form.getByLabel('Barcode field').fill('sku');
    await form.getByLabel('Usage tracking').selectOption('denied');
    await form.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'General settings: saved.');
    const index = await serverAs(server, 'cashier', 'GET', '/settings');
    expect(index.body.general.decimal_qty).toBe(true);
    expect(index.body.general.barcode_field).toBe('sku');
    expect((await serverAs(server, 'administrator', 'GET', '/settings/general')).body.tracking_consent).toBe('denied');

    // A value the server refuses: its own words under the field, marked invalid, nothing stored.
    await form.getByLabel('Item digits (4 to 6)').fill('9');
    await form.getByRole('button', { name: 'Save' }).click();
    const digits = form.getByLabel('Item digits (4 to 6)');
    await page.locator('#settings-general-variable_measure_barcodes-item_digits-error').waitFor();
    expect(await page.locator('#settings-general-variable_measure_barcodes-item_digits-error').textContent()).toBe('item_digits must be 4, 5 or 6');
    expect(await digits.getAttribute('aria-invalid')).toBe('true');
    expect(await digits.getAttribute('aria-describedby')).toContain('settings-general-variable_measure_barcodes-item_digits-error');
    expect((await serverAs(server, 'administrator', 'GET', '/settings/general')).body.variable_measure_barcodes.item_digits).toBe(5);
    await page.getByRole('group', { name: 'Variable-measure barcodes (scales)' }).scrollIntoViewIfNeeded();
    await manageScreenshot(page, 'settings-invalid');

    // Another group: approvals, a list of choices and a percentage the server checks.
    await page.getByRole('button', { name: 'Approvals', exact: true }).click();
    const approvals = page.getByRole('form', { name: 'Approvals settings' });
    await approvals.getByLabel('Refunds').check();
    await approvals.getByLabel('Discount limit (%)').fill('150');
    await approvals.getByRole('button', { name: 'Save' }).click();
    await page.locator('#settings-approvals-discount_above_percent-error', { hasText: 'must be between 0 and 100' }).waitFor();
    await approvals.getByLabel('Discount limit (%)').fill('15');
    await approvals.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'Approvals settings: saved.');
    const stored = (await serverAs(server, 'administrator', 'GET', '/settings/approvals')).body;
    expect(stored).toEqual({ required: ['refund'], discount_above_percent: 15 });
    // The e-mail switches stay off: the server's reason is shown under the group it refused.
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('form', { name: 'Checkout settings' });
    await checkout.getByRole('group', { name: 'Emails to the shop' }).getByLabel('New order').check();
    await checkout.getByRole('button', { name: 'Save' }).click();
    await checkout.getByText('Tillbase runs offline and sends no e-mail: e-mail notifications stay off', { exact: false }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('saves the tax ID map and a licence key, each as the server then reports it', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Settings');
    await page.getByRole('button', { name: 'Tax IDs', exact: true }).click();
    const taxIds = page.getByRole('form', { name: 'Tax IDs settings' });
    const map = taxIds.getByLabel('Meta key of each tax ID type');
    await map.fill('EU VAT = _billing_eu_vat');
    await taxIds.getByRole('button', { name: 'Save' }).click();
    // The server names the bad key (write_map.EU VAT); the message is under the map's field.
    await page.locator('#settings-tax_ids-write_map-error', { hasText: 'write_map.EU VAT: Invalid key in record' }).waitFor();
    await map.fill('eu_vat = _billing_eu_vat\nus_ein = _billing_ein');
    await taxIds.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'Tax IDs settings: saved.');
    expect((await serverAs(server, 'administrator', 'GET', '/settings/tax_ids')).body).toEqual({
      write_map: { eu_vat: '_billing_eu_vat', us_ein: '_billing_ein' },
    });

    await page.getByRole('button', { name: 'Licence', exact: true }).click();
    const licence = page.getByRole('form', { name: 'Licence settings' });
    await licence.getByLabel('Licence key').fill('has spaces in it');
    await licence.getByRole('button', { name: 'Save' }).click();
    await page.locator('#settings-license-key-error', { hasText: 'a licence key is made of printable characters without spaces' }).waitFor();
    await licence.getByLabel('Licence key').fill('TB-1234-ABCD-9876');
    await licence.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'Licence settings: saved.');
    // The key comes back masked, and the status is the server's.
    const stored = (await serverAs(server, 'administrator', 'GET', '/settings/license')).body;
    expect(stored.status).toBe('unverified');
    expect(await licence.getByLabel('Licence key').inputValue()).toBe(stored.key);
    await licence.getByText(stored.message).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('disables a payment gateway and reorders them: the cashier’s payment no longer offers it', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Payments');
    const form = page.getByRole('form', { name: 'Payment gateways' });
    await form.getByLabel('Card enabled').waitFor();
    await manageScreenshot(page, 'payments');
    // The preselected gateway must be an enabled one: disabling it is refused, with the reason at the select.
    await form.getByLabel('Cash enabled').uncheck();
    await form.getByRole('button', { name: 'Save payment settings' }).click();
    await page.locator('#default-gateway-error', { hasText: 'pos_cash is disabled' }).waitFor();
    await form.getByLabel('Cash enabled').check();
    await form.getByLabel('Card enabled').uncheck();
    await form.getByRole('button', { name: 'Move Card up' }).click();
    await form.getByRole('button', { name: 'Save payment settings' }).click();
    await saved(page, 'Payment settings: saved.');
    const settings = (await serverAs(server, 'shop_manager', 'GET', '/settings/payment-gateways')).body;
    expect(settings.gateways.pos_card.enabled).toBe(false);
    expect(settings.gateways.pos_card.order).toBeLessThan(settings.gateways.pos_cash.order);
    expect((await serverAs(server, 'cashier', 'GET', '/settings')).body.payment_gateways.enabled).not.toContain('pos_card');

    // At the till: the payment dialog offers cash, and no card.
    const till = await openTill(harness, server);
    await logIn(till.page, server, 'cashier');
    await gridReady(till.page);
    await till.page.locator('#product-grid .tile').first().click();
    await cartSettled(till.page);
    await till.page.getByRole('button', { name: 'Pay', exact: true }).click();
    const tenders = till.page.getByRole('radio');
    await tenders.first().waitFor();
    expect(await tenders.allTextContents()).toEqual(['Cash']);
    expect(pageErrors).toEqual([]);
  });

  it('shows a cashier no managers’ screens, and a shop manager no backup', async () => {
    const cashier = await openTill(harness, server);
    await logIn(cashier.page, server, 'cashier');
    await cashier.page.locator('#nav-history').waitFor();
    expect(await cashier.page.locator('#nav-settings').count()).toBe(0);
    expect(await cashier.page.getByRole('tab').count()).toBe(0);

    const manager = await openTill(harness, server);
    await openManage(manager.page, server, 'shop_manager', 'Settings');
    const tabs = await manager.page.getByRole('tab').allTextContents();
    expect(tabs).toEqual([
      'Settings',
      'Stores',
      'Registers',
      'Payments',
      'Favourites',
      'Receipts',
      'Users',
      'Roles',
      'Logs',
      'Shop',
      'Tills',
      'Sync',
      'Products',
      'Stock',
      'Import',
    ]);

    const admin = await openTill(harness, server);
    await openManage(admin.page, server, 'administrator', 'Backup');
    expect(await admin.page.getByRole('tab').allTextContents()).toContain('Backup');
  });
});
