// The load generator of the catalogue benchmarks: clients on keep-alive connections (node's http
// Agent), each sending its next request when the previous answer has been read in full, and the
// side-by-side comparison of `tillbase serve` with the bare baseline, alternating in one run.
import { request, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';

export const percentile = (samples, p) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];

/**
 * One request on `agent` (`body`, if any, sent as JSON); resolves with the status, the headers and
 * the body's byte length once it is read, and the body itself when `collect` is set.
 */
export function send(agent, url, { method = 'GET', headers = {}, body, collect = false } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const sent = payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': payload.length };
    const req = request(url, { method, agent, headers: sent }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (collect) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, body: collect ? Buffer.concat(chunks) : undefined }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** One GET on `agent` with the bearer token; as `send`. */
export const get = (agent, url, token, collect = false) => send(agent, url, { headers: { authorization: `Bearer ${token}` }, collect });

/**
 * `clients` clients on their own keep-alive connections, for `seconds`, each requesting
 * `paths[next]` in turn from `origin`. Returns requests per second and each request's latency (ms).
 */
export async function hammer({ origin, token, paths, clients = 8, seconds }) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies = [];
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const path = paths[next++ % paths.length];
        const start = performance.now();
        const answer = await get(agent, `${origin}${path}`, token);
        if (answer.status !== 200) throw new Error(`${origin}${path} answered ${answer.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = performance.now() - started;
  agent.destroy();
  return { perSecond: (latencies.length / elapsed) * 1000, latencies };
}

/**
 * The same paths against Tillbase and the bare baseline, alternating `rounds` times (bare first in
 * odd rounds, so neither side always runs on a warmer machine). Returns both rates and their ratio.
 */
export async function sideBySide({ tillbase, bare, token, paths, clients = 8, rounds = 3, seconds = 1.5 }) {
  const totals = { tillbase: { requests: 0, seconds: 0 }, bare: { requests: 0, seconds: 0 } };
  // One short warm-up of each side, not counted.
  await hammer({ origin: tillbase, token, paths, clients, seconds: 0.3 });
  await hammer({ origin: bare, token, paths, clients, seconds: 0.3 });
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['tillbase', 'bare'] : ['bare', 'tillbase'];
    for (const side of order) {
      const run = await hammer({ origin: side === 'bare' ? bare : tillbase, token, paths, clients, seconds });
      totals[side].requests += run.latencies.length;
      totals[side].seconds += run.latencies.length / run.perSecond;
    }
  }
  const tillbaseRate = totals.tillbase.requests / totals.tillbase.seconds;
  const bareRate = totals.bare.requests / totals.bare.seconds;
  return { tillbaseRate, bareRate, ratio: tillbaseRate / bareRate };
}
