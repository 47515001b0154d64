import { rmSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ProductDocumentsRepository } from '../../server/data/repositories/product-documents.js';
import type { Database } from '../../server/data/database.js';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * A page's freshly shaped documents are stored after the turn that answered it
 * (`ProductDocumentsRepository.storeSoon`): never over a write made in between, all of a turn's
 * documents in one commit, and nothing kept or thrown once the database has closed.
 */

async function withDataDir(work: (db: Database) => Promise<void>): Promise<void> {
  const dataDir = makeDataDir();
  const db = openDataDirDatabase(dataDir);
  try {
    await work(db);
  } finally {
    if (db.open) db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const STAMP = 'test-stamp';
const NOW = '2026-06-01T12:00:00';

function shapedNow(db: Database, names: string[]) {
  const products = servicesOf(db).repositories.products;
  const documents = new ProductDocumentsRepository(db);
  const ids = names.map((name) => products.create({ type: 'simple', name, regular_price: '2.00' }).id);
  // As a reader does: the revisions first, then (here, in place of shaping) the text to keep.
  const toStore = documents
    .read(ids, STAMP, NOW)
    .map((read) => ({ id: read.id, revision: read.revision ?? -1, json: JSON.stringify({ id: read.id }), validBefore: null, validThrough: null }));
  return { documents, ids, toStore };
}

const storedJson = (documents: ProductDocumentsRepository, ids: number[]) => documents.read(ids, STAMP, NOW).map((document) => document.json);

describe('documents stored soon', () => {
  it('are stored once the turn is over, in one commit, not while it runs', async () => {
    await withDataDir(async (db) => {
      const { documents, ids, toStore } = shapedNow(db, ['Tea', 'Coffee', 'Cocoa']);
      documents.storeSoon(toStore.slice(0, 2), STAMP);
      documents.storeSoon(toStore.slice(2), STAMP);
      expect(storedJson(documents, ids)).toEqual([null, null, null]);
      const changesBefore = db.prepare('SELECT total_changes()').pluck().get() as number;
      await nextTurn();
      expect(storedJson(documents, ids)).toEqual(ids.map((id) => JSON.stringify({ id })));
      expect(db.prepare('SELECT total_changes()').pluck().get()).toBe(changesBefore + 3);
    });
  });

  it('leave out a product written after it was read, and keep the others', async () => {
    await withDataDir(async (db) => {
      const { documents, ids, toStore } = shapedNow(db, ['Tea', 'Coffee']);
      documents.storeSoon(toStore, STAMP);
      // As a till's sale or another process would, between the answer and the turn's end.
      db.prepare("UPDATE products SET regular_price = '2.50' WHERE id = ?").run(ids[0]);
      await nextTurn();
      expect(storedJson(documents, ids)).toEqual([null, JSON.stringify({ id: ids[1] })]);
    });
  });

  it('are dropped, without an error, when the database closes first', async () => {
    await withDataDir(async (db) => {
      const { documents, toStore } = shapedNow(db, ['Tea']);
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        documents.storeSoon(toStore, STAMP);
        db.close();
        await nextTurn();
        await nextTurn();
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
    });
  });
});
