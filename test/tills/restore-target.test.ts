import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../server/data/database.js';
import { TillsRepository } from '../../server/data/repositories/tills.js';
import { ApiError } from '../../server/domain/errors.js';
import { openDataDirDatabase } from '../../server/start.js';
import { RESTORE_QUIET_SECONDS, restoreTarget } from '../../server/tills/pairing/restore-target.js';
import { makeDataDir } from '../helpers/server.js';

/** Which paired till a restore takes the place of, as the inviting till decides it over its own SQLite file. */
describe('the till a restore takes the place of', () => {
  let dataDir: string;
  let db: Database;
  let tills: TillsRepository;
  const later = () => Date.now() + (RESTORE_QUIET_SECONDS + 5) * 1000;

  beforeAll(() => {
    dataDir = makeDataDir();
    db = openDataDirDatabase(dataDir);
    tills = new TillsRepository(db);
  });

  afterAll(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const codeOf = (answer: unknown) => (answer instanceof ApiError ? answer.code : (answer as { id: string }).id);

  test('none paired: nothing to restore', () => {
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, undefined))).toBe('restore_no_candidate');
  });

  test('a till heard from just now is refused, by id or found; a minute later it is the one', () => {
    tills.addPeer({ id: 'till-b', name: 'Till B', address: '127.0.0.1:1', serial: 'B1' });
    tills.touchLastSeen('till-b');
    const alive = restoreTarget({ tills, selfId: 'self' }, 'till-b');
    expect(codeOf(alive)).toBe('restore_till_alive');
    expect((alive as ApiError).message).toContain('Till B');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, undefined))).toBe('restore_no_candidate');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, 'till-b', later()))).toBe('till-b');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, undefined, later()))).toBe('till-b');
  });

  test('two tills down: the one to restore must be named, and both are listed', () => {
    tills.addPeer({ id: 'till-c', name: 'Till C', address: '127.0.0.1:2', serial: 'C1' });
    const which = restoreTarget({ tills, selfId: 'self' }, undefined, later());
    expect(codeOf(which)).toBe('restore_which_till');
    expect((which as ApiError).message).toContain('Till B (till-b');
    expect((which as ApiError).message).toContain('Till C (till-c');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, 'till-c', later()))).toBe('till-c');
  });

  test('this till, an unknown id and a removed till are refused', () => {
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, 'self', later()))).toBe('restore_this_till');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, 'till-z', later()))).toBe('restore_unknown_till');
    tills.removePeer('till-c');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, 'till-c', later()))).toBe('restore_unknown_till');
    expect(codeOf(restoreTarget({ tills, selfId: 'self' }, undefined, later()))).toBe('till-b');
  });
});
