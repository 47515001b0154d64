// The reports section of `npm run bench` (issue 31, item 3): the shop's X report of one day
// (`GET /reports/shop`) at a till holding a year of its own sales and a year of another till's,
// against the same day's report at a till holding that day alone, in the same run. The day's
// entries are the same in both, so the ratio is what the year around the day costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDirDatabase, userAdminFor } from '../dist/server/start.js';
import { percentile, send } from './load.mjs';
import { loginToken, startServe } from './sales-load.mjs';

const DAYS = 365;
const SALES_A_DAY = 150;
/** The day reported, in the middle of the year (the bench's store is on UTC). */
const DAY = '2025-07-01';
const FIRST_DAY = Date.parse('2025-01-01T00:00:00Z');
const REQUESTS = 200;

/** A sale's journal payload and the other till's order, about the size of a two-line sale's. */
const salePayload = JSON.stringify({
  type: 'sale',
  order: { id: 1, number: '1', currency: 'GBP' },
  lines: [
    { item_id: 1, type: 'line_item', name: 'Drip Coffee', sku: 'COF-009', quantity: 2, total: '5.50', tax: '1.10' },
    { item_id: 2, type: 'line_item', name: 'Butter Croissant', sku: 'BAK-001', quantity: 1, total: '3.75', tax: '0.75' },
  ],
  taxes: [{ rate_id: 1, label: 'VAT', rate: '20', amount: '1.85' }],
  totals: { gross: '11.10', discount: '0.00', tax: '1.85', total: '11.10' },
  tenders: [{ gateway_id: 'pos_cash', amount: '11.10', tendered: '20.00', change: '8.90', transaction_id: '' }],
});
const orderBody = JSON.stringify({
  total: '11.10',
  payment_method: 'pos_cash',
  payment_method_title: 'Cash',
  refunds: [],
  line_items: JSON.parse(salePayload).lines,
  billing: { first_name: '', last_name: '', address_1: '', city: '', postcode: '', country: 'GB', email: '', phone: '' },
});

/** A data directory with a manager and, on each day of `days`, this till's sales and another till's. */
async function shopDataDir(prefix, days) {
  const dir = mkdtempSync(join(tmpdir(), `tillbase-bench-${prefix}-`));
  const db = openDataDirDatabase(dir);
  await userAdminFor(db).addUser({ username: 'manager', role: 'shop_manager', password: 'bench-password' });
  const journal = db.prepare(
    `INSERT INTO journal (id, register_id, sequence, kind, order_id, payload, previous_hash, hash, date_created_gmt)
     VALUES (?, 1, ?, 'sale', NULL, ?, '', '', ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO shop_entries (till_id, till_sequence, entry_id, kind, order_id, hash, date_created_gmt) VALUES ('till-b', ?, ?, 'sale', ?, '', ?)`,
  );
  const order = db.prepare(
    `INSERT INTO shop_orders (till_id, order_id, till_name, number, status, total, date_paid_gmt, latest_sequence, body)
     VALUES ('till-b', ?, 'Till B', ?, 'completed', '11.10', ?, ?, ?)`,
  );
  let sequence = 0;
  db.transaction(() => {
    db.prepare("INSERT INTO shop_tills (id, name, head_sequence) VALUES ('till-b', 'Till B', 0)").run();
    for (const day of days) {
      for (let sale = 0; sale < SALES_A_DAY; sale += 1) {
        sequence += 1;
        // The day's sales from 08:00 to 20:00 UTC.
        const date = new Date(FIRST_DAY + day * 86_400_000 + 8 * 3_600_000 + sale * Math.floor(43_200_000 / SALES_A_DAY)).toISOString().slice(0, 19);
        journal.run(`bench-${sequence}`, sequence, salePayload, date);
        entry.run(sequence, `b-${sequence}`, sequence, date);
        order.run(sequence, `B-${sequence}`, date, sequence, orderBody);
      }
    }
  })();
  db.close();
  return dir;
}

/** The p95 (ms) of the day's report at a till over `dir`, one request at a time; checks the day's figures. */
async function reportP95(dir) {
  const server = await startServe(dir);
  const agent = new Agent({ keepAlive: true });
  try {
    const token = await loginToken(server.apiUrl, 'manager', 'bench-password');
    const url = `${server.apiUrl}/reports/shop?date=${DAY}`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await send(agent, url, { headers, collect: true });
    const text = String(first.body);
    const sales = JSON.parse(text).shop.sales;
    if (sales !== 2 * SALES_A_DAY) throw new Error(`the day's report counts ${sales} sales, not ${2 * SALES_A_DAY}: ${text.slice(0, 300)}`);
    for (let warm = 0; warm < 20; warm += 1) await send(agent, url, { headers });
    const latencies = [];
    for (let request = 0; request < REQUESTS; request += 1) {
      const started = performance.now();
      const answer = await send(agent, url, { headers });
      if (answer.status !== 200) throw new Error(`the report answered ${answer.status}`);
      latencies.push(performance.now() - started);
    }
    return percentile(latencies, 95);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

export async function shopReportBench(report) {
  const measured = (Date.parse(`${DAY}T00:00:00Z`) - FIRST_DAY) / 86_400_000;
  const year = await shopDataDir(
    'report-year',
    Array.from({ length: DAYS }, (_, day) => day),
  );
  const oneDay = await shopDataDir('report-day', [measured]);
  try {
    const alone = await reportP95(oneDay);
    const amid = await reportP95(year);
    report(`shop X report p95, a day of 2 × ${SALES_A_DAY} sales amid a year of both tills'`, amid, 50, 'ms');
    report('shop X report p95, the day alone (baseline)', alone, 50, 'ms');
    report('shop X report p95 ratio, amid a year / the day alone', amid / alone, 1.5, '×');
  } finally {
    rmSync(year, { recursive: true, force: true });
    rmSync(oneDay, { recursive: true, force: true });
  }
}
