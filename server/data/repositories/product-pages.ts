import type { Database } from '../database.js';
import { SqlParams, untilWritten } from '../sql.js';
import { prepared } from '../statements.js';
import { catalogueOrderBy, catalogueWhere, exactMatchFirst, type CatalogueFilter, type CatalogueKind, type CatalogueSort } from './catalogue-query.js';

/** Where each block of this many rows starts is remembered: a page skips fewer than this many index entries. */
const BLOCK = 64;
/** Lists remembered at once (each filter and order the tills and syncs use is one). */
const REMEMBERED_LISTS = 64;
/**
 * Pages starting before this row skip their rows with OFFSET: fewer than this many index entries
 * cost less than finding every block's start, a pass over the whole list that only the list's
 * first deeper page makes (a till's first request after a start asks for page 1).
 */
const OFFSET_BELOW = 4 * BLOCK;

/**
 * The filters that test only what `catalogue_version` follows (migration 10): a list filtered by
 * nothing else has the same rows, in the same order, for as long as the version stands. Lists of
 * some ids or of one parent's variations are short and counted at once from their index; they are
 * left out, or a till reading variations one by one would push the long lists out of memory.
 */
const PLACEMENT_FILTERS = new Set(['now', 'status', 'hideOnlineOnly', 'categories', 'tags', 'brands', 'type', 'exclude', 'createdAfter', 'createdBefore']);

/** The orders whose key is a column of the lists' covering indexes (`products_audit_products`, `products_audit_variations`), so that a page can start at a key. */
const KEYS: Partial<Record<CatalogueSort['orderby'], string>> = { date: 'p.date_created_gmt', id: 'p.id' };

interface Placement {
  version: number;
  total: number;
  /** The key and id of the first row of each block, for the orders in KEYS; found when a page first needs them. */
  blockStarts: Array<[string | number, number]> | undefined;
}

function placementOnly(filter: CatalogueFilter): boolean {
  return Object.entries(filter).every(([name, value]) => value === undefined || (name === 'search' && value === '') || PLACEMENT_FILTERS.has(name));
}

/**
 * Pages of the product lists without counting or skipping rows on every request. For a list whose
 * filter tests only placement (PLACEMENT_FILTERS), the total and the start of every block of BLOCK
 * rows are read once, in one pass over the index, and kept while `catalogue_version` stands; any
 * write that could move a row between pages bumps it, whichever process makes it. A page then starts
 * at its block's key (keyset paging) and skips fewer than BLOCK entries, so page 1,000 costs what
 * page 1 costs, and the total stays exact after every write.
 */
export class ProductPages {
  private readonly placements = new Map<string, Placement>();

  constructor(private readonly db: Database) {}

  /** Only a write can move it, so it is read again only after one. */
  private version(): number {
    return untilWritten(
      this.db,
      'catalogue_version',
      () => prepared<[], { version: number }>(this.db, 'SELECT version FROM catalogue_version WHERE slot = 1').get()?.version ?? 0,
    );
  }

  /** The page's ids and the list's total; undefined when the filter is not one this class can answer. */
  page(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number): { ids: number[]; total: number } | undefined {
    if (!placementOnly(filter)) return undefined;
    const params = new SqlParams();
    const where = catalogueWhere(kind, filter, params);
    // The first parameter is `now`, which no placement filter reads; it must not split the lists.
    const nowName = Object.keys(params.values)[0] ?? '';
    if (where.includes(`@${nowName}`)) return undefined;
    const values = Object.fromEntries(Object.entries(params.values).filter(([name]) => name !== nowName));
    const key = KEYS[sort.orderby];
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    const signature = `${kind}|${where}|${JSON.stringify(values)}|${key === undefined ? '' : `${sort.orderby} ${direction}`}`;
    const placement = this.placement(signature, where, values);

    if (key === undefined || offset < OFFSET_BELOW) {
      // The order's parameters follow the filter's (`now` among them, for the price order).
      const order = `${exactMatchFirst(filter.search, params)}${catalogueOrderBy(sort, filter.now, params)}`;
      const ids = prepared<[Record<string, unknown>], { id: number }>(
        this.db,
        `SELECT p.id FROM products p WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
        .all({ ...params.values, limit, offset })
        .map((row) => row.id);
      return { ids, total: placement.total };
    }
    placement.blockStarts ??= this.blockStarts(where, values, key, direction);
    const start = placement.blockStarts[Math.floor(offset / BLOCK)];
    if (start === undefined) return { ids: [], total: placement.total };
    const ids = prepared<[Record<string, unknown>], { id: number }>(
      this.db,
      `SELECT p.id FROM products p WHERE ${where} AND (${key}, p.id) ${direction === 'DESC' ? '<=' : '>='} (@startKey, @startId)
       ORDER BY ${key} ${direction}, p.id ${direction} LIMIT @limit OFFSET @skip`,
    )
      .all({ ...values, startKey: start[0], startId: start[1], limit, skip: offset % BLOCK })
      .map((row) => row.id);
    return { ids, total: placement.total };
  }

  /** The key and id of every BLOCK-th row of the list, numbered by SQLite in one pass over the index. */
  private blockStarts(where: string, values: Record<string, unknown>, key: string, direction: string): Array<[string | number, number]> {
    return prepared<[Record<string, unknown>], [string | number, number]>(
      this.db,
      `SELECT k, id FROM (SELECT ${key} AS k, p.id AS id, row_number() OVER (ORDER BY ${key} ${direction}, p.id ${direction}) AS n FROM products p WHERE ${where})
       WHERE n % ${BLOCK} = 1 ORDER BY n`,
    )
      .raw(true)
      .all(values);
  }

  private placement(signature: string, where: string, values: Record<string, unknown>): Placement {
    // Read before the rows: a write between the two leaves an older number, and the next request reads again.
    const version = this.version();
    const known = this.placements.get(signature);
    if (known !== undefined && known.version === version) {
      // Most recently used last: the first entry is the one to forget when there are too many.
      this.placements.delete(signature);
      this.placements.set(signature, known);
      return known;
    }
    const total = prepared<[Record<string, unknown>], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM products p WHERE ${where}`).get(values)?.n ?? 0;
    const placement: Placement = { version, total, blockStarts: undefined };
    this.placements.delete(signature);
    const oldest = this.placements.keys().next();
    if (this.placements.size >= REMEMBERED_LISTS && oldest.done !== true) this.placements.delete(oldest.value);
    this.placements.set(signature, placement);
    return placement;
  }
}
