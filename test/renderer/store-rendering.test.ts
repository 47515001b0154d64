/**
 * `useStore` renders a component again only when the part of the state it selects changed. The
 * real store and Preact, bundled by esbuild as the till is, run in Debian's Chromium; each
 * component counts its renders.
 */
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Three subscribers: one to `busy`, one to `order`, one to a pair built afresh by its selector. */
const PAGE_SCRIPT = `
import { h, render } from 'preact';
import { createStore, useStore } from './renderer/store.ts';

const store = createStore({ busy: false, order: { id: 1 }, query: '' });
const renders = { busy: 0, order: 0, pair: 0 };

function Busy() {
  renders.busy += 1;
  return h('span', null, String(useStore(store, (state) => state.busy)));
}
function Order() {
  renders.order += 1;
  return h('span', null, String(useStore(store, (state) => state.order.id)));
}
function Pair() {
  renders.pair += 1;
  const pair = useStore(store, (state) => ({ busy: state.busy, order: state.order }));
  return h('span', null, pair.busy + ':' + pair.order.id);
}

render(h('div', null, h(Busy), h(Order), h(Pair)), document.getElementById('root'));
window.probe = {
  renders: () => ({ ...renders }),
  text: () => document.getElementById('root').textContent,
  set: (change) => store.set(change),
};
`;

interface Probe {
  renders(): Record<'busy' | 'order' | 'pair', number>;
  text(): string;
  set(change: Record<string, unknown>): void;
}

let browser: Browser;
let page: Page;

/** Applies a change and waits for Preact's batched rendering to run. */
async function change(patch: Record<string, unknown>): Promise<Record<'busy' | 'order' | 'pair', number>> {
  return page.evaluate(async (value) => {
    const probe = (globalThis as unknown as { probe: Probe }).probe;
    probe.set(value);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return probe.renders();
  }, patch);
}

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: PAGE_SCRIPT, loader: 'ts', resolveDir: ROOT, sourcefile: 'store-probe.ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['chrome120'],
    logLevel: 'silent',
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], timeout: 10_000 });
  page = await browser.newPage();
  await page.setContent('<div id="root"></div>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});

afterAll(async () => {
  await browser.close();
});

describe('useStore', () => {
  it('renders again only the components whose selected part changed', async () => {
    expect(await page.evaluate(() => (globalThis as unknown as { probe: Probe }).probe.renders())).toEqual({ busy: 1, order: 1, pair: 1 });

    // Neither part any component selects: nobody renders.
    expect(await change({ query: 'a' })).toEqual({ busy: 1, order: 1, pair: 1 });
    // `busy` changed: its subscriber and the pair render, the order's does not.
    expect(await change({ busy: true })).toEqual({ busy: 2, order: 1, pair: 2 });
    // A new order object with the same id: the id's subscriber stays, the pair holds the object and renders.
    expect(await change({ order: { id: 1 } })).toEqual({ busy: 2, order: 1, pair: 3 });
    expect(await change({ order: { id: 2 } })).toEqual({ busy: 2, order: 2, pair: 4 });
    expect(await page.evaluate(() => (globalThis as unknown as { probe: Probe }).probe.text())).toBe('true2true:2');
  });
});
