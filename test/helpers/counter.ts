/**
 * Shared steps of the counter tests (test/renderer/counter-*.test.ts): the server's view of a
 * product or an order through a token of its own, and the till's search and tiles.
 */
import type { Page } from 'playwright-core';
import type { RoleName } from '../../shared/access.js';
import { api, login, type TestServer } from './server.js';
import { cartSettled } from './till-page.js';

export async function token(server: TestServer, role: RoleName): Promise<string> {
  return (await login(server, role)).access_token;
}

export async function product(server: TestServer, name: string): Promise<{ id: number; price: string }> {
  const found = await api(server, 'GET', `/products?search=${encodeURIComponent(name)}&per_page=20`, { token: await token(server, 'cashier') });
  const match = (found.body as Array<{ id: number; name: string; price: string }>).find((candidate) => candidate.name === name);
  if (match === undefined) throw new Error(`the demo catalogue has no ${name}`);
  return match;
}

export async function serverOrder(server: TestServer, id: number): Promise<any> {
  return (await api(server, 'GET', `/orders/${id}`, { token: await token(server, 'shop_manager') })).body;
}

/** The order id in the cart's heading ("Order 12"). */
export function orderIdOf(heading: string | null): number {
  const match = /Order (\d+)/.exec(heading ?? '');
  if (match === null) throw new Error(`no order number in "${heading}"`);
  return Number(match[1]);
}

export async function cartOrderId(page: Page): Promise<number> {
  return orderIdOf(await page.locator('.cart-head h2').textContent());
}

/** Searches by the search box and waits for the results. */
export async function searchFor(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(term);
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  // Results or "No products match": the old results are gone as soon as the search starts.
  await page.locator('#products-view[aria-busy="false"]').locator('#product-grid .tile, #product-empty').first().waitFor();
}

/** Taps a product's tile and waits for the cart's answer. */
export async function addByTile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await cartSettled(page);
}
