import { describe, expect, it } from 'vitest';
import { serve, type ServeProcess } from '../helpers/cli.js';
import { api, makeDataDir } from '../helpers/server.js';

/** One `tillbase serve` per data directory, between real processes. */
const quiet = ['--port', '0', '--secret-store', 'memory', '--log-level', 'silent'];
const empty = [...quiet, '--no-demo'];

/**
 * Starts a serve that should be refused: its standard error, or 'listening' (and it is stopped) if
 * it was not, so that a broken lock fails the test instead of leaving a server running.
 */
async function refusedServe(args: string[]): Promise<string> {
  return serve(args).then(
    async (server) => {
      await server.stop();
      return 'listening';
    },
    (error: unknown) => String(error),
  );
}

function originOf(server: ServeProcess): string {
  return server.apiUrl.replace(/\/pos\/v1$/, '');
}

describe('a second tillbase serve on the same data directory', () => {
  it('exits 2 with one line naming the running server (pid and URL), which keeps serving', async () => {
    const dataDir = makeDataDir();
    const first = await serve(['--data-dir', dataDir, ...empty]);
    try {
      const second = await refusedServe(['--data-dir', dataDir, ...empty]);
      // Exit code 2, and standard error is one line.
      expect(second).toMatch(/exited with 2 before listening; stderr: [^\n]*\n$/);
      expect(second).toContain(
        `stderr: tillbase: the data directory ${dataDir} is in use by a running Tillbase server (pid ${first.child.pid ?? 0}, ${originOf(first)}/)\n`,
      );
      expect((await api(first, 'GET', '/auth/test')).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });

  it('two first starts at once on a fresh directory: exactly one listens, the other exits 2 with the lock message', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = makeDataDir();
      const starts = await Promise.allSettled([serve(['--data-dir', dataDir, ...quiet, '--demo']), serve(['--data-dir', dataDir, ...quiet, '--demo'])]);
      const listening = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      const refused = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []));
      try {
        expect(listening).toHaveLength(1);
        expect(refused).toHaveLength(1);
        expect(refused[0]).toContain('exited with 2 before listening');
        expect(refused[0]).toContain(`the data directory ${dataDir} is in use by a running Tillbase server (pid ${listening[0]?.child.pid ?? 0}`);
        expect(refused[0]).not.toMatch(/schema|SQLITE|already exists|unexpected/i);
        // The winner migrated and seeded a whole store.
        expect((await api(listening[0]!, 'GET', '/auth/test')).status).toBe(200);
      } finally {
        for (const server of listening) expect(await server.stop()).toBe(0);
      }
    }
  });

  it('after kill -9 of the first, a new serve starts: no stale lock survives the process', async () => {
    const dataDir = makeDataDir();
    const first = await serve(['--data-dir', dataDir, ...empty]);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    const next = await serve(['--data-dir', dataDir, ...empty]);
    expect((await api(next, 'GET', '/auth/test')).status).toBe(200);
    // And the new one holds the lock in its turn.
    const refused = await refusedServe(['--data-dir', dataDir, ...empty]);
    expect(refused).toContain('exited with 2 before listening');
    expect(refused).toContain(`(pid ${next.child.pid ?? 0}, ${originOf(next)}/)`);
    expect(await next.stop()).toBe(0);
  });

  it('a stopped server leaves the directory free for the next one', async () => {
    const dataDir = makeDataDir();
    const first = await serve(['--data-dir', dataDir, ...empty]);
    expect(await first.stop()).toBe(0);
    const second = await serve(['--data-dir', dataDir, ...empty]);
    expect(await second.stop()).toBe(0);
  });
});
