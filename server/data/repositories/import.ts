import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { gmtNow } from '../../model/dates.js';
import { variableStockStatus } from '../../model/catalogue/stock.js';
import type { Taxonomy } from '../../model/catalogue/types.js';

export interface TermMatch {
  id: number;
  name: string;
  slug: string;
}

/** The SQL of the CSV imports that the catalogue and tax repositories do not have. */
export class ImportRepository {
  constructor(private readonly db: Database) {}

  /** A product or variation by SKU, whatever its status: case-insensitively, an exact-case match first (as WooCommerce looks SKUs up). */
  productIdBySku(sku: string): number | undefined {
    return prepared<{ sku: string }, { id: number }>(
      this.db,
      'SELECT id FROM products WHERE sku = @sku COLLATE NOCASE ORDER BY sku = @sku DESC, id LIMIT 1',
    ).get({ sku })?.id;
  }

  /** Products and variations (not in the trash) that carry a barcode. */
  barcodeOwners(barcode: string): Array<{ id: number; sku: string }> {
    return prepared<[string], { id: number; sku: string | null }>(this.db, "SELECT id, sku FROM products WHERE barcode = ? AND status <> 'trash' ORDER BY id")
      .all(barcode)
      .map((row) => ({ id: row.id, sku: row.sku ?? '' }));
  }

  /** A term by name (case-insensitively) or by the slug of that name, under a parent, as WordPress's `term_exists` finds one. */
  findTerm(taxonomy: Taxonomy, name: string, slug: string, parent: number): TermMatch | undefined {
    return prepared<{ taxonomy: string; name: string; slug: string; parent: number }, TermMatch>(
      this.db,
      `SELECT id, name, slug FROM terms WHERE taxonomy = @taxonomy AND parent = @parent AND (name = @name COLLATE NOCASE OR slug = @slug)
       ORDER BY name = @name DESC, id LIMIT 1`,
    ).get({ taxonomy, name, slug, parent });
  }

  termSlugTaken(taxonomy: Taxonomy, slug: string): boolean {
    return prepared<[string, string], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM terms WHERE taxonomy = ? AND slug = ?').get(taxonomy, slug)?.n === 1;
  }

  termSlug(id: number): string | undefined {
    return prepared<[number], { slug: string }>(this.db, 'SELECT slug FROM terms WHERE id = ?').get(id)?.slug;
  }

  /** A product's term ids of one taxonomy. */
  termIdsOf(productId: number, taxonomy: Taxonomy): number[] {
    return prepared<[number, string], { term_id: number }>(
      this.db,
      'SELECT term_id FROM product_terms WHERE product_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?) ORDER BY term_id',
    )
      .all(productId, taxonomy)
      .map((row) => row.term_id);
  }

  /** Some columns of a product as stored (for the journal: what an import step is about to overwrite). */
  storedColumns(id: number, columns: readonly string[]): Record<string, unknown> | undefined {
    if (columns.length === 0) return {};
    return prepared<[number], Record<string, unknown>>(this.db, `SELECT ${columns.join(', ')} FROM products WHERE id = ?`).get(id);
  }

  parentOfVariation(id: number): number | undefined {
    return prepared<[number], { parent_id: number }>(this.db, "SELECT parent_id FROM products WHERE id = ? AND type = 'variation'").get(id)?.parent_id;
  }

  /** A variable product's stock status as its published variations make it, when that differs from the stored one. */
  variableStockStatusChange(parentId: number): string | undefined {
    const parent = prepared<[number], { stock_status: string; type: string }>(this.db, 'SELECT stock_status, type FROM products WHERE id = ?').get(parentId);
    if (parent?.type !== 'variable') return undefined;
    const children = prepared<[number], { stock_status: string }>(
      this.db,
      "SELECT stock_status FROM products WHERE parent_id = ? AND type = 'variation' AND status = 'publish'",
    )
      .all(parentId)
      .map((child) => child.stock_status);
    const status = variableStockStatus(children);
    return status === parent.stock_status ? undefined : status;
  }

  /** A variable product's stock status from its published variations (WC_Product_Variable::sync_stock_status). */
  syncVariableStockStatus(parentId: number): void {
    const status = this.variableStockStatusChange(parentId);
    if (status !== undefined) prepared(this.db, 'UPDATE products SET stock_status = ?, date_modified_gmt = ? WHERE id = ?').run(status, gmtNow(), parentId);
  }

  deleteProduct(id: number): void {
    prepared(this.db, 'DELETE FROM products WHERE id = ?').run(id);
  }

  deleteTerm(id: number): void {
    prepared(this.db, 'DELETE FROM terms WHERE id = ?').run(id);
  }
}

export type UndoAction = 'delete_product' | 'delete_term' | 'restore_product' | 'restore_terms';

export interface UndoEntry {
  seq: number;
  action: UndoAction;
  target: number;
  prior: string | null;
}

export interface ImportRun {
  id: number;
  kind: string;
  file: string;
  pid: number;
  host: string;
  heartbeat_gmt: string;
}

/** The import journal (migration 8): the run rows of the imports writing now, and how to undo each of their steps. */
export class ImportJournalRepository {
  constructor(private readonly db: Database) {}

  startRun(kind: string, file: string, pid: number, host: string): number {
    const now = gmtNow();
    return Number(
      prepared(this.db, 'INSERT INTO import_runs (kind, file, pid, host, started_gmt, heartbeat_gmt) VALUES (?, ?, ?, ?, ?, ?)').run(
        kind,
        file,
        pid,
        host,
        now,
        now,
      ).lastInsertRowid,
    );
  }

  /** Stamps a run as alive; false when the run is gone (finished, or undone by another process). */
  touchRun(id: number): boolean {
    return prepared(this.db, 'UPDATE import_runs SET heartbeat_gmt = ? WHERE id = ?').run(gmtNow(), id).changes === 1;
  }

  /** Deletes a run row: the commit point of an import, or the end of its undo. False when it was already gone. */
  endRun(id: number): boolean {
    return prepared(this.db, 'DELETE FROM import_runs WHERE id = ?').run(id).changes === 1;
  }

  runs(): ImportRun[] {
    return prepared<[], ImportRun>(this.db, 'SELECT id, kind, file, pid, host, heartbeat_gmt FROM import_runs ORDER BY id').all();
  }

  record(runId: number, seq: number, action: UndoAction, target: number, prior: unknown): void {
    prepared(this.db, 'INSERT INTO import_undo (run_id, seq, action, target, prior) VALUES (?, ?, ?, ?, ?)').run(
      runId,
      seq,
      action,
      target,
      prior === undefined ? null : JSON.stringify(prior),
    );
  }

  /** A run's newest undo entries, newest first. */
  newestUndo(runId: number, limit: number): UndoEntry[] {
    return prepared<[number, number], UndoEntry>(this.db, 'SELECT seq, action, target, prior FROM import_undo WHERE run_id = ? ORDER BY seq DESC LIMIT ?').all(
      runId,
      limit,
    );
  }

  deleteUndo(runId: number, seqs: readonly number[]): void {
    const remove = prepared(this.db, 'DELETE FROM import_undo WHERE run_id = ? AND seq = ?');
    for (const seq of seqs) remove.run(runId, seq);
  }

  /** Deletes up to `limit` entries of runs that have ended; the number deleted. */
  clearEndedUndo(limit: number): number {
    return prepared(
      this.db,
      'DELETE FROM import_undo WHERE (run_id, seq) IN (SELECT run_id, seq FROM import_undo WHERE run_id NOT IN (SELECT id FROM import_runs) LIMIT ?)',
    ).run(limit).changes;
  }

  /** Stock quantities as they are now, to keep the sales made while an import's step is undone. */
  stockOf(id: number): { manage_stock: number; stock_quantity: number | null; backorders: string } | undefined {
    return prepared<[number], { manage_stock: number; stock_quantity: number | null; backorders: string }>(
      this.db,
      'SELECT manage_stock, stock_quantity, backorders FROM products WHERE id = ?',
    ).get(id);
  }
}
