import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface LogsBody {
  entries: LogEntry[];
  has_fatal_errors: boolean;
  fatal_errors_url: string;
  sources: Array<{ source: string; name: string; requires_pro: boolean; is_core: boolean }>;
}
interface ErrorBody {
  data: { params: Record<string, string> };
}

let startedAt: string;

interface LogEntry {
  timestamp: string;
  level: string;
  message: string;
  context: Record<string, unknown>;
  source: string;
}

const { server, tokens } = useServer({}, () => {
  startedAt = new Date(Date.now() - 1000).toISOString().slice(0, 19);
});

describe('GET /logs', () => {
  it('starts empty, with the paging headers', async () => {
    const response = await api<LogsBody & ErrorBody>(server, 'GET', '/logs', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('0');
    expect(response.headers.get('x-wp-totalpages')).toBe('0');
    expect(response.body).toEqual({ entries: [], has_fatal_errors: false, fatal_errors_url: '', sources: [] });
  });

  it('shows a refused request with method, route, reason and user id', async () => {
    const refused = await api(server, 'GET', '/settings/general', { token: tokens.cashier });
    expect(refused.status).toBe(403);
    const response = await api<LogsBody & ErrorBody>(server, 'GET', '/logs', { token: tokens.administrator });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('1');
    const [entry] = response.body.entries;
    expect(entry).toMatchObject({
      level: 'warning',
      source: 'access',
      message: 'GET /settings/general refused: missing_capability',
      context: {
        method: 'GET',
        route: '/settings/general',
        reason: 'missing_capability',
        user_id: server.users.cashier.id,
        status: 403,
        code: 'pos_rest_forbidden',
      },
    });
    expect(Date.parse(entry!.timestamp)).toBeGreaterThanOrEqual(Date.parse(`${startedAt}Z`));
    expect(response.body.sources).toEqual([{ source: 'access', name: 'Access control', requires_pro: false, is_core: true }]);
  });

  it('shows a token failure with user id 0', async () => {
    expect((await api(server, 'GET', '/stores', {})).status).toBe(401);
    expect((await api(server, 'GET', '/stores', { token: 'not-a-token' })).status).toBe(403);
    const response = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?source=access&per_page=2', { token: tokens.administrator });
    expect(response.body.entries.map((entry) => [entry.context.route, entry.context.reason, entry.context.user_id])).toEqual([
      ['/stores', 'token_invalid', 0],
      ['/stores', 'no_token', 0],
    ]);
  });

  it('filters by level and source, and pages', async () => {
    expect((await api(server, 'POST', '/settings/checkout', { token: tokens.shop_manager, body: { prevent_overselling: true } })).status).toBe(200);

    const info = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?level=info', { token: tokens.administrator });
    expect(info.headers.get('x-wp-total')).toBe('1');
    expect(info.body.entries).toEqual([
      {
        timestamp: info.body.entries[0]?.timestamp,
        level: 'info',
        message: 'Settings group checkout updated (prevent_overselling)',
        context: { section: 'checkout', keys: ['prevent_overselling'], user_id: server.users.shop_manager.id },
        source: 'settings',
      },
    ]);
    expect(Date.parse(info.body.entries[0]!.timestamp)).toBeGreaterThanOrEqual(Date.parse(`${startedAt}Z`));

    const access = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?source=access&level=warning', { token: tokens.administrator });
    expect(access.headers.get('x-wp-total')).toBe('3');
    expect(access.body.entries.every((entry) => entry.source === 'access' && entry.level === 'warning')).toBe(true);
    expect((await api<LogsBody & ErrorBody>(server, 'GET', '/logs?source=settings&level=warning', { token: tokens.administrator })).body.entries).toEqual([]);

    const paged = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?per_page=1&page=2', { token: tokens.administrator });
    expect(paged.headers.get('x-wp-total')).toBe('4');
    expect(paged.headers.get('x-wp-totalpages')).toBe('4');
    expect(paged.body.entries).toHaveLength(1);
    expect(paged.body.entries[0]?.context.reason).toBe('token_invalid');
    expect(paged.body.sources.map((source) => [source.source, source.name])).toEqual([
      ['access', 'Access control'],
      ['audit', 'Audit trail'],
      ['settings', 'Settings'],
    ]);
  });

  it('filters by date with after', async () => {
    expect((await api<LogsBody & ErrorBody>(server, 'GET', `/logs?after=${startedAt}`, { token: tokens.administrator })).headers.get('x-wp-total')).toBe('4');
    const future = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?after=2999-01-01T00:00:00', { token: tokens.administrator });
    expect(future.headers.get('x-wp-total')).toBe('0');
    expect(future.body.entries).toEqual([]);
  });

  it('refuses bad parameters, and the cashier', async () => {
    const bad = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?level=loud&after=yesterday', { token: tokens.administrator });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['after', 'level']);
    const refused = await api<LogsBody & ErrorBody>(server, 'GET', '/logs', { token: tokens.cashier });
    expect(refused.status).toBe(403);
    const latest = await api<LogsBody & ErrorBody>(server, 'GET', '/logs?per_page=1', { token: tokens.administrator });
    expect(latest.body.entries[0]?.context).toMatchObject({ route: '/logs', reason: 'missing_capability', user_id: server.users.cashier.id });
  });
});
