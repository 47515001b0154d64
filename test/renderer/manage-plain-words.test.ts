/**
 * What was left of issue 33 on the managers' screens, in real Chromium against a real server with
 * the demo catalogue: every tab reachable at 1024×768; the audit trail in shop time like the rest;
 * no developer words (keys, codes, template engines) where a shop manager reads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product, token as tokenOf } from '../helpers/counter.js';
import { openManage, serverAs } from '../helpers/manage-page.js';
import { api } from '../helpers/server.js';
import { openTill, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

/** The strings a developer reads and a shop manager does not (issue 33). */
const DEVELOPER_WORDS = ['manage_sync', 'Force SSL', 'Default customer 0', '_global_unique_id', 'logicless', 'html, 80mm', 'Register 1 (register 1)'];

/**
 * What the manager reads on the open tab: the panel's text with each field's value where the field
 * is (a select's chosen option), spaced as it shows; folded Details left out.
 */
async function panelText(page: Page): Promise<string> {
  return page.locator('#manage-panel').evaluate((panel) => {
    const copy = panel.cloneNode(true) as any;
    const fields = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select';
    const originals = Array.from<any>(panel.querySelectorAll(fields));
    Array.from<any>(copy.querySelectorAll(fields)).forEach((field, index) => {
      const original = originals[index];
      const value = original.tagName === 'SELECT' ? (original.selectedOptions[0]?.textContent ?? '') : original.value;
      field.replaceWith(` ${value} `);
    });
    for (const fold of Array.from<any>(copy.querySelectorAll('details'))) fold.remove();
    for (const block of Array.from<any>(copy.querySelectorAll('label, p, td, th, legend, h2, h3, li, span, button'))) block.append(' ');
    return (copy.textContent as string).replace(/\s+/g, ' ');
  });
}

/** A GMT stamp (`2026-11-29T10:40:05`, maybe with milliseconds and Z) as the shop's wall clock reads it: `29 Nov 2026, 02:40`. */
function shopTime(gmt: string, timeZone: string): string {
  const when = new Date(/Z$/.test(gmt) ? gmt : `${gmt}Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(when)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

describe('the managers’ tab strip at 1024×768', () => {
  it('shows every tab where it can be clicked, and each opens its screen', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1024, height: 768 } });
    await openManage(page, server, 'administrator', 'Settings');
    const tabs = page.getByRole('tablist', { name: 'Managers’ screens' }).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Products', 'Stock', 'Import', 'Backup']));
    await screenshot(page, 'manage-tabs-1024');
    for (const name of names) {
      const tab = page.getByRole('tab', { name, exact: true });
      // In sight as the page stands, before any scrolling: not cut off by the window or the strip.
      const box = await tab.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(1024);
      const onTop = await tab.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const doc = (globalThis as any).document;
        return element.contains(doc.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
      });
      expect(onTop, name).toBe(true);
      await tab.click();
      expect(await tab.getAttribute('aria-selected'), name).toBe('true');
    }
    expect(pageErrors).toEqual([]);
  });
});

describe('the managers’ words', () => {
  it('shows no developer words on any tab or settings group', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Settings');
    const seen: string[] = [];
    const groups = page.getByRole('group', { name: 'Settings groups' }).getByRole('button');
    for (const group of await groups.allTextContents()) {
      await page.getByRole('group', { name: 'Settings groups' }).getByRole('button', { name: group, exact: true }).click();
      await page.locator('#manage-panel form').first().waitFor();
      seen.push(`settings ${group}: ${await panelText(page)}`);
    }
    const names = await page.getByRole('tablist', { name: 'Managers’ screens' }).getByRole('tab').allTextContents();
    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.locator('#manage-panel .empty', { hasText: 'Loading…' }).waitFor({ state: 'detached' });
      await page.locator('#manage-panel [aria-busy="true"]').first().waitFor({ state: 'detached' });
      seen.push(`${name}: ${await panelText(page)}`);
    }
    // The X and Z reports (the Drawer screen shows the Z report's page after a close) name the register once.
    const admin = await tokenOf(server, 'administrator');
    const [register] = (await api(server, 'GET', '/registers', { token: admin })).body;
    if (register.session === null) await api(server, 'POST', `/registers/${register.id}/open`, { token: admin, body: { opening_float: '0.00', note: '' } });
    const report = await fetch(`${server.apiUrl}/registers/${register.id}/session?format=html`, { headers: { authorization: `Bearer ${admin}` } });
    seen.push(`X report: ${await report.text()}`);
    const found = DEVELOPER_WORDS.flatMap((words) =>
      seen.filter((text) => text.includes(words)).map((text) => `${words} on ${text.slice(0, text.indexOf(':'))}`),
    );
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('shows the shop’s time, without UTC or milliseconds, while the API keeps its GMT stamp', async () => {
    const cashier = await tokenOf(server, 'cashier');
    const baguette = await product(server, 'Baguette');
    const made = await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: baguette.id }] } });
    expect(made.status).toBe(201);
    const [store] = (await serverAs(server, 'shop_manager', 'GET', '/stores')).body;
    // A zone far from UTC: a time left in UTC shows a different hour.
    expect(store.timezone).not.toMatch(/^(UTC|Etc\/|Europe\/London)/);
    const [newest] = (await serverAs(server, 'shop_manager', 'GET', '/logs?source=audit&per_page=1')).body.entries;

    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Logs');
    await page.getByLabel('Source').selectOption('audit');
    await page.getByRole('button', { name: 'Show entries' }).click();
    const first = page.locator('#logs-table[aria-busy="false"] tbody tr').first();
    // The entry the order made, its message in words where the API's starts with the action's code.
    expect(newest.message).toBe(`order.create order ${made.body.id}`);
    await first.filter({ hasText: `New order: order ${made.body.id}` }).waitFor();
    expect(await first.locator('td').first().textContent()).toBe(shopTime(newest.timestamp, store.timezone));
    // The source by its name; the action's code only under the row's Details fold.
    expect(await first.locator('td').nth(2).textContent()).toBe('Audit trail');
    const action = newest.context.action as string;
    expect(await first.locator('td').nth(3).locator('details').textContent()).toContain(action);
    const folded = await first
      .locator('td')
      .nth(3)
      .evaluate((cell) => {
        const copy = cell.cloneNode(true) as any;
        copy.querySelector('details')?.remove();
        return copy.textContent as string;
      });
    expect(folded).not.toContain(action);
    expect(pageErrors).toEqual([]);
  });
});
