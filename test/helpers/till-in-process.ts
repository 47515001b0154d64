import type { RoleName } from '../../shared/access.js';
import type { FetchFunction } from '../../renderer/api-client.js';
import { Till } from '../../renderer/till.js';
import { memorySessionKeeper, TokenVault } from '../../renderer/token-vault.js';
import type { TestServer } from './server.js';

/**
 * The till's model in this process, as renderer/main.tsx builds it but without a page: a real `Till`
 * whose client talks real HTTP to a test server, so that the rule modules it is handed (sale.ts,
 * payment.ts, approvals.ts) run here, where a mutation run can reach them.
 *
 * `cut(pattern)` makes the till's next requests whose `METHOD /path` matches fail as a dropped link
 * does (fetch throws), and `garble(pattern)` makes the next one answer a body that is not JSON: what
 * the server itself never does, but a till meets on a bad network. Both last until `mend()`.
 */
export interface InProcessTill {
  till: Till;
  /** Every request the till made, as `METHOD /path?query` (the API's prefix left out). */
  requests: string[];
  /** The headers of every request the till made, in the same order as `requests`. */
  headers: Array<Record<string, string>>;
  /** The JSON body of every request the till made (undefined without one), in the same order. */
  bodies: unknown[];
  cut(pattern: RegExp): void;
  garble(pattern: RegExp): void;
  mend(): void;
}

/** A till logged in as `role` with its Sell screen loaded (store, tenders, rules, register). */
export async function tillInProcess(server: TestServer, role: RoleName = 'cashier'): Promise<InProcessTill> {
  const requests: string[] = [];
  const headers: Array<Record<string, string>> = [];
  const bodies: unknown[] = [];
  let cut: RegExp | null = null;
  let garbled: RegExp | null = null;
  const fetchFn: FetchFunction = async (input, init) => {
    const url = new URL(input);
    const request = `${init.method ?? 'GET'} ${url.pathname.replace('/pos/v1', '')}${url.search}`;
    requests.push(request);
    headers.push({ ...(init.headers as Record<string, string>) });
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
    if (cut?.test(request) === true) throw new TypeError('fetch failed');
    if (garbled?.test(request) === true) return new Response('<html>proxy error</html>', { status: 200, headers: { 'content-type': 'application/json' } });
    return globalThis.fetch(input, init);
  };
  const till = new Till(new TokenVault(memorySessionKeeper()), server.apiUrl, fetchFn);
  const { username, password } = server.users[role];
  const user = await till.client.login(username, password);
  // What Till.enter does, awaited: the test starts once the Sell screen has what it reads.
  till.state.set({ user });
  await till.loadSellScreen();
  return {
    till,
    requests,
    headers,
    bodies,
    cut: (pattern) => (cut = pattern),
    garble: (pattern) => (garbled = pattern),
    mend: () => {
      cut = null;
      garbled = null;
    },
  };
}
