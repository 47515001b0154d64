import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { unlessChangedElsewhere } from '../../server/data/sql.js';
import { prepared } from '../../server/data/statements.js';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

describe('prepared(): one compiled statement per SQL text and database', () => {
  it('gives the same statement back, and forgets one that 512 others have come after', () => {
    const db = openDatabase(':memory:');
    try {
      const hot = prepared(db, 'SELECT 1 AS n');
      expect(prepared(db, 'SELECT 1 AS n')).toBe(hot);
      const cold = prepared(db, 'SELECT 2 AS n');
      for (let index = 0; index < 600; index += 1) {
        prepared(db, `SELECT ${index + 10} AS n`);
        // Used all along: never the least recently used.
        expect(prepared(db, 'SELECT 1 AS n')).toBe(hot);
      }
      expect(prepared(db, 'SELECT 2 AS n')).not.toBe(cold);
    } finally {
      db.close();
    }
  });
});

describe('unlessChangedElsewhere(): remembered until another connection commits', () => {
  const { server } = useServer({ roles: [] });

  it('reads once while no other connection commits', () => {
    const db = openDatabase(':memory:');
    try {
      let reads = 0;
      const read = () => unlessChangedElsewhere(db, 'probe', () => ++reads);
      expect([read(), read(), read()]).toEqual([1, 1, 1]);
    } finally {
      db.close();
    }
  });

  it('order statuses changed by another process show at the next request', async () => {
    const token = (await login(server, 'cashier')).access_token;
    const labelOf = async (status: string) =>
      ((await api(server, 'GET', '/data/order_statuses', { token })).body as Array<{ status: string; label: string }>).find((entry) => entry.status === status)
        ?.label;
    expect(await labelOf('on-hold')).toBe('On hold');
    withDb(server, (db) => db.prepare("UPDATE order_statuses SET label = 'Parked' WHERE status = 'on-hold'").run());
    expect(await labelOf('on-hold')).toBe('Parked');
  });
});
