/**
 * An outbox entry left `sending` by a process that stopped, on a real SQLite file with no server: the
 * server runs the same statement as it starts, where a broken one stops the start of a whole test
 * file, which a mutation run does not count as a failure; here it is a test of its own.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

const dataDir = makeDataDir();
const db = openDataDirDatabase(dataDir);
const { repositories, customers } = servicesOf(db);
afterAll(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an entry left sending', () => {
  it('becomes unknown, looked up at the time given, and is counted; one not sending is left alone', () => {
    repositories.syncConnection.connect('https://shop.example', 'ck_never_used');
    for (const email of ['one@example.test', 'two@example.test']) customers.create({ email, first_name: 'Left' });
    const [first, second] = repositories.syncOutbox
      .page(null, 10, 0)
      .entries.map((entry) => entry.id)
      .sort((a, b) => a - b) as [number, number];
    repositories.syncOutbox.markSending(first, '2026-11-29T10:00:00');
    expect(repositories.syncOutbox.sendingBecomesUnknown('2026-11-29T10:02:00')).toBe(1);
    expect([repositories.syncOutbox.find(first), repositories.syncOutbox.find(second)].map((entry) => [entry?.state, entry?.next_attempt_gmt])).toEqual([
      ['unknown', '2026-11-29T10:02:00'],
      ['pending', null],
    ]);
    expect(repositories.syncOutbox.sendingBecomesUnknown('2026-11-29T10:03:00')).toBe(0);
  });
});
