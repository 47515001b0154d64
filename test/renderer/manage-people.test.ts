/**
 * Users and roles in the managers' area, in real Chromium against a real server: a user added in
 * the form can log in, a password reset and a role change apply, a PIN is set and removed, and a
 * role given a capability lets its users in where they were refused before.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { manageScreenshot, openManage, saved, serverAs } from '../helpers/manage-page.js';
import { openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: false });

async function loginStatus(username: string, password: string): Promise<{ status: number; roles: string[] }> {
  const response = await api(server, 'POST', '/auth/login', { body: { username, password } });
  return { status: response.status, roles: response.status === 200 ? response.body.user.roles : [] };
}

async function userNamed(username: string): Promise<any> {
  const users = (await serverAs(server, 'administrator', 'GET', '/users?per_page=100')).body as Array<{ username: string }>;
  return users.find((user) => user.username === username);
}

describe('managers’ screens: users and roles', () => {
  it('adds a user who can then log in, resets their password, changes their role and sets and removes their PIN', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Users');
    const add = page.getByRole('form', { name: 'Add a user' });
    await add.getByLabel('Username').fill('sam');
    await add.getByLabel('Name shown at the till').fill('Sam Saturday');
    await add.getByLabel('Password').fill('short');
    await add.getByLabel('Role').selectOption('cashier');
    await add.getByLabel('PIN (optional)').fill('4321');
    await add.getByRole('button', { name: 'Add user' }).click();
    // The server's rule, in its words, under the password field; nobody was added.
    await page.locator('#add-user-password-error', { hasText: 'must be at least 8 characters long' }).waitFor();
    expect(await add.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await userNamed('sam')).toBeUndefined();
    await manageScreenshot(page, 'users-invalid');

    await add.getByLabel('Password').fill('sam-password-1');
    await add.getByRole('button', { name: 'Add user' }).click();
    await saved(page, 'User sam is added.');
    await page.locator('#users-table').getByText('Sam Saturday').waitFor();
    expect(await loginStatus('sam', 'sam-password-1')).toEqual({ status: 200, roles: ['cashier'] });
    expect((await userNamed('sam')).has_pin).toBe(true);
    await page.locator('main.content').evaluate((element) => {
      element.scrollTo(0, 0);
    });
    await manageScreenshot(page, 'users');

    await page.getByRole('button', { name: 'Change sam' }).click();
    const edit = page.getByRole('form', { name: 'Change user sam' });
    await edit.getByLabel('Role').selectOption('shop_manager');
    await edit.getByLabel('New password').fill('sam-password-2');
    await edit.getByRole('button', { name: 'Save user' }).click();
    await saved(page, 'User sam is saved.');
    expect(await loginStatus('sam', 'sam-password-1')).toEqual({ status: 401, roles: [] });
    expect(await loginStatus('sam', 'sam-password-2')).toEqual({ status: 200, roles: ['shop_manager'] });

    await page.getByRole('button', { name: 'Change sam' }).click();
    await edit.getByLabel('New PIN').fill('12');
    await edit.getByRole('button', { name: 'Save user' }).click();
    await page.locator('#edit-user-pin-error', { hasText: 'must be 4 to 8 digits' }).waitFor();
    await edit.getByLabel('New PIN').fill('');
    await edit.getByLabel('Remove the PIN').check();
    await edit.getByRole('button', { name: 'Save user' }).click();
    await saved(page, 'User sam is saved.');
    expect((await userNamed('sam')).has_pin).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('gives the cashier role a capability that the server then grants its users, and says why a grant is refused', async () => {
    expect((await serverAs(server, 'cashier', 'GET', '/settings/general')).status).toBe(403);
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Roles');
    const cashier = page.getByRole('form', { name: 'Role Cashier' });
    await cashier.getByLabel('Manage the till (settings, users, logs)').check();
    await cashier.getByRole('button', { name: 'Save role Cashier' }).click();
    await saved(page, 'Role Cashier: saved.');
    expect((await serverAs(server, 'administrator', 'GET', '/roles')).body.find((role: { name: string }) => role.name === 'cashier').capabilities).toContain(
      'manage_pos',
    );
    expect((await serverAs(server, 'cashier', 'GET', '/settings/general')).status).toBe(200);
    await manageScreenshot(page, 'roles');

    // The administrator role keeps every capability: the server's refusal is shown as it said it.
    const administrator = page.getByRole('form', { name: 'Role Administrator' });
    await administrator.getByLabel('Refund orders').uncheck();
    await administrator.getByRole('button', { name: 'Save role Administrator' }).click();
    await page.locator('#status-message', { hasText: 'The administrator role keeps every capability it has.' }).waitFor();

    // A shop manager cannot grant what their own role lacks.
    const manager = await openTill(harness, server);
    await openManage(manager.page, server, 'shop_manager', 'Roles');
    await manager.page.getByRole('form', { name: 'Role Cashier' }).getByLabel('Install extensions').check();
    await manager.page.getByRole('form', { name: 'Role Cashier' }).getByRole('button', { name: 'Save role Cashier' }).click();
    await manager.page
      .locator('#status-explanation', { hasText: 'You cannot grant or take away capabilities your own role does not have: install_plugins.' })
      .waitFor();
    expect(
      (await serverAs(server, 'administrator', 'GET', '/roles')).body.find((role: { name: string }) => role.name === 'cashier').capabilities,
    ).not.toContain('install_plugins');
    expect(pageErrors).toEqual([]);
  });

  it('lets a role given only the products capability reach the managers’ area, with just the Products, Stock and Import tabs', async () => {
    const cashier = (await serverAs(server, 'administrator', 'GET', '/roles')).body.find((role: { name: string }) => role.name === 'cashier');
    const capabilities = [...(cashier.capabilities as string[]).filter((capability) => !capability.startsWith('manage_')), 'manage_products'];
    expect((await serverAs(server, 'administrator', 'PATCH', '/roles/cashier', { capabilities })).status).toBe(200);
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'cashier', 'Products');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Products', 'Stock', 'Import']);
    await page.locator('#products-table').waitFor();
    // Nothing on the way asked for what the role may not read (the settings of the till, say).
    expect(await page.locator('#status').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
