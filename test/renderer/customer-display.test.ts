/**
 * The customer display (/app/display) in real Chromium against a real server with the demo
 * catalogue: the till and the display are two pages of one browser profile, as the desktop app's
 * two windows are. A scanned line reaches the display within 200 ms of the scan's Enter, measured
 * in the pages themselves; the total, the cash given and the change follow; nothing of the cashier,
 * the stock or the till's tools is on it, and it asks the server for nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { product as productOf, serverOrder as serverOrderOf } from '../helpers/counter.js';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, screenshot, useHarness, WAIT_MS } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

/** The bound: the display follows the register's sale within 200 ms. */
const FOLLOW_MS = 200;

async function barcodeOf(name: string): Promise<string> {
  const { id } = await productOf(server, name);
  const { access_token } = await login(server, 'cashier');
  const found = await api(server, 'GET', `/products/${id}?_fields=barcode`, { token: access_token });
  return (found.body as { barcode: string }).barcode;
}

/**
 * On a page: records in `window.shownAt[key]` the page-side time (on the clock both pages share)
 * at which an element matching `selector` with the text `name` first appears.
 */
function watchFor(page: Page, key: string, selector: string, name: string): Promise<void> {
  return page.evaluate(
    ([key, selector, wanted]) => {
      const inPage = globalThis as any;
      const shown: Record<string, number> = (inPage.shownAt ??= {});
      const observer = new inPage.MutationObserver(() => {
        const elements: Array<{ textContent: string | null }> = Array.from(inPage.document.querySelectorAll(selector));
        if (elements.some((element) => element.textContent === wanted)) {
          shown[key] = Number(inPage.performance.timeOrigin) + Number(inPage.performance.now());
          observer.disconnect();
        }
      });
      observer.observe(inPage.document.body, { childList: true, subtree: true, characterData: true });
    },
    [key, selector, name] as const,
  );
}

/**
 * A scanner's burst typed inside the page, a key every 2 ms, then Enter: keys sent one by one from
 * here arrive as far apart as the loaded machine makes them, and a gap over the wedge's 50 ms turns
 * a scan into typing. The till's page records the Enter's time itself (`scanEnterAt`).
 */
function scanBurst(page: Page, code: string): Promise<void> {
  return page.evaluate(async (code) => {
    const inPage = globalThis as any;
    const target = inPage.document.activeElement ?? inPage.document.body;
    for (const key of [...code.split(''), 'Enter']) {
      target.dispatchEvent(new inPage.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }, code);
}

function shownAt(page: Page, key: string): Promise<number | undefined> {
  return page.evaluate((key): number | undefined => (globalThis as any).shownAt?.[key], key);
}

describe('the customer display', () => {
  it('follows the sale within 200 ms of a scan, then shows the cash given and the change, and nothing else', async () => {
    const baguetteCode = await barcodeOf('Baguette');
    const { page: till, context, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    // The scan's Enter as the till's page received it, on the same clock as the display's.
    await till.evaluate(() => {
      const inPage = globalThis as any;
      inPage.addEventListener(
        'keydown',
        (event: { key: string; timeStamp: number }) => {
          if (event.key === 'Enter') inPage.scanEnterAt = Number(inPage.performance.timeOrigin) + event.timeStamp;
        },
        { capture: true },
      );
    });
    const display = await context.newPage();
    display.setDefaultTimeout(WAIT_MS);
    const displayErrors: string[] = [];
    const displayRequests: string[] = [];
    display.on('pageerror', (error) => displayErrors.push(error.message));
    display.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pos/v1/')) displayRequests.push(request.url());
    });
    await display.goto(`${server.origin}/app/display`);
    await display.getByText('This till is closed.').waitFor();

    await logIn(till, server, 'cashier');
    await gridReady(till);
    await display.getByText('Your items will appear here.').waitFor();

    // The scanned item by name, then its line as the server priced it; the cart's line on the till.
    await watchFor(display, 'scanned', '.display-line .display-name', 'Baguette');
    await watchFor(display, 'priced', '.display-line:not(.display-adding) .display-name', 'Baguette');
    await watchFor(till, 'cart', '.cart-line-name', 'Baguette');
    await till.bringToFront();
    await scanBurst(till, baguetteCode);
    await display.locator('.display-line:not(.display-adding)', { hasText: 'Baguette' }).waitFor();
    await till.getByRole('region', { name: 'Cart' }).getByText('Baguette').waitFor();
    const scannedAt = await till.evaluate((): number | undefined => (globalThis as any).scanEnterAt);
    const [scanned, priced, cart] = [await shownAt(display, 'scanned'), await shownAt(display, 'priced'), await shownAt(till, 'cart')];
    for (const time of [scannedAt, scanned, priced, cart]) expect(time).toBeTypeOf('number');
    const [toDisplay, behindTill] = [scanned! - scannedAt!, priced! - cart!];
    process.stdout.write(`customer display: scan to line ${toDisplay.toFixed(1)} ms; priced line ${behindTill.toFixed(1)} ms after the till's cart\n`);
    expect(toDisplay).toBeGreaterThan(0);
    expect(toDisplay).toBeLessThanOrEqual(FOLLOW_MS);
    expect(behindTill).toBeLessThanOrEqual(FOLLOW_MS);

    await cartSettled(till);
    const orderId = Number(/Order (\d+)/.exec((await till.locator('.cart-head h2').textContent()) ?? '')?.[1]);
    const order = await serverOrderOf(server, orderId);
    await display.locator('#display-total', { hasText: `$${order.total}` }).waitFor();
    expect(await display.locator('#display-tax').textContent()).toBe(`$${order.total_tax}`);

    await till.getByRole('button', { name: 'Pay', exact: true }).click();
    await till.getByLabel('Cash tendered').fill('20.00');
    await till.getByRole('button', { name: 'Complete payment' }).click();
    await till.locator('#change-due').waitFor();
    const change = (await till.locator('#change-due strong').textContent()) ?? '';
    await display.locator('#display-change', { hasText: change }).waitFor();
    expect(await display.locator('#display-tendered').textContent()).toBe('$20.00');
    const { access_token } = await login(server, 'cashier');
    const checkout = (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: access_token })).body;
    expect(change).toBe(`$${checkout.provider_data.change_due}`);
    await screenshot(display, 'customer-display');

    // Nothing the customer should not see: no cashier, no role, no stock, no controls, no server.
    const shown = (await display.locator('body').innerText()).toLowerCase();
    for (const secret of [server.users.cashier.username, 'cashier', 'stock', 'drawer', 'log out', 'lock', 'order ' + String(orderId)]) {
      expect(shown).not.toContain(secret.toLowerCase());
    }
    expect(await display.locator('button, input, select, a').count()).toBe(0);
    expect(displayRequests).toEqual([]);

    await till.getByRole('button', { name: 'New sale' }).click();
    await display.getByText('Your items will appear here.').waitFor();
    expect(pageErrors).toEqual([]);
    expect(displayErrors).toEqual([]);
  });

  it('opens from the till with "Customer display", showing the sale already in progress', async () => {
    const { page: till, context, pageErrors } = await openTill(harness, server);
    await logIn(till, server, 'cashier');
    await gridReady(till);
    await scanBurst(till, await barcodeOf('Baguette'));
    await cartSettled(till);
    await till.getByRole('region', { name: 'Cart' }).getByText('Baguette').waitFor();
    const [display] = await Promise.all([context.waitForEvent('page'), till.getByRole('button', { name: 'Customer display' }).click()]);
    display.setDefaultTimeout(WAIT_MS);
    await display.waitForLoadState();
    expect(new URL(display.url()).pathname).toBe('/app/display');
    // Opened mid-sale: it asks the till for the sale rather than waiting for the next change.
    await display.locator('.display-line', { hasText: 'Baguette' }).waitFor();
    const target = await till.getByRole('button', { name: 'Customer display' }).boundingBox();
    expect(target?.height ?? 0).toBeGreaterThanOrEqual(44);
    const topbar = await till.locator('.topbar').evaluate((bar) => ({ scroll: bar.scrollWidth, client: bar.clientWidth }));
    expect(topbar.scroll).toBeLessThanOrEqual(topbar.client);
    expect(pageErrors).toEqual([]);
  });
});
