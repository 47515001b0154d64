// The tills section of `npm run bench` (issue 31): three tills of one shop on 127.0.0.1, each with its
// own data directory, API port and mutual-TLS listener (tills-network.mjs, real TLS), each selling 2
// sales a second. Measured: the time from a sale's checkout answered at one till until the other
// tills list it in the shop's orders (their SQLite projection), and what replication costs the sale
// itself against the same three tills alone in the same run; then how fast a till that was down
// catches up. Each till runs in a process of its own (till-process.mjs), as each is a machine of its
// own; the machine's cores are shared by the three and the load, so the figures are an upper bound of
// what three machines would see.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServices } from '../dist/server/composition.js';
import { SyncSourcesRepository } from '../dist/server/data/repositories/sync-sources.js';
import { openDataDirDatabase, userAdminFor } from '../dist/server/start.js';
import { percentile, send } from './load.mjs';
import { loginToken, openRegister } from './sales-load.mjs';
import { TestShop } from './tills-network.mjs';

const NAMES = ['Till A', 'Till B', 'Till C'];
const SALES_PER_SECOND = 2;
const SECONDS = 30;
const CATCH_UP_SALES = 300;
/** Each till runs here, in a process of its own. */
const TILL_PROCESS = 'bench/till-process.mjs';

/** A till's data directory with the bench's cashier and 20 products; answers its installation id (its id in the shop). */
async function tillDataDir(name) {
  const dir = mkdtempSync(join(tmpdir(), `tillbase-bench-${name.replace(' ', '-').toLowerCase()}-`));
  const db = openDataDirDatabase(dir);
  await userAdminFor(db).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
  const products = createServices(db).repositories.products;
  for (let index = 1; index <= 20; index += 1) products.create({ type: 'simple', name: `Item ${index}`, sku: `ITEM-${index}`, regular_price: `${index}.25` });
  const id = new SyncSourcesRepository(db).tillId();
  db.close();
  return { dir, id };
}

/** Starts a till's process over its data directory; answers its API's URL and its listener's address. */
async function startTillProcess(till, credentials) {
  const child = fork(TILL_PROCESS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.started !== undefined) resolve(message.started);
    });
    child.once('exit', (code) => reject(new Error(`${till.name} exited with ${code} before it started`)));
  });
  child.send({ start: { dataDir: till.dir, id: till.id, name: till.name, credentials } });
  const { apiUrl, address } = await started;
  till.child = child;
  till.apiUrl = apiUrl;
  till.address = address;
  till.token = await loginToken(apiUrl, 'bench', 'bench-password');
  await openRegister(apiUrl, till.token);
}

function stopTillProcess(till) {
  return new Promise((resolve) => {
    till.child.once('exit', resolve);
    till.child.send({ stop: true });
  });
}

/** Each till's peers: the others, at their current addresses. */
function pairAll(tills) {
  for (const till of tills)
    till.child.send({ peers: tills.filter((other) => other !== till).map((other) => ({ id: other.id, name: other.name, address: other.address })) });
}

/** Three tills, each in its own process, paired with each other (`paired`) or each alone; each logged in with its register open. */
async function startShop(paired) {
  const shop = paired ? await TestShop.create() : undefined;
  const tills = [];
  for (const name of NAMES) {
    const { dir, id } = await tillDataDir(name);
    const till = { name, id, dir, agent: new Agent({ keepAlive: true, maxSockets: 1 }), watch: openDataDirDatabase(dir) };
    till.credentials = await shop?.credentials(id);
    await startTillProcess(till, till.credentials);
    tills.push(till);
  }
  if (paired) pairAll(tills);
  return {
    tills,
    close: async () => {
      for (const till of tills) {
        till.agent.destroy();
        till.watch.close();
        await stopTillProcess(till);
        rmSync(till.dir, { recursive: true, force: true });
      }
    },
  };
}

/** One sale of two lines paid in cash; answers the order's id and the time its checkout answered. */
async function sell(till, number) {
  const headers = { authorization: `Bearer ${till.token}` };
  const lines = [
    { sku: `ITEM-${1 + (number % 20)}`, quantity: 1 },
    { sku: `ITEM-${1 + ((number * 7) % 20)}`, quantity: 2 },
  ];
  const created = await send(till.agent, `${till.apiUrl}/orders`, { method: 'POST', headers, body: { line_items: lines }, collect: true });
  if (created.status !== 201) throw new Error(`order at ${till.name}: ${created.status} ${created.body.toString().slice(0, 200)}`);
  const order = JSON.parse(created.body.toString());
  const paid = await send(till.agent, `${till.apiUrl}/orders/${order.id}/checkout`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `bench-${till.id}-${order.id}` },
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
  });
  if (paid.status !== 200) throw new Error(`checkout at ${till.name}: ${paid.status}`);
  return { id: order.id, at: performance.now(), copies: paid.headers['x-tillbase-sale-copies'] };
}

/** Every till sells SALES_PER_SECOND a second for `seconds`; answers each sale (till, order id, when it was acknowledged) and its duration. */
async function sellSteadily(tills, seconds) {
  const sales = [];
  const interval = 1000 / SALES_PER_SECOND;
  await Promise.all(
    tills.map(async (till, index) => {
      const start = performance.now() + (index * interval) / tills.length;
      for (let number = 0; number < seconds * SALES_PER_SECOND; number += 1) {
        const due = start + number * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const began = performance.now();
        const sale = await sell(till, number);
        sales.push({ till: till.id, id: sale.id, at: sale.at, ms: sale.at - began, copies: sale.copies });
      }
    }),
  );
  return sales;
}

/** Watches each till's projection every few milliseconds; answers when each (till, order) was first seen at each other till. */
function watchProjections(tills) {
  const seen = new Map(tills.map((till) => [till.id, new Map()]));
  const last = new Map(tills.map((till) => [till.id, 0]));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const till of tills) {
      const rows = till.watch.prepare('SELECT rowid, till_id, order_id FROM shop_orders WHERE rowid > ? ORDER BY rowid').all(last.get(till.id));
      for (const row of rows) {
        seen.get(till.id).set(`${row.till_id}:${row.order_id}`, now);
        last.set(till.id, row.rowid);
      }
    }
  }, 5);
  return { seen, stop: () => clearInterval(timer) };
}

const waitUntil = async (check, timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

export async function tillsBench(report) {
  // Baseline: the same three tills, each alone, the same load.
  const alone = await startShop(false);
  let aloneMs;
  try {
    await sellSteadily(alone.tills, 3);
    aloneMs = (await sellSteadily(alone.tills, SECONDS)).map((sale) => sale.ms);
  } finally {
    await alone.close();
  }

  const paired = await startShop(true);
  try {
    const { tills } = paired;
    const watcher = watchProjections(tills);
    await sellSteadily(tills, 3);
    const sales = await sellSteadily(tills, SECONDS);
    const lags = () =>
      sales.flatMap((sale) => tills.filter((till) => till.id !== sale.till).map((till) => watcher.seen.get(till.id).get(`${sale.till}:${sale.id}`) - sale.at));
    await waitUntil(() => lags().every((lag) => !Number.isNaN(lag)), 30_000);
    watcher.stop();
    const lag = lags();
    const pairedMs = sales.map((sale) => sale.ms);
    report(
      `time until a sale is listed at the other tills, p95 (3 tills, ${SALES_PER_SECOND} sales/s each, ${lag.length} arrivals)`,
      percentile(lag, 95),
      1000,
      'ms',
    );
    console.error(`  arrivals: p50 ${percentile(lag, 50).toFixed(0)} ms, max ${Math.max(...lag).toFixed(0)} ms`);
    // Two copies before the receipt: each checkout waits (at most 300 ms) for a peer to hold the sale.
    report(
      'whole sale p99 with a peer holding it first / the same tills alone (baseline, this run)',
      percentile(pairedMs, 99) / percentile(aloneMs, 99),
      1.3,
      '×',
    );
    const heldByAPeer = sales.filter((sale) => sale.copies === 'this-till-and-a-peer').length;
    console.error(
      `  whole sale: p50 ${percentile(pairedMs, 50).toFixed(1)} / p95 ${percentile(pairedMs, 95).toFixed(1)} / p99 ${percentile(pairedMs, 99).toFixed(1)} ms with peers, ` +
        `p50 ${percentile(aloneMs, 50).toFixed(1)} / p95 ${percentile(aloneMs, 95).toFixed(1)} / p99 ${percentile(aloneMs, 99).toFixed(1)} ms alone; ` +
        `${heldByAPeer} of ${sales.length} answered as held by a peer, the others after the 300 ms wait`,
    );

    // A till down while another sells, then back: how fast it takes what it missed.
    const [a, , c] = tills;
    const held = () => c.watch.prepare('SELECT COUNT(*) AS n FROM shop_entries WHERE till_id = ?').get(a.id).n;
    const before = held();
    await stopTillProcess(c);
    for (let number = 0; number < CATCH_UP_SALES; number += 1) await sell(a, number);
    // Back at a new address, which its peers are told of, as pairing tells them; timed from then.
    await startTillProcess(c, c.credentials);
    const back = performance.now();
    pairAll(tills);
    await waitUntil(() => held() >= before + CATCH_UP_SALES, 60_000);
    const seconds = (performance.now() - back) / 1000;
    report(
      `catch-up of a till back after ${CATCH_UP_SALES} sales elsewhere (from its start to holding them all)`,
      CATCH_UP_SALES / seconds,
      100,
      'entries/s',
      false,
    );
  } finally {
    await paired.close();
  }
}
