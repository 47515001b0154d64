// Load helpers for the sales benchmarks: a `tillbase serve` process of its own, and tills that
// each ring up sales (an order of 2–3 lines, then cash) one after another over HTTP.
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { send } from './load.mjs';

/** The built `tillbase` command, as `npm start` and the package's bin run it. */
export const TILLBASE_COMMAND = 'dist/server/tillbase.mjs';

/**
 * `tillbase serve` on a free port over `dataDir`, with extra environment (TILLBASE_SYNCHRONOUS for the
 * bench) and its secret store (`file` when another process must check its tokens, or a restart keep them).
 * BENCH_NODE_FLAGS (space-separated) go to the server's node, to see inside a measure: for example
 * `BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/run.mjs --only catalogue`
 * (NODE_OPTIONS refuses both).
 */
export async function startServe(dataDir, env = {}, secretStore = 'memory') {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      TILLBASE_COMMAND,
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--secret-store',
      secretStore,
      '--no-demo',
      '--log-level',
      'silent',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const apiUrl = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`tillbase serve exited with ${code} before listening`)));
  });
  return {
    apiUrl,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function loginToken(apiUrl, username, password) {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login failed with ${response.status}`);
  return (await response.json()).access_token;
}

/** A POST of `body` as JSON on the till's connection; resolves with the status and the answer's text. */
async function postJson(agent, url, headers, body) {
  const answer = await send(agent, url, { method: 'POST', headers, body, collect: true });
  return { status: answer.status, text: answer.body.toString() };
}

/** One sale on the till's connection: an order of 2 or 3 lines from `skus`, then cash; returns how long each took (ms). Throws with the status on any refusal. */
async function sell(agent, apiUrl, token, skus, number) {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}` };
  const lines = Array.from({ length: 2 + (number % 2) }, (_, index) => ({ sku: skus[(number * 7 + index * 13) % skus.length], quantity: 1 + (index % 2) }));
  const created = await postJson(agent, `${apiUrl}/orders`, headers, { line_items: lines });
  if (created.status !== 201) throw new Error(`order: ${created.status} ${created.text.slice(0, 200)}`);
  const order = JSON.parse(created.text);
  const createdAt = performance.now();
  const paid = await postJson(
    agent,
    `${apiUrl}/orders/${order.id}/checkout`,
    { ...headers, 'idempotency-key': `bench-${order.id}` },
    { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
  );
  if (paid.status !== 200) throw new Error(`checkout: ${paid.status} ${paid.text.slice(0, 200)}`);
  return { create: createdAt - started, checkout: performance.now() - createdAt };
}

/**
 * `tills` tills selling until `keepGoing()` turns false. Returns each sale's start (ms on the
 * performance clock), its duration and those of its order create and checkout, the failures, and sales per second.
 */
export async function runTills({ apiUrl, token, skus, tills = 8, keepGoing }) {
  const sales = [];
  const failures = [];
  let number = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: tills }, async () => {
      // Each till on a keep-alive connection of its own, through node:http: undici's fetch cost the
      // load generator 33-38 % of a core for 8 tills (node:http: 9-13 %), on the 2 cores it shares
      // with the server, and its own queueing showed in the tail (p99 26-32 ms against 21-26 ms, the
      // same server, the same p50).
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (keepGoing()) {
          const start = performance.now();
          try {
            const parts = await sell(agent, apiUrl, token, skus, number++);
            sales.push({ start, ms: performance.now() - start, ...parts });
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { sales, failures, perSecond: (sales.length / (performance.now() - started)) * 1000 };
}

/** Opens the till's cash register for the day (checkout takes cash only into an open one); already open is fine. */
export async function openRegister(apiUrl, token, registerId = 1) {
  const response = await fetch(`${apiUrl}/registers/${registerId}/open`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ opening_float: '100.00' }),
  });
  if (response.status !== 201 && response.status !== 409)
    throw new Error(`opening register ${registerId}: ${response.status} ${(await response.text()).slice(0, 200)}`);
}
