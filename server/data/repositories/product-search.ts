import type { Database } from '../database.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransactionIfFree } from '../write-transaction.js';
import { mergeSearchIndex, searchIndexAutomerge } from './search-index.js';
import {
  catalogueFrom,
  catalogueOrderBy,
  catalogueWhere,
  exactMatchFirst,
  type CatalogueFilter,
  type CatalogueKind,
  type CatalogueSort,
} from './catalogue-query.js';

/** The orders whose key is one column, sorted after the exact match in the matches' own pass (the lists' default and the id). */
const SINGLE_KEYS: Partial<Record<CatalogueSort['orderby'], string>> = { date: 'p.date_created_gmt', id: 'p.id' };

/**
 * One page of a list with a `search`, and the number of matches. Every match is read anyway (to be
 * counted and to find the page's place in the order), so the matches are read once, into a
 * materialised set holding each one's sort key: the count and the page both come from it, and the
 * page is the top of a sort bounded by LIMIT + OFFSET rather than a sort of every match. Exact SKU
 * and barcode matches come first, then the list's order, as in WooCommerce.
 */
export function searchPage(
  db: Database,
  kind: CatalogueKind,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  limit: number,
  offset: number,
): { ids: number[]; total: number } {
  searchIndexTidier(db).notice();
  const params = new SqlParams();
  const where = catalogueWhere(kind, filter, params);
  const exact = exactMatchFirst(filter.search, params);
  const key = SINGLE_KEYS[sort.orderby];
  let sql: string;
  if (key !== undefined) {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    sql = `WITH matches AS MATERIALIZED (SELECT p.id, ${exact.replace(/ DESC, $/, '')} AS exact_match, ${key} AS sort_key FROM ${catalogueFrom(filter)} WHERE ${where})
      SELECT id, (SELECT COUNT(*) FROM matches) AS total FROM matches
      ORDER BY exact_match DESC, sort_key ${direction}, id ${direction} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`;
  } else {
    // Orders by an expression (price, menu order and name, ...): counted in the same pass by a window.
    sql = `SELECT p.id, COUNT(*) OVER () AS total FROM ${catalogueFrom(filter)} WHERE ${where}
      ORDER BY ${exact}${catalogueOrderBy(sort, filter.now, params)} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`;
  }
  const rows = prepared<[Record<string, unknown>], { id: number; total: number }>(db, sql).all(params.values);
  const first = rows[0];
  if (first !== undefined) return { ids: rows.map((row) => row.id), total: first.total };
  // A page past the end (or of no matches) has no row to carry the count.
  const total =
    offset === 0
      ? 0
      : (prepared<[Record<string, unknown>], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${catalogueFrom(filter)} WHERE ${where}`).get(params.values)?.n ??
        0);
  return { ids: [], total };
}

/** Pages a merge step writes at most: a step costs a few milliseconds, so requests wait little between steps. */
const MERGE_PAGES = 128;
/**
 * Segments left alone: each costs a search one more lookup per trigram, and FTS5's own merging at
 * commit keeps the small ones of single edits few; merging into one rewrites the whole index.
 */
const MAX_SEGMENTS = 8;
/** The pause between merge steps, and after a write before the first: requests are served between them. */
const STEP_DELAY_MS = 25;
/** How often a running server looks at `search_version` for writes made by other connections (an import). */
const WATCH_INTERVAL_MS = 2_000;

/**
 * Keeps the trigram index (`products_search`) in few segments. FTS5 writes each batch of inserts
 * as a segment of its own and merges them lazily, so after an import of 100,000 products the index
 * is some seventeen segments, and a term is looked up in every one: a search of a fragment with
 * many trigrams took twice as long as in one segment. After writes (`search_version`, migration 12)
 * the index is merged back into one, a step of at most MERGE_PAGES pages at a time with pauses for
 * requests in between, whichever process wrote. A few small segments (a rename, a new product) cost
 * little, so the index is rewritten only when it is in more than MAX_SEGMENTS segments or segments
 * other than its largest hold a sixteenth of it.
 */
class SearchIndexTidier {
  /** The search_version last looked at: a different one means the index may have new segments. */
  private seen: number | undefined;
  private step: NodeJS.Timeout | undefined;
  private watch: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {}

  /** Looks at the index every WATCH_INTERVAL_MS while the database is open (a search looks at once as well). */
  startWatching(): void {
    if (this.watch !== undefined) return;
    // The first look is a period after the start, not in the way of the first requests.
    this.watch = setInterval(() => {
      if (this.db.open) this.notice();
      else clearInterval(this.watch);
    }, WATCH_INTERVAL_MS);
    // The watch keeps no process (a test, the CLI) alive.
    this.watch.unref();
  }

  notice(): void {
    if (this.step !== undefined) return;
    const version = prepared<[], { version: number }>(this.db, 'SELECT version FROM search_version WHERE slot = 1').get()?.version;
    if (version === this.seen) return;
    this.seen = version;
    this.schedule(() => {
      // An import turns FTS5's own merging off while it writes and merges at its end: left to it.
      if (searchIndexAutomerge(this.db) === 0) this.seen = undefined;
      else if (this.scattered()) this.merge();
    });
  }

  private schedule(work: () => void): void {
    this.step = setTimeout(() => {
      this.step = undefined;
      if (this.db.open) work();
    }, STEP_DELAY_MS);
    this.step.unref();
  }

  /**
   * Whether the index is in more than MAX_SEGMENTS segments, or segments other than the largest hold
   * more than a sixteenth of it (counted in `_idx` entries, about one per leaf page).
   */
  private scattered(): boolean {
    const sizes = prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM products_search_idx GROUP BY segid')
      .all()
      .map((row) => row.n);
    const total = sizes.reduce((sum, n) => sum + n, 0);
    return sizes.length > MAX_SEGMENTS || total - Math.max(0, ...sizes) > Math.max(16, total / 16);
  }

  /** One merge step, then the next after a pause, until FTS5 reports no work left. */
  private merge(): void {
    let more: boolean;
    try {
      // Another connection writing (an import, a till selling) goes first: the step waits for no lock.
      // A negative count merges segments of every level together: the index ends as one segment.
      const step = writeTransactionIfFree(this.db, () => mergeSearchIndex(this.db, -MERGE_PAGES));
      // Busy: the next look (WATCH_INTERVAL_MS) tries again rather than knocking every step.
      if (!step.done) this.seen = undefined;
      more = step.done && step.value;
    } catch {
      // Anything else (a read-only database, say) ends the tidying rather than the process:
      // searches are right either way.
      more = false;
    }
    if (more) {
      this.schedule(() => {
        this.merge();
      });
    }
  }
}

const tidiers = new WeakMap<Database, SearchIndexTidier>();

function searchIndexTidier(db: Database): SearchIndexTidier {
  let tidier = tidiers.get(db);
  if (tidier === undefined) {
    tidier = new SearchIndexTidier(db);
    tidiers.set(db, tidier);
  }
  return tidier;
}

/** For the server's own connection: keeps the search index in few segments after writes, whoever makes them (see SearchIndexTidier). */
export function keepSearchIndexTidy(db: Database): void {
  searchIndexTidier(db).startWatching();
}
