/**
 * Stores, registers, receipt templates and the logs in the managers' area, in real Chromium
 * against a real server: each change is read back from the server with a token of its own.
 */
import { describe, expect, it } from 'vitest';
import { manageScreenshot, openManage, saved, serverAs } from '../helpers/manage-page.js';
import { openTill, tableRows, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: false });

describe('managers’ screens: stores, registers, receipts and logs', () => {
  it('changes a store’s tax settings, refuses a bad time zone at its field, adds a store and assigns who sells in it', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Stores');
    const taxes = page.getByRole('form', { name: 'Tax settings' });
    await taxes.getByLabel('Prices include tax').check();
    await taxes.getByLabel('Tax based on').selectOption('billing');
    await taxes.getByRole('group', { name: 'Tax address' }).getByLabel('Country').fill('GB');
    await taxes.getByRole('button', { name: 'Save tax settings' }).click();
    await saved(page, 'Tax settings: saved.');
    const store = (await serverAs(server, 'shop_manager', 'GET', '/stores/1/edit')).body;
    expect(store.prices_include_tax).toBe(true);
    expect(store.tax_based_on).toBe('billing');
    expect(store.tax_address.country).toBe('GB');

    const details = page.getByRole('form', { name: 'Store details' });
    await details.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.locator('#store-1-details-timezone-error', { hasText: 'must be an IANA time zone such as Europe/London' }).waitFor();
    expect((await serverAs(server, 'shop_manager', 'GET', '/stores/1/edit')).body.timezone).not.toBe('Mars/Olympus_Mons');
    await manageScreenshot(page, 'stores');

    await page.getByLabel('New store’s name').fill('Harbour Kiosk');
    await page.getByRole('button', { name: 'Add store' }).click();
    await saved(page, 'The store is added.');
    const stores = (await serverAs(server, 'cashier', 'GET', '/stores')).body as Array<{ id: number; name: string }>;
    const kiosk = stores.find((candidate) => candidate.name === 'Harbour Kiosk');
    expect(kiosk).toBeDefined();
    await page.getByRole('form', { name: 'Store details' }).getByLabel('Store name').waitFor();
    expect(await page.getByLabel('Store', { exact: true }).inputValue()).toBe(String(kiosk!.id));
    const sellers = page.getByRole('form', { name: 'Who sells in this store' });
    await sellers.getByLabel(/\(test-cashier\)$/).check();
    await sellers.getByRole('button', { name: 'Save users' }).click();
    await saved(page, 'The store’s users are saved.');
    expect((await serverAs(server, 'shop_manager', 'GET', `/stores/${kiosk!.id}/users`)).body.user_ids).toEqual([server.users.cashier.id]);
    expect(pageErrors).toEqual([]);
  });

  it('renames a register, refuses an empty name at its field, and adds one', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Registers');
    const name = page.getByLabel('Name of register 1');
    await name.fill('');
    await page.locator('#registers-table').getByRole('button', { name: 'Save' }).first().click();
    await page.locator('#register-1-name-error', { hasText: 'name must not be empty' }).waitFor();
    await name.fill('Front till');
    await page.locator('#registers-table').getByRole('button', { name: 'Save' }).first().click();
    await saved(page, 'Register 1 is saved.');
    expect((await serverAs(server, 'cashier', 'GET', '/registers/1')).body.name).toBe('Front till');

    await page.getByLabel('New register’s name').fill('Back till');
    await page.getByRole('button', { name: 'Add register' }).click();
    await saved(page, 'The register is added.');
    await page.getByLabel('Name of register 2').waitFor();
    const registers = (await serverAs(server, 'cashier', 'GET', '/registers')).body as Array<{ name: string; status: string }>;
    expect(registers.map((register) => register.name)).toEqual(['Front till', 'Back till']);
    await manageScreenshot(page, 'registers');
    expect(pageErrors).toEqual([]);
  });

  it('previews a receipt template as the server renders it, and chooses the one the server then prints with', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Receipts');
    const templates = (await serverAs(server, 'cashier', 'GET', '/templates?type=receipt')).body as Array<{
      id: number | string;
      title: string;
      is_active: boolean;
    }>;
    const other = templates.find((template) => !template.is_active);
    if (other === undefined) throw new Error('the gallery has a single receipt template');
    // The preview is the server's rendering of a sample sale with that template.
    await page.getByRole('button', { name: `Preview ${other.title}` }).click();
    const preview = page.getByRole('region', { name: `Preview of ${other.title}` });
    await preview.locator('#template-preview').getByText('Butter croissant').first().waitFor();
    // The gallery's first template is the active one; the next is the A4 invoice, previewed as such.
    expect(other.id).toBe('a4-invoice');
    await preview.locator('#template-preview').getByText('Invoice', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Use ${other.title}` }).click();
    await saved(page, `${other.title} now prints the receipts.`);
    expect((await serverAs(server, 'cashier', 'GET', '/templates/active?type=receipt')).body.id).toBe(other.id);
    await page.locator('#templates-table tr', { hasText: other.title }).getByText('Active').waitFor();
    await manageScreenshot(page, 'receipts');
    expect(pageErrors).toEqual([]);
  });

  it('shows the logs and the audit trail with the server’s filters', async () => {
    await serverAs(server, 'shop_manager', 'POST', '/settings/checkout', { prevent_overselling: true });
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Logs');
    await page.locator('#logs-table[aria-busy="false"] tbody tr').first().waitFor();
    await page.getByLabel('Source').selectOption('audit');
    await page.getByLabel('Action (e.g. user.create)').fill('settings.update');
    await page.getByLabel('By').selectOption(String(server.users.shop_manager.id));
    await page.getByRole('button', { name: 'Show entries' }).click();
    const rows = page.locator('#logs-table[aria-busy="false"] tbody tr');
    const audit = (await serverAs(server, 'administrator', 'GET', `/logs?source=audit&action=settings.update&user=${server.users.shop_manager.id}&per_page=50`))
      .body;
    await tableRows(page, '#logs-table', audit.entries.length);
    expect(await rows.filter({ hasText: 'test-manager updated settings checkout (prevent_overselling)' }).count()).toBeGreaterThan(0);
    await manageScreenshot(page, 'logs');
    // Someone who changed nothing: no entries, and none of the earlier ones left under the filter.
    await page.getByLabel('By').selectOption(String(server.users.cashier.id));
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('No entries match.').waitFor();
    expect(await rows.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
