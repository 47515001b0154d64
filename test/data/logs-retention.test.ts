import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { LogsRepository } from '../../server/data/repositories/logs.js';
import { makeDataDir } from '../helpers/server.js';

describe('the log keeps the newest entries only', () => {
  it('drops the oldest beyond its retention', () => {
    const db = openDatabase(join(makeDataDir(), 'tillbase.db'));
    const logs = new LogsRepository(db, 3);
    for (let i = 1; i <= 5; i += 1) logs.add({ level: 'info', source: 'test', message: `entry ${i}`, context: {} });
    const { entries, total } = logs.list({ limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(entries.map((entry) => entry.message)).toEqual(['entry 5', 'entry 4', 'entry 3']);
    db.close();
  });
});
