import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepared } from '../../server/data/statements.js';
import { entryHash } from '../../server/domain/journal/journal.js';
import type { JournalRecord } from '../../server/model/records/journal.js';
import { entryDocumentId } from '../../server/tills/replication/documents.js';
import { PairingRepository } from '../../server/data/repositories/pairing.js';
import { withDb } from '../helpers/server.js';
import { joinAt, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { tillCredentials } from '../helpers/tills.js';

/**
 * A till offers its new entries to its peers in one write (peer-replication.ts, `offer`), the one
 * write a till accepts into its replica from another: its own entries only, as written, each with
 * a hash that covers it (replica-server.ts). Anything else is refused and stored nowhere.
 */
describe('entries offered by a paired till', () => {
  let a: PairedTill;
  let b: PairedTill;
  let aTills = '';

  beforeAll(async () => {
    a = await startPairedTill();
    b = await startPairedTill();
    await joinAt(a, b);
    aTills = withDb(a.server, (db) => new PairingRepository(db).listener('tills')?.address ?? '');
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close()]);
  });

  /** An entry of `till` at `sequence`, its hash over its contents (a closure: it carries no order). */
  function entryOf(till: { id: string; name: string }, sequence: number, changes: Partial<JournalRecord> = {}): Record<string, unknown> {
    const record: Omit<JournalRecord, 'hash'> = {
      id: randomUUID(),
      register_id: 1,
      sequence,
      kind: 'closure',
      session_id: null,
      order_id: null,
      refund_id: null,
      closure_id: null,
      payload: '{}',
      previous_hash: '',
      date_created_gmt: '2026-11-29T10:00:00',
    };
    const entry = { ...record, hash: entryHash(record), ...changes };
    const rev = `1-${'0123456789abcdef'.repeat(2)}`;
    return { _id: entryDocumentId(till.id, sequence), _rev: rev, type: 'entry', till, till_sequence: sequence, entry, number: null, order: null };
  }

  /** POSTs an offer to A's replica with B's certificate: the status answered. */
  function offer(body: unknown): Promise<number> {
    const asB = tillCredentials(b.server.dataDir);
    const [host, port] = aTills.split(':');
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host,
          port: Number(port),
          method: 'POST',
          path: '/replica/journal/_bulk_docs',
          cert: asB.cert,
          key: asB.key,
          ca: asB.ca,
          // The tills' certificates name a till, not an address: this test checks A's rules, not A's name.
          checkServerIdentity: () => undefined,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  const heldAtA = (tillId: string, sequence: number): boolean =>
    withDb(a.server, (db) =>
      prepared<[string, number], number>(db, 'SELECT 1 FROM shop_entries WHERE till_id = ? AND till_sequence = ?').pluck(true).get(tillId, sequence),
    ) !== undefined;

  test("B's own entry, as written, is stored at A and projected there", async () => {
    const asB = tillCredentials(b.server.dataDir);
    expect(await offer({ docs: [entryOf({ id: asB.id, name: 'Till B' }, 900)], new_edits: false })).toBe(201);
    await until('the offered entry projected at A', () => Promise.resolve(heldAtA(asB.id, 900) ? true : undefined));
  }, 30_000);

  test('an entry of another till, a changed one, or one to be given a new revision is refused and stored nowhere', async () => {
    const asB = tillCredentials(b.server.dataDir);
    const asA = tillCredentials(a.server.dataDir);
    const bStamp = { id: asB.id, name: 'Till B' };
    // A's own entry, offered by B: a till writes nothing of a third till, nor of the till it writes to.
    expect(await offer({ docs: [entryOf({ id: asA.id, name: 'Till A' }, 901)], new_edits: false })).toBe(403);
    // Changed on the way: its hash no longer covers it.
    expect(await offer({ docs: [entryOf(bStamp, 902, { payload: '{"total":"1.00"}' })], new_edits: false })).toBe(403);
    // Not as written: the replica would give it a revision of its own.
    expect(await offer({ docs: [entryOf(bStamp, 903)] })).toBe(403);
    // One good entry beside a bad one: nothing of the offer is stored.
    expect(
      await offer({ docs: [entryOf(bStamp, 904), { _id: 'user:boss', _rev: '1-00000000000000000000000000000000', type: 'user' }], new_edits: false }),
    ).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [till, sequence] of [
      [asA.id, 901],
      [asB.id, 902],
      [asB.id, 903],
      [asB.id, 904],
    ] as const)
      expect(heldAtA(till, sequence), `${till}:${sequence}`).toBe(false);
  }, 30_000);
});
