/**
 * The drawer after a cash sale, in real Chromium against a real server: the checkout's answer
 * carries whether the pulse reached the drawer's printer, and the till tells the cashier plainly
 * when it did not (on the receipt with the change, and on the status line), and nothing when it
 * opened. A TCP listener on 127.0.0.1 stands in for the network receipt printer; an address whose
 * listener was closed again refuses the connection as an unplugged printer's does.
 */
import { describe, expect, it } from 'vitest';
import { PIN_2_PULSE, refusingAddress, useStandInPrinter } from '../helpers/drawer-printer.js';
import { addByTile, searchFor } from '../helpers/counter.js';
import { serverAs } from '../helpers/manage-page.js';
import { gridReady, logIn, openTill, screenshot, statusText, useHarness } from '../helpers/till-page.js';

const printer = useStandInPrinter();
const { harness, server } = useHarness({ catalogue: true });

describe('the drawer after a cash sale', () => {
  it('says plainly that the drawer did not open when its printer refuses, and nothing when it opens', async () => {
    const refusing = await refusingAddress();
    expect((await serverAs(server, 'shop_manager', 'PATCH', '/registers/1', { drawer_printer: refusing })).status).toBe(200);
    const register = (await serverAs(server, 'cashier', 'GET', '/registers/1')).body as { session: unknown };
    if (register.session === null) expect((await serverAs(server, 'cashier', 'POST', '/registers/1/open', { opening_float: '50.00' })).status).toBe(201);

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Drip Coffee');
    await addByTile(page, 'Drip Coffee');
    await page.locator('#quick-cash').click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.waitFor();
    const told = `The drawer did not open: the printer at ${refusing} did not answer. Open it with the key.`;
    await receipt.locator('#drawer-not-opened', { hasText: told }).waitFor();
    expect(await statusText(page)).toBe(told);
    await screenshot(page, 'drawer-not-opened');
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The printer answers: the pulse goes, and the receipt shows the change with nothing about the drawer.
    const live = await printer.address;
    expect((await serverAs(server, 'shop_manager', 'PATCH', '/registers/1', { drawer_printer: live })).status).toBe(200);
    await searchFor(page, 'Drip Coffee');
    await addByTile(page, 'Drip Coffee');
    await page.locator('#quick-cash').click();
    await receipt.locator('#change-due').waitFor();
    expect(await printer.kicks(1)).toEqual([PIN_2_PULSE]);
    expect(await receipt.locator('#drawer-not-opened').count()).toBe(0);
    expect(await page.locator('#status').count()).toBe(0);
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    // A part paid in cash opens the drawer too: with the printer refusing, the payment dialog says so.
    expect((await serverAs(server, 'shop_manager', 'PATCH', '/registers/1', { drawer_printer: refusing })).status).toBe(200);
    await searchFor(page, 'Drip Coffee');
    await addByTile(page, 'Drip Coffee');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Amount paid this way (empty: all that is due)').fill('1.00');
    await payment.getByRole('button', { name: 'Pay this part' }).click();
    await payment.locator('#payment-error', { hasText: told }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
