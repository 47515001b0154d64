// Benchmarks of the pos/v1 server over real HTTP on 127.0.0.1 (npm run bench builds first).
// Each measure has a target; a missed target is reported and makes the run exit with 1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDataDirDatabase, userAdminFor } from '../dist/server/start.js';
import { ProductsRepository } from '../dist/server/data/repositories/products.js';
import { TermsRepository } from '../dist/server/data/repositories/terms.js';
import { ean13 } from '../dist/server/domain/catalogue/barcode.js';
import { seedDemoCatalogue } from '../dist/server/demo/catalogue.js';
import { productCsv } from './product-csv.mjs';
import { loginToken, openRegister, runTills, startServe } from './sales-load.mjs';

// `node bench/run.mjs --only import` runs the import while selling alone (on the same catalogue).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'import') throw new Error(`--only takes import, not ${only}`);
const everything = only === undefined;

const dataDir = mkdtempSync(join(tmpdir(), 'tillbase-bench-'));
const db = openDataDirDatabase(dataDir);
await userAdminFor(db).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
db.close();

/** The real `tillbase serve` in its own process, as at the till, so the load generator does not share its event loop. */
const serverProcess = spawn(process.execPath, ['dist/server/cli/main.js', 'serve', '--data-dir', dataDir, '--port', '0', '--secret-store', 'memory', '--no-demo', '--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
const server = await new Promise((resolve, reject) => {
  let output = '';
  serverProcess.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /listening on (\S+)/.exec(output);
    if (match) resolve({ apiUrl: match[1] });
  });
  serverProcess.once('exit', (code) => reject(new Error(`tillbase serve exited with ${code} before listening`)));
});
const serverMemoryMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${serverProcess.pid}/status`, 'utf8'))[1]) / 1024;

const percentile = (samples, p) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];

async function timed(request, expectedStatus) {
  const start = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (response.status !== expectedStatus) throw new Error(`expected ${expectedStatus}, got ${response.status}`);
  return performance.now() - start;
}

/** Runs `total` requests, `concurrency` at a time; returns latencies (ms) and requests per second. */
async function load(total, concurrency, request, expectedStatus = 200) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      latencies.push(await timed(request, expectedStatus));
    }
  }));
  return { latencies, perSecond: (total / (performance.now() - started)) * 1000 };
}

const login = () => fetch(`${server.apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench-password' }) });
const tokens = await (await login()).json();
const authorized = (path) => () => fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });

const results = [];
function report(name, measured, target, unit, lowerIsBetter = true) {
  const met = lowerIsBetter ? measured <= target : measured >= target;
  results.push({ name, measured: `${measured.toFixed(1)} ${unit}`, target: `${lowerIsBetter ? '≤' : '≥'} ${target} ${unit}`, met });
}

if (everything) {
  const logins = await load(20, 2, login);
  report('login p95 (scrypt N=2^15)', percentile(logins.latencies, 95), 400, 'ms');

  await load(200, 10, authorized('/data/order_statuses'));
  // One till makes one request at a time: its latency is the single-client figure. Ten clients at
  // once (a busy shop, a sync) measure throughput, and their latency includes waiting in line.
  const single = await load(1000, 1, authorized('/data/order_statuses'));
  report('authenticated read p95, one client', percentile(single.latencies, 95), 10, 'ms');
  const reads = await load(3000, 10, authorized('/data/order_statuses'));
  report('authenticated reads per second, 10 clients', reads.perSecond, 500, 'req/s', false);
  report('authenticated read p95, 10 clients', percentile(reads.latencies, 95), 50, 'ms');

  const refused = await load(1000, 1, authorized('/settings/general'), 403);
  report('refused (403, logged) p95, one client', percentile(refused.latencies, 95), 10, 'ms');

  report('server resident memory after the request load', serverMemoryMiB(), 250, 'MiB');

  // The demo shop of `npm start` is seeded on first run: it must not hold up the start.
  const demoDir = mkdtempSync(join(tmpdir(), 'tillbase-bench-demo-'));
  const demoDb = openDataDirDatabase(demoDir);
  const demoStart = performance.now();
  seedDemoCatalogue(demoDb);
  report('demo catalogue seed (~300 products)', performance.now() - demoStart, 1000, 'ms');
  demoDb.close();
  rmSync(demoDir, { recursive: true, force: true });
}

// A large catalogue: 100,000 products, each name distinct (brand × variant × goods × size), written
// through the repository in one transaction on a second connection while the server runs.
const CATALOGUE = 100_000;
const BRANDS = ['Hillside', 'Bayview', 'Northfield', 'Redwood', 'Sunvale', 'Oakmere', 'Clearbrook', 'Stonegate', 'Meadowlark', 'Silverpine',
  'Harbourside', 'Willowby', 'Kestrel', 'Juniper', 'Foxglove', 'Ironbridge', 'Larkspur', 'Tidewater', 'Greystone', 'Marigold'];
const VARIANTS = ['Classic', 'Organic', 'Light', 'Wholesome', 'Reserve', 'Smoky', 'Spiced', 'Zesty', 'Golden', 'Rustic'];
const GOODS = ['Oat Milk', 'Greek Yogurt', 'Cheddar', 'Sourdough', 'Olive Oil', 'Basmati Rice', 'Penne', 'Green Tea', 'Dark Chocolate', 'Peanut Butter',
  'Apple Juice', 'Granola', 'Tomato Soup', 'Honey', 'Coffee Beans', 'Sea Salt', 'Almonds', 'Oatcakes', 'Hummus', 'Lemonade',
  'Ginger Beer', 'Pesto', 'Salsa', 'Crackers', 'Muesli', 'Cashews', 'Tortilla Chips', 'Maple Syrup', 'Jasmine Rice', 'Baked Beans',
  'Chickpeas', 'Coconut Milk', 'Soy Sauce', 'Mustard', 'Ketchup', 'Mayonnaise', 'Rye Bread', 'Bagels', 'Butter', 'Mozzarella',
  'Feta', 'Kombucha', 'Cold Brew', 'Herbal Tea', 'Rolled Oats', 'Lentils', 'Couscous', 'Quinoa', 'Flatbread', 'Brownies'];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 L', '2 L', '4 pack', '12 pack'];
const CATEGORY_COUNT = 20;
const product = (index) => ({
  name: `${BRANDS[index % 20]} ${VARIANTS[Math.floor(index / 20) % 10]} ${GOODS[Math.floor(index / 200) % 50]} ${SIZES[Math.floor(index / 10_000) % 10]}`,
  sku: `BN-${String(index + 1).padStart(6, '0')}`,
  barcode: ean13(`29${String(index + 1).padStart(10, '0')}`),
});
const catalogueDb = openDataDirDatabase(dataDir);
const insertStart = performance.now();
catalogueDb.transaction(() => {
  const terms = new TermsRepository(catalogueDb);
  const categories = Array.from({ length: CATEGORY_COUNT }, (_, index) => terms.create('product_cat', { name: `Aisle ${index + 1}` }).id);
  const products = new ProductsRepository(catalogueDb);
  for (let index = 0; index < CATALOGUE; index++) {
    products.create({
      type: 'simple',
      ...product(index),
      regular_price: `${(index % 40) + 1}.49`,
      manage_stock: index % 3 === 0,
      stock_quantity: index % 3 === 0 ? index % 50 : null,
      category_ids: [categories[index % CATEGORY_COUNT]],
      date_created_gmt: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString().slice(0, 19),
    });
  }
})();
report('insert 100,000 products (repository, one transaction)', (performance.now() - insertStart) / 1000, 60, 's');
catalogueDb.close();
// The insert held this process's event loop for seconds: let the client retire the keep-alive
// connections the server closed meanwhile, before it reuses them.
await new Promise((resolve) => setTimeout(resolve, 200));

const sample = (count, pick) => Array.from({ length: count }, (_, index) => pick((index * 7919) % CATALOGUE));

if (everything) {
  /** Runs each request of `paths` in turn, 2 at a time, after checking what the first answers. */
  async function latencies(paths, check) {
    const first = await fetch(`${server.apiUrl}${paths[0]}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    check(first, await first.json());
    let next = 0;
    return load(paths.length, 2, () => authorized(paths[next++ % paths.length])());
  }
  const expectTotal = (expected) => (response, body) => {
    const total = response.headers.get('x-wp-total');
    if (total !== String(expected)) throw new Error(`expected ${expected} matches, got ${total}: ${JSON.stringify(body).slice(0, 200)}`);
  };

  // A fragment of a brand and a variant: 500 matches (every goods and size of the pair).
  const fragments = await latencies(sample(200, (index) => `/products?search=${encodeURIComponent(`${product(index).name.split(' ')[0].slice(-5)} ${VARIANTS[Math.floor(index / 20) % 10]}`)}&per_page=20`), expectTotal(500));
  report('search by name fragment, 500 matches, p95', percentile(fragments.latencies, 95), 50, 'ms');
  const exactNames = await latencies(sample(200, (index) => `/products?search=${encodeURIComponent(product(index).name.slice(3, 30))}&per_page=20`), (response) => {
    if (Number(response.headers.get('x-wp-total')) < 1) throw new Error('a name fragment found nothing');
  });
  report('search by name fragment, few matches, p95', percentile(exactNames.latencies, 95), 50, 'ms');
  const common = await latencies(sample(50, (index) => `/products?search=${encodeURIComponent(GOODS[Math.floor(index / 200) % 50].toLowerCase())}&per_page=20`), (response) => {
    if (Number(response.headers.get('x-wp-total')) < 2000) throw new Error('a common word found too little');
  });
  report('search by a common word, 2,000+ matches, p95', percentile(common.latencies, 95), 150, 'ms');
  const bySku = await latencies(sample(300, (index) => `/products?search=${product(index).sku}`), expectTotal(1));
  report('search by SKU, p95', percentile(bySku.latencies, 95), 50, 'ms');
  const byBarcode = await latencies(sample(300, (index) => `/products?search=${product(index).barcode}`), expectTotal(1));
  report('search by barcode, p95', percentile(byBarcode.latencies, 95), 50, 'ms');
  const pages = await latencies(sample(200, (index) => `/products?per_page=100&page=${(index % (CATALOGUE / 100)) + 1}`), expectTotal(CATALOGUE));
  report('page of 100 products (any page), p95', percentile(pages.latencies, 95), 100, 'ms');

  let slowestAudit = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const response = await authorized('/products?per_page=-1&_fields=id,date_modified_gmt')();
    const audit = await response.json();
    if (audit.length !== CATALOGUE) throw new Error(`the audit listed ${audit.length} products`);
    slowestAudit = Math.max(slowestAudit, performance.now() - start);
  }
  report('audit of all 100,000 ids (one response, slowest of 3)', slowestAudit, 1500, 'ms');

  report('server resident memory with the large catalogue served', serverMemoryMiB(), 400, 'MiB');
}

// Import while selling: 8 tills ring up sales (an order of 2–3 lines, then cash) on the
// 100,000-product catalogue, first alone for the baseline, then while `tillbase import products`
// writes a 50,000-row export into the same data directory.
const TILLS = 8;
const sellable = sample(400, (index) => index).filter((index) => index % 3 !== 0).map((index) => product(index).sku);
const forSeconds = (seconds) => {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() < end;
};
await openRegister(server.apiUrl, tokens.access_token);
const baseline = await runTills({ apiUrl: server.apiUrl, token: tokens.access_token, skus: sellable, tills: TILLS, keepGoing: forSeconds(5) });
if (baseline.failures.length > 0) throw new Error(`sales failed without an import: ${baseline.failures[0]}`);
const baselineP99 = percentile(baseline.sales.map((sale) => sale.ms), 99);

const exportFile = join(mkdtempSync(join(tmpdir(), 'tillbase-bench-import-')), 'products-50000.csv');
writeFileSync(exportFile, productCsv(50_000));
let importing = true;
let importPeakMiB = 0;
const importStart = performance.now();
const importer = spawn(process.execPath, ['dist/server/cli/main.js', 'import', 'products', exportFile, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
const memoryProbe = setInterval(() => {
  try {
    importPeakMiB = Math.max(importPeakMiB, Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${importer.pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    // The process has just ended.
  }
}, 100);
let importOutput = '';
importer.stdout.on('data', (chunk) => (importOutput += chunk));
const imported = new Promise((resolve) => importer.once('exit', (code) => {
  importing = false;
  clearInterval(memoryProbe);
  resolve({ code, seconds: (performance.now() - importStart) / 1000 });
}));
const during = await runTills({ apiUrl: server.apiUrl, token: tokens.access_token, skus: sellable, tills: TILLS, keepGoing: () => importing });
const importRun = await imported;
if (importRun.code !== 0 || !importOutput.startsWith('imported products-50000.csv: 50000 created')) throw new Error(`the import failed (${importRun.code}): ${importOutput}`);
rmSync(dirname(exportFile), { recursive: true, force: true });
const duringP99 = percentile(during.sales.map((sale) => sale.ms), 99);
report(`failed sales while importing 50,000 products (${during.sales.length} made)`, during.failures.length, 0, 'sales');
report('sale p99 during the import, 8 tills', duringP99, 1000, 'ms');
report('import of 50,000 products while 8 tills sell', importRun.seconds, 10, 's');
report('import peak resident memory', importPeakMiB, 400, 'MiB');
report('sale p99 without an import, 8 tills (baseline)', baselineP99, 250, 'ms');
report('sale p99 ratio, during the import / baseline', duringP99 / baselineP99, 10, '×');
if (during.failures.length > 0) console.error(`first failed sale: ${during.failures[0]}`);
console.error(`during the import: ${during.sales.length} sales (${during.perSecond.toFixed(1)}/s), p50 ${percentile(during.sales.map((sale) => sale.ms), 50).toFixed(0)} ms, max ${Math.max(...during.sales.map((sale) => sale.ms)).toFixed(0)} ms; without: ${baseline.perSecond.toFixed(1)}/s`);

serverProcess.kill('SIGTERM');
await new Promise((resolve) => serverProcess.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

if (everything) {
  // What durable sales cost: 8 tills for 5 s on a small shop with synchronous FULL (the default),
  // then NORMAL (TILLBASE_SYNCHRONOUS, a bench switch), each on its own data directory.
  async function salesPerSecond(synchronous) {
    const dir = mkdtempSync(join(tmpdir(), `tillbase-bench-${synchronous.toLowerCase()}-`));
    const shopDb = openDataDirDatabase(dir);
    await userAdminFor(shopDb).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
    const shopProducts = new ProductsRepository(shopDb);
    const skus = Array.from({ length: 50 }, (_, index) => shopProducts.create({ type: 'simple', name: `Shop item ${index + 1}`, sku: `SHOP-${index + 1}`, regular_price: `${index + 1}.50` }).sku);
    shopDb.close();
    const shop = await startServe(dir, { TILLBASE_SYNCHRONOUS: synchronous });
    try {
      const token = await loginToken(shop.apiUrl, 'bench', 'bench-password');
      await openRegister(shop.apiUrl, token);
      const run = await runTills({ apiUrl: shop.apiUrl, token, skus, tills: TILLS, keepGoing: forSeconds(5) });
      if (run.failures.length > 0) throw new Error(`sales failed with synchronous ${synchronous}: ${run.failures[0]}`);
      return run.perSecond;
    } finally {
      await shop.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const fullRate = await salesPerSecond('FULL');
  const normalRate = await salesPerSecond('NORMAL');
  report('sales per second, 8 tills, synchronous FULL', fullRate, 20, 'sales/s', false);
  report('sales per second, 8 tills, synchronous NORMAL (bench switch)', normalRate, 20, 'sales/s', false);
  report('sales per second ratio, FULL / NORMAL', fullRate / normalRate, 0.5, '×', false);
}

console.table(results.map(({ name, measured, target, met }) => ({ benchmark: name, measured, target, result: met ? 'met' : 'MISSED' })));
process.exitCode = results.every((result) => result.met) ? 0 : 1;
