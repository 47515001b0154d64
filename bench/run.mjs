// Benchmarks of the pos/v1 server over real HTTP on 127.0.0.1 (npm run bench builds first).
// Each measure has a target; a missed target is reported and makes the run exit with 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDataDirDatabase, startServer, userAdminFor } from '../dist/server/start.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tillbase-bench-'));
const db = openDataDirDatabase(dataDir);
await userAdminFor(db).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
db.close();
const server = await startServer({
  dataDir, host: '127.0.0.1', port: 0, accessTtlSeconds: 3600, refreshTtlSeconds: 86_400,
  allowedOrigins: [], allowedHosts: [], secretStore: 'memory', demo: false, logLevel: 'silent',
});

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

const logins = await load(20, 2, login);
report('login p95 (scrypt N=2^15)', percentile(logins.latencies, 95), 400, 'ms');

await load(200, 10, authorized('/data/order_statuses'));
const reads = await load(3000, 10, authorized('/data/order_statuses'));
report('authenticated read p95', percentile(reads.latencies, 95), 25, 'ms');
report('authenticated reads per second', reads.perSecond, 500, 'req/s', false);

const refused = await load(1000, 10, authorized('/settings/general'), 403);
report('refused (403, logged) p95', percentile(refused.latencies, 95), 25, 'ms');

globalThis.gc?.();
report('resident memory after the run', process.memoryUsage().rss / 1024 / 1024, 250, 'MiB');

await server.close();
rmSync(dataDir, { recursive: true, force: true });

console.table(results.map(({ name, measured, target, met }) => ({ benchmark: name, measured, target, result: met ? 'met' : 'MISSED' })));
process.exitCode = results.every((result) => result.met) ? 0 : 1;
