import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageScreenshot, openManage, saved } from '../helpers/manage-page.js';
import { startPairedTill, type PairedTill } from '../helpers/paired-tills.js';
import { openTill, startHarness, stopHarness, type TillHarness } from '../helpers/till-page.js';
import { invite, peersCli, tillCredentials } from '../helpers/tills.js';

/*
 * Settings → Tills, as a manager pairs a second till: the invitation's code and command on the
 * screen, `tillbase peers join` typed on the new till with them, the new till listed, then removed.
 */
describe('the managers’ Tills screen', () => {
  let harness: TillHarness;
  let a: PairedTill;
  let b: PairedTill;
  let c: PairedTill;

  beforeAll(async () => {
    harness = await startHarness([]);
    a = await startPairedTill();
    b = await startPairedTill();
    c = await startPairedTill();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close(), c.server.close()]);
    await stopHarness(harness);
  });

  it('invites a till with a code the new till joins with, lists it, and removes it', async () => {
    const { page, pageErrors } = await openTill(harness, a.server);
    await openManage(page, a.server, 'shop_manager', 'Tills');
    await page.locator('#tills-none').waitFor();

    await page.getByRole('button', { name: 'Invite a till' }).click();
    const code = (await page.locator('#till-invitation-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const command = (await page.locator('#till-invitation-command').textContent()) ?? '';
    const [, address = '', fingerprint = ''] = /^tillbase peers join (\S+) --code-stdin --fingerprint (\S+)$/.exec(command) ?? [];
    // What the screen says to type on the new till, typed there.
    const joined = await peersCli(b.server, ['join', address, '--code-stdin', '--fingerprint', fingerprint], `${code}\n`);
    expect(joined.code, joined.stderr).toBe(0);

    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('#tills-table tbody tr', { hasText: 'Till B' });
    await row.waitFor();
    await manageScreenshot(page, 'tills');

    await row.getByRole('button', { name: 'Remove Till B' }).click();
    await page.getByRole('button', { name: 'Yes, remove Till B' }).click();
    await saved(page, 'Till B is removed');
    await page.locator('#tills-none').waitFor();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('joins a shop from the screen of a till alone: a wrong code is refused there, the right one pairs it', async () => {
    const invitation = await invite(a.server);
    const { page, pageErrors } = await openTill(harness, c.server);
    await openManage(page, c.server, 'shop_manager', 'Tills');
    await page.locator('#tills-none').waitFor();
    const wrong = invitation.code === '000000' ? '000001' : '000000';

    await page.getByLabel('Address of the inviting till').fill(invitation.address);
    await page.getByLabel('Code', { exact: true }).fill(wrong);
    await page.getByLabel('Shop fingerprint (optional)').fill(invitation.fingerprint);
    await page.getByRole('button', { name: 'Join the shop' }).click();
    await page.locator('#status-message', { hasText: 'Wrong code' }).waitFor();
    expect(() => tillCredentials(c.server.dataDir)).toThrow(/not paired/);

    await page.getByLabel('Code', { exact: true }).fill(invitation.code);
    await page.getByRole('button', { name: 'Join the shop' }).click();
    await saved(page, /This till is Till \w of the shop now/);
    await page.locator('#tills-table tbody tr', { hasText: 'Till A' }).waitFor();
    expect(tillCredentials(c.server.dataDir).ca).toBe(tillCredentials(a.server.dataDir).ca);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
