import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, entryHash, GENESIS_HASH } from '../../server/domain/journal/journal.js';
import { DATABASE_FILE } from '../../server/start.js';
import { servicesOf } from '../helpers/services.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * The journal's chain check in-process, where the CLI tests (`tillbase journal verify`, a spawned
 * dist/ bundle) cannot be seen by mutation testing: a gap in the numbering and a broken link are
 * each named, and the hash's text is canonical JSON.
 */

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members and writes undefined elements as null', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }, undefined, null], e: null })).toBe('{"a":[{"c":"x"},null,null],"b":1,"e":null}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
  });

  it('hashes every covered column: the same entry gives the same hash, a changed link another', () => {
    const entry = {
      id: 'a',
      register_id: 1,
      sequence: 1,
      kind: 'sale' as const,
      session_id: null,
      order_id: 7,
      refund_id: null,
      closure_id: null,
      payload: '{}',
      previous_hash: GENESIS_HASH,
      date_created_gmt: '2026-01-01T00:00:00',
    };
    expect(entryHash(entry)).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash({ ...entry })).toBe(entryHash(entry));
    expect(entryHash({ ...entry, previous_hash: '1'.repeat(64) })).not.toBe(entryHash(entry));
    expect(GENESIS_HASH).toBe('0'.repeat(64));
  });
});

describe('journal verify in-process', () => {
  const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });
  const verify = () => withDb(server, (db) => servicesOf(db).journal.verify());

  /** Runs `sql` on the journal with the append-only trigger dropped, as anyone with the file could. */
  function tamper(sql: string, ...params: unknown[]): void {
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE));
    try {
      db.exec('DROP TRIGGER IF EXISTS journal_append_only_update');
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  }

  it('counts three sales on one register, then names a gap and a broken link', async () => {
    for (const key of ['chain-a', 'chain-b', 'chain-c']) {
      const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee }] } });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
        token: tokens.cashier,
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
        headers: { 'Idempotency-Key': key },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    expect(verify()).toEqual({ ok: true, entries: 3, registers: 1 });

    tamper('UPDATE journal SET previous_hash = ? WHERE sequence = 3', 'f'.repeat(64));
    expect(verify()).toMatchObject({ ok: false, entries: 3, broken: { sequence: 3 }, reason: 'it does not chain to the previous entry' });

    // Entry 2 renumbered 9: read in order, entry 3 comes straight after entry 1.
    tamper('UPDATE journal SET sequence = 9 WHERE sequence = 2');
    expect(verify()).toMatchObject({ ok: false, entries: 2, broken: { sequence: 3 }, reason: 'sequence 3 where 2 was expected' });
  });
});
