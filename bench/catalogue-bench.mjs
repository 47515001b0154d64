// The catalogue section of `npm run bench` (issue 9): Tillbase beside the bare baseline
// (bench/bare-server.mjs) on the same SQLite file as the catalogue grows from 1,000 to 100,000
// products, then with 300,000 variations: pages, single products, deep pages, paging through all,
// the offline-sync audits, search, a restart and the server's memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDataDirDatabase, userAdminFor } from '../dist/server/start.js';
import { addSimpleProducts, addVariableProducts, GOODS, product, VARIANTS } from './catalogue.mjs';
import { get, hammer, percentile, sideBySide } from './load.mjs';
import { loginToken, startServe } from './sales-load.mjs';

const residentMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

function startBare(dataDir) {
  const child = spawn(process.execPath, ['bench/bare-server.mjs', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (\S+)/.exec(output);
      if (match)
        resolve({
          origin: match[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code} before listening`)));
  });
}

/** `count` evenly spread numbers from 1 to `last`. */
const spread = (count, last) => Array.from({ length: Math.min(count, last) }, (_, index) => 1 + Math.floor((index * last) / Math.min(count, last)));

export async function catalogueBench(report) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tillbase-bench-catalogue-'));
  const db = openDataDirDatabase(dataDir);
  await userAdminFor(db).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
  db.exec('CREATE TABLE bench_bare_documents (url TEXT PRIMARY KEY, status INTEGER NOT NULL, headers TEXT NOT NULL, body BLOB NOT NULL)');
  const store = db.prepare('INSERT OR REPLACE INTO bench_bare_documents (url, status, headers, body) VALUES (?, ?, ?, ?)');

  let serve = await startServe(dataDir, {}, 'file');
  const tillbase = new URL(serve.apiUrl).origin;
  const token = await loginToken(serve.apiUrl, 'bench', 'bench-password');
  const bare = await startBare(dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  /** What Tillbase answers for each path, stored for the bare side; checks that both then send the same bytes. */
  async function preserialise(paths) {
    for (const path of paths) {
      const answer = await get(agent, `${tillbase}${path}`, token, true);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
      const headers = Object.fromEntries(
        ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link']
          .filter((name) => answer.headers[name] !== undefined)
          .map((name) => [name, answer.headers[name]]),
      );
      store.run(path, answer.status, JSON.stringify(headers), answer.body);
    }
    const [first] = paths;
    const ours = await get(agent, `${tillbase}${first}`, token, true);
    const theirs = await get(agent, `${bare.origin}${first}`, token, true);
    if (!ours.body.equals(theirs.body)) throw new Error(`the bare side does not answer ${first} with Tillbase's bytes`);
    return ours.body.length;
  }

  async function compare(name, paths, target) {
    const bytes = await preserialise(paths);
    const run = await sideBySide({ tillbase, bare: bare.origin, token, paths });
    console.error(`${name}: Tillbase ${run.tillbaseRate.toFixed(0)} req/s, bare ${run.bareRate.toFixed(0)} req/s (${(bytes / 1024).toFixed(0)} KB answers)`);
    report(name, run.ratio, target, '× bare', false);
  }

  const pages = (perPage, total, count = 50) => spread(count, Math.ceil(total / perPage)).map((page) => `/pos/v1/products?per_page=${perPage}&page=${page}`);

  for (const [from, to, label] of [
    [0, 1_000, '1k'],
    [1_000, 10_000, '10k'],
    [10_000, 100_000, '100k'],
  ]) {
    const insertStart = performance.now();
    addSimpleProducts(db, from, to);
    if (to === 100_000) report('insert 100,000 products (product writer, 10,000 a transaction)', (performance.now() - insertStart) / 1000, 60, 's');
    await compare(`page of 100 products at ${label}, 8 clients`, pages(100, to), 0.8);
  }
  const COUNT = 100_000;
  await compare('per_page=20 at 100k, 8 clients', pages(20, COUNT), 0.7);
  const ids = db.prepare("SELECT id FROM products WHERE type <> 'variation' ORDER BY id").pluck().all();
  await compare(
    '/products/{id} at 100k, 8 clients',
    spread(100, ids.length).map((position) => `/pos/v1/products/${ids[position - 1]}`),
    0.7,
  );
  report('server resident memory at 100k after the load', residentMiB(serve.pid), 150, 'MiB');

  /** The median time of one client's requests for page 1 and for page 1,000, alternating, as a ratio. */
  async function deepPage(label) {
    // Many short rounds, alternating, and the median of each side: the machine's load comes and goes.
    const times = { first: [], deep: [] };
    for (let round = 0; round < 8; round++) {
      for (const [side, page] of round % 2 === 0
        ? [
            ['first', 1],
            ['deep', 1_000],
          ]
        : [
            ['deep', 1_000],
            ['first', 1],
          ]) {
        const run = await hammer({ origin: tillbase, token, paths: [`/pos/v1/products?per_page=100&page=${page}`], clients: 1, seconds: 0.5 });
        times[side].push(...run.latencies);
      }
    }
    times.first = percentile(times.first, 50);
    times.deep = percentile(times.deep, 50);
    console.error(`page 1: ${times.first.toFixed(1)} ms, page 1,000: ${times.deep.toFixed(1)} ms, medians (${label})`);
    report(`page 1,000 / page 1, per_page=100, ${label}`, times.deep / times.first, 1.15, '×');
  }
  await deepPage('100k products');

  // Search with one client: each kind of search its own p95.
  const sample = (count, pick) => Array.from({ length: count }, (_, index) => pick((index * 7919) % COUNT));
  const searches = {
    'name fragment, 500 matches': sample(200, (index) => `${product(index).name.split(' ')[0].slice(-5)} ${VARIANTS[Math.floor(index / 20) % 10]}`),
    'name fragment, few matches': sample(200, (index) => product(index).name.slice(3, 30)),
    'common word, 2,000+ matches': sample(50, (index) => GOODS[Math.floor(index / 200) % 50].toLowerCase()),
    SKU: sample(200, (index) => product(index).sku),
    barcode: sample(200, (index) => product(index).barcode),
  };
  for (const [kind, terms] of Object.entries(searches)) {
    const run = await hammer({
      origin: tillbase,
      token,
      paths: terms.map((term) => `/pos/v1/products?search=${encodeURIComponent(term)}&per_page=20`),
      clients: 1,
      seconds: 1.5,
    });
    report(`search p95 at 100k, ${kind}`, percentile(run.latencies, 95), 5, 'ms');
  }

  const variationsStart = performance.now();
  addVariableProducts(db, COUNT, 30_000, 10);
  console.error(`added 30,000 variable products with 300,000 variations in ${((performance.now() - variationsStart) / 1000).toFixed(1)} s`);
  await deepPage('130k products, 300k variations');

  // The three audits of a kind are timed one after the other and checked after: the bench's own
  // JSON.parse of 17 MB (300,000 objects) leaves its garbage collector at work on the other core
  // while the next audit is timed.
  for (const [kind, path, expected] of [
    ['products', '/pos/v1/products', 130_000],
    ['variations', '/pos/v1/products/variations', 300_000],
  ]) {
    const answers = [];
    const times = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      answers.push(await get(agent, `${tillbase}${path}?per_page=-1&_fields=id,date_modified_gmt`, token, true));
      times.push(performance.now() - start);
    }
    for (const answer of answers) {
      const listed = JSON.parse(answer.body.toString()).length;
      if (listed !== expected) throw new Error(`the ${kind} audit listed ${listed}, not ${expected}`);
    }
    console.error(`audit of all ${kind}: ${times.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    report(`audit of all ${expected.toLocaleString('en')} ${kind} (slowest of 3)`, Math.max(...times), 150, 'ms');
  }

  // The time of paging through is the time of its requests, each from sent to its last byte read,
  // one after another: the bench's own check of each page (JSON.parse of 186 KB, counting the
  // products) is the load generator's work, not the server's, and is printed beside it.
  for (const [kind, path, expected, target, cap] of [
    ['products', '/pos/v1/products', 130_000, 10, 20],
    ['variations', '/pos/v1/products/variations', 300_000, 30, 40],
  ]) {
    const start = performance.now();
    let requestsMs = 0;
    let seen = 0;
    let page = 1;
    let totalPages = Infinity;
    while (page <= totalPages && performance.now() - start < cap * 1000) {
      const requestStart = performance.now();
      const answer = await get(agent, `${tillbase}${path}?per_page=100&page=${page}`, token, true);
      requestsMs += performance.now() - requestStart;
      if (answer.status !== 200) throw new Error(`${path} page ${page} answered ${answer.status}`);
      totalPages = Number(answer.headers['x-wp-totalpages']);
      if (Number(answer.headers['x-wp-total']) !== expected) throw new Error(`${path} says ${answer.headers['x-wp-total']} in all, not ${expected}`);
      seen += JSON.parse(answer.body.toString()).length;
      page += 1;
    }
    const seconds = requestsMs / 1000;
    console.error(
      `paging through all ${kind}: ${seconds.toFixed(1)} s of requests, ${((performance.now() - start) / 1000).toFixed(1)} s with the bench's check of each page`,
    );
    if (page <= totalPages) console.error(`paging through all ${kind}: stopped after ${cap} s at page ${page} of ${totalPages}`);
    else if (seen !== expected) throw new Error(`paging through all ${kind} saw ${seen}, not ${expected}`);
    report(
      `paging through all ${expected.toLocaleString('en')} ${kind}, one client${page <= totalPages ? ` (stopped at ${cap} s)` : ''}`,
      page <= totalPages ? (seconds * totalPages) / (page - 1) : seconds,
      target,
      's',
    );
  }
  report('server resident memory with 300k variations served', residentMiB(serve.pid), 150, 'MiB');

  // A restart: from starting the process to the first authorized answer (the token outlives it: file secret store).
  await serve.stop();
  const restart = performance.now();
  serve = await startServe(dataDir, {}, 'file');
  const coldAgent = new Agent({ keepAlive: false });
  const first = await get(coldAgent, `${serve.apiUrl}/products?per_page=1`, token);
  if (first.status !== 200) throw new Error(`the restarted server answered ${first.status}`);
  report('cold start on the 130k database to a first authorized answer', performance.now() - restart, 500, 'ms');
  report('server resident memory after the cold start', residentMiB(serve.pid), 150, 'MiB');

  agent.destroy();
  await serve.stop();
  await bare.stop();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
