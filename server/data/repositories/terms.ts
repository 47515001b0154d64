import type { Database } from '../database.js';
import type { TermRecord, TermReference, Taxonomy } from '../../model/catalogue/types.js';
import { slugify } from '../../model/catalogue/naming.js';
import { likePattern, SqlParams } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';

export interface NewTerm {
  name: string;
  slug?: string;
  parent?: number;
  description?: string;
  menu_order?: number;
}

export interface TermFilter {
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  hideEmpty?: boolean | undefined;
  parent?: number | undefined;
  product?: number | undefined;
  slugs?: string[] | undefined;
}

export const TERM_ORDERBY = ['name', 'id', 'include', 'slug', 'count', 'description', 'term_group'] as const;
export interface TermSort {
  orderby: (typeof TERM_ORDERBY)[number];
  order: 'asc' | 'desc';
  include?: number[] | undefined;
}

/** Published products (not variations) in the term: WooCommerce's term `count`. */
const COUNTED = `SELECT t.*, (
    SELECT COUNT(*) FROM product_terms pt JOIN products p ON p.id = pt.product_id
    WHERE pt.term_id = t.id AND p.status = 'publish' AND p.type <> 'variation'
  ) AS count FROM terms t`;

export class TermsRepository {
  constructor(private readonly db: Database) {}

  find(taxonomy: Taxonomy, id: number): TermRecord | undefined {
    return prepared<[string, number], TermRecord>(this.db, `${COUNTED} WHERE t.taxonomy = ? AND t.id = ?`).get(taxonomy, id);
  }

  create(taxonomy: Taxonomy, term: NewTerm): TermRecord {
    const { lastInsertRowid } = prepared(this.db, 'INSERT INTO terms (taxonomy, name, slug, parent, description, menu_order) VALUES (?, ?, ?, ?, ?, ?)').run(
      taxonomy,
      term.name,
      term.slug ?? slugify(term.name),
      term.parent ?? 0,
      term.description ?? '',
      term.menu_order ?? 0,
    );
    const record = this.find(taxonomy, Number(lastInsertRowid));
    if (!record) throw new Error('term vanished after insert');
    return record;
  }

  /** Writes a term's fields (those given). */
  update(id: number, changes: Partial<Omit<NewTerm, never>>): void {
    const current = prepared<[number], { name: string; slug: string; parent: number; description: string; menu_order: number }>(
      this.db,
      'SELECT * FROM terms WHERE id = ?',
    ).get(id);
    if (!current) return;
    const given = (Object.entries(changes) as Array<[string, unknown]>).filter(([, value]) => value !== undefined);
    const next = { ...current, ...Object.fromEntries(given) };
    prepared(this.db, 'UPDATE terms SET name = ?, slug = ?, parent = ?, description = ?, menu_order = ? WHERE id = ?').run(
      next.name,
      next.slug,
      next.parent,
      next.description,
      next.menu_order,
      id,
    );
  }

  /** Deletes a term; its children move up to its parent, as WordPress does. Products lose it (cascade). */
  delete(id: number): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'UPDATE terms SET parent = (SELECT parent FROM terms WHERE id = ?) WHERE parent = ?').run(id, id);
      prepared(this.db, 'DELETE FROM terms WHERE id = ?').run(id);
    });
  }

  /** Another term of the taxonomy with this slug. */
  slugOwner(taxonomy: Taxonomy, slug: string, exceptId: number): number | undefined {
    return prepared<[string, string, number], { id: number }>(this.db, 'SELECT id FROM terms WHERE taxonomy = ? AND slug = ? AND id <> ?').get(
      taxonomy,
      slug,
      exceptId,
    )?.id;
  }

  /** The term's ancestors' ids, nearest first (to refuse a parent that is the term's own descendant). */
  ancestorsOf(id: number): number[] {
    return prepared<[number], { id: number }>(
      this.db,
      'WITH RECURSIVE up(id, parent) AS (SELECT id, parent FROM terms WHERE id = ? UNION SELECT t.id, t.parent FROM terms t JOIN up ON t.id = up.parent) SELECT id FROM up',
    )
      .all(id)
      .map((row) => row.id);
  }

  /** Adds terms to a product (already assigned ones are kept once). */
  assign(productId: number, termIds: readonly number[]): void {
    const add = prepared(this.db, 'INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
    writeTransaction(this.db, () => {
      for (const termId of termIds) add.run(productId, termId);
    });
  }

  /** The terms of each of some products, by taxonomy, in name order. */
  termsOfProducts(productIds: readonly number[]): Map<number, Record<Taxonomy, TermReference[]>> {
    const result = new Map<number, Record<Taxonomy, TermReference[]>>();
    for (const id of productIds) result.set(id, { product_cat: [], product_tag: [], product_brand: [] });
    if (productIds.length === 0) return result;
    const params = new SqlParams();
    const rows = prepared<[Record<string, unknown>], TermReference & { product_id: number; taxonomy: Taxonomy }>(
      this.db,
      `SELECT pt.product_id, t.taxonomy, t.id, t.name, t.slug FROM product_terms pt JOIN terms t ON t.id = pt.term_id
         WHERE pt.product_id IN (${params.list(productIds)}) ORDER BY t.name COLLATE NOCASE, t.id`,
    ).all(params.values);
    for (const row of rows) result.get(row.product_id)?.[row.taxonomy].push({ id: row.id, name: row.name, slug: row.slug });
    return result;
  }

  list(taxonomy: Taxonomy, filter: TermFilter, sort: TermSort, limit: number, offset: number): { records: TermRecord[]; total: number } {
    const params = new SqlParams();
    const clauses: string[] = [`t.taxonomy = ${params.bind(taxonomy)}`];
    if (filter.search !== undefined && filter.search !== '') {
      const pattern = params.bind(likePattern(filter.search));
      clauses.push(`(t.name LIKE ${pattern} ESCAPE '\\' OR t.slug LIKE ${pattern} ESCAPE '\\')`);
    }
    if (filter.include !== undefined) clauses.push(`t.id IN (${params.list(filter.include)})`);
    if (filter.exclude !== undefined) clauses.push(`t.id NOT IN (${params.list(filter.exclude)})`);
    if (filter.parent !== undefined) clauses.push(`t.parent = ${params.bind(filter.parent)}`);
    if (filter.product !== undefined) clauses.push(`t.id IN (SELECT term_id FROM product_terms WHERE product_id = ${params.bind(filter.product)})`);
    if (filter.slugs !== undefined) clauses.push(`t.slug IN (${params.list(filter.slugs)})`);
    const counted = `WITH counted AS (${COUNTED} WHERE ${clauses.join(' AND ')}) SELECT * FROM counted t`;
    const where = filter.hideEmpty === true ? 'WHERE t.count > 0' : '';
    const total = prepared<[Record<string, unknown>], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM (${counted} ${where})`).get(params.values)?.n ?? 0;

    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    const include = sort.include ?? [];
    const keys: Record<TermSort['orderby'], string> = {
      name: 't.name COLLATE NOCASE',
      id: 't.id',
      include: include.length === 0 ? 't.id' : `CASE t.id ${include.map((id, position) => `WHEN ${params.bind(id)} THEN ${position}`).join(' ')} END`,
      slug: 't.slug',
      count: 't.count',
      description: 't.description',
      // WordPress's term groups are not kept here: every term is in group 0, so the name decides.
      term_group: 't.name COLLATE NOCASE',
    };
    const records = prepared<[Record<string, unknown>], TermRecord>(
      this.db,
      `${counted} ${where} ORDER BY ${keys[sort.orderby]} ${direction}, t.id ${direction} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`,
    ).all(params.values);
    return { records, total };
  }
}
