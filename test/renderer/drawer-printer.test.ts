/**
 * The cash drawer's printer in real Chromium against a real server: a manager sets it on the
 * Registers screen (a wrong address refused next to the field), tests it, and a cashier's no-sale
 * opens the drawer and says so. A TCP listener on 127.0.0.1 stands in for the network receipt
 * printer: the five ESC/POS bytes it receives are the real protocol.
 */
import { describe, expect, it } from 'vitest';
import { PIN_5_PULSE, useStandInPrinter } from '../helpers/drawer-printer.js';
import { openManage, saved, serverAs } from '../helpers/manage-page.js';
import { logIn, openTill, SCREENSHOT_DIR, useHarness } from '../helpers/till-page.js';

const printer = useStandInPrinter();
const { harness, server } = useHarness({ catalogue: true });

describe('the cash drawer printer', () => {
  it('a manager sets it on the Registers screen and tests it; a cashier’s no-sale opens the drawer', async () => {
    const address = await printer.address;
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Registers');
    const field = page.locator('#register-1-printer');
    const save = page.locator('#registers-table').getByRole('button', { name: 'Save' }).first();
    await field.fill('the printer by the door');
    await save.click();
    await page.locator('#register-1-printer-error', { hasText: 'network address' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect((await serverAs(server, 'cashier', 'GET', '/registers/1')).body.drawer_printer).toBe('');

    await field.fill(address);
    await page.locator('#register-1-pin').selectOption('5');
    await save.click();
    await saved(page, 'Register 1 is saved.');
    expect((await serverAs(server, 'cashier', 'GET', '/registers/1')).body).toMatchObject({ drawer_printer: address, drawer_pin: 5 });

    const test = page.locator('#registers-table').getByRole('button', { name: 'Test the drawer' }).first();
    expect((await test.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await test.click();
    await saved(page, 'The drawer is open.');
    expect(await printer.kicks(1)).toEqual([PIN_5_PULSE]);
    // README's copy: docs/screenshots/manage-registers-drawer.png.
    await page.screenshot({ path: `${SCREENSHOT_DIR}manage-registers-drawer.png` });
    expect(pageErrors).toEqual([]);

    // The cashier's no-sale from the Drawer screen: the pulse goes, and the till says the drawer opened.
    const register = (await serverAs(server, 'cashier', 'GET', '/registers/1')).body as { session: unknown };
    if (register.session === null) expect((await serverAs(server, 'cashier', 'POST', '/registers/1/open', { opening_float: '50.00' })).status).toBe(201);
    const cashier = await openTill(harness, server);
    await logIn(cashier.page, server, 'cashier');
    await cashier.page.locator('#nav-drawer').click();
    await cashier.page.getByRole('button', { name: 'No sale: open the drawer' }).click();
    await saved(cashier.page, 'No sale recorded. The drawer is open.');
    expect(await printer.kicks(1)).toEqual([PIN_5_PULSE]);
    expect(cashier.pageErrors).toEqual([]);
  });
});
