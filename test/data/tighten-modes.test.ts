import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { tightenDirectory, tightenFile } from '../../server/data/private-files.js';
import { DATABASE_FILE } from '../../server/start.js';
import { makeDataDir, startTestServer } from '../helpers/server.js';

/**
 * Tightening looks at the group's bits as well as the others': a file the group may read (0640) or
 * a directory the group may enter (0750) is as open to another user of the machine as 0644 and 0755,
 * which are all the other file-mode tests start from.
 */
const modeOf = (path: string): number => statSync(path).mode & 0o777;

const scratch = makeDataDir();
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function fileWithMode(mode: number): string {
  const file = join(mkdtempSync(join(scratch, 'file-')), 'some-file');
  writeFileSync(file, 'private');
  chmodSync(file, mode);
  return file;
}

function dirWithMode(mode: number): string {
  const dir = join(mkdtempSync(join(scratch, 'dir-')), 'some-dir');
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

describe.skipIf(process.platform === 'win32')('tightening files and directories open to the group', () => {
  it('tightenFile takes 0640, 0620, 0660 and 0604 to 0600; leaves 0600 and 0400 alone', () => {
    for (const mode of [0o640, 0o620, 0o660, 0o604]) {
      const file = fileWithMode(mode);
      expect(tightenFile(file), mode.toString(8)).toBe(true);
      expect(modeOf(file), mode.toString(8)).toBe(0o600);
    }
    for (const mode of [0o600, 0o400]) {
      const file = fileWithMode(mode);
      expect(tightenFile(file), mode.toString(8)).toBe(false);
      expect(modeOf(file), mode.toString(8)).toBe(mode);
    }
    expect(tightenFile(join(scratch, 'missing'))).toBe(false);
  });

  it('tightenDirectory takes 0750, 0710, 0770 and 0705 to 0700, answering the mode it had; leaves 0700 alone', () => {
    for (const mode of [0o750, 0o710, 0o770, 0o705]) {
      const dir = dirWithMode(mode);
      expect(tightenDirectory(dir), mode.toString(8)).toBe(mode);
      expect(modeOf(dir), mode.toString(8)).toBe(0o700);
    }
    const dir = dirWithMode(0o700);
    expect(tightenDirectory(dir)).toBeUndefined();
    expect(modeOf(dir)).toBe(0o700);
  });

  it('a server started on a 0750 data directory with a 0640 database makes them 0700 and 0600', async () => {
    const dataDir = join(scratch, 'data');
    mkdirSync(dataDir);
    openDatabase(join(dataDir, DATABASE_FILE)).close();
    chmodSync(join(dataDir, DATABASE_FILE), 0o640);
    chmodSync(dataDir, 0o750);
    const server = await startTestServer({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) expect(modeOf(join(dataDir, file)), file).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
