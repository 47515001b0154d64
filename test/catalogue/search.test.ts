import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type CatalogueFilter, type CatalogueKind } from '../../server/data/repositories/products.js';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

let breakfast: number;

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const products = servicesOf(db).repositories.products;
    breakfast = new TermsRepository(db).create('product_cat', { name: 'Breakfast' }).id;
    const simple = (name: string, sku: string, barcode = '') => products.create({ type: 'simple', name, sku, barcode, regular_price: '1.00' });
    simple('Flat White', 'FW-1', '5012345000015');
    simple('Oat Milk 1L', 'OM-1', '5012345000022');
    simple('Milk Chocolate Bar', 'CHOC-7', '5012345000039');
    simple('Say "Cheese" Crackers', 'CRK-1');
    simple('Fish * Chips', 'FSH-1');
    simple('NEAR Beer', 'BEER-0');
    simple('Half-Price Mug', 'MUG-HP');
    simple('Ratio 3:1 Mix', 'MIX-31');
    simple('100% Juice', 'JUI-100');
    simple('ÉCLAIR Box', 'ECL-2');
    simple('Xylitol Gum', 'X1', '42');
    products.create({ type: 'simple', name: 'Full Breakfast', sku: 'BRK-1', regular_price: '9.00', category_ids: [breakfast] });
    const shirt = products.create({
      type: 'variable',
      name: 'Logo Shirt',
      sku: 'SHIRT',
      attributes: [{ id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Red', 'Navy'] }],
    });
    for (const [colour, sku, barcode] of [
      ['Red', 'SHIRT-R', '4000000000017'],
      ['Navy', 'SHIRT-N', '4000000000024'],
    ] as const) {
      products.create({
        type: 'variation',
        parent_id: shirt.id,
        sku,
        barcode,
        regular_price: '20.00',
        variation_attributes: [{ id: 0, name: 'Colour', slug: 'colour', option: colour }],
      });
    }
  } finally {
    db.close();
  }
});

const search = async (text: string, collection = 'products'): Promise<string[]> => {
  const response = await api<Array<{ name: string }>>(server, 'GET', `/${collection}?search=${encodeURIComponent(text)}&orderby=title&order=asc&per_page=100`, {
    token: tokens.cashier,
  });
  expect(response.status).toBe(200);
  return response.body.map((item) => item.name);
};

describe('search of three characters or more (trigram index)', () => {
  it('matches any part of a name, case-insensitively', async () => {
    expect(await search('AT WH')).toEqual(['Flat White']);
    expect(await search('milk')).toEqual(['Milk Chocolate Bar', 'Oat Milk 1L']);
    expect(await search('ilk cho')).toEqual(['Milk Chocolate Bar']);
  });

  it('matches any part of a SKU or a barcode', async () => {
    expect(await search('hoc-')).toEqual(['Milk Chocolate Bar']);
    expect(await search('m-1')).toEqual(['Oat Milk 1L']);
    expect(await search('5012345000015')).toEqual(['Flat White']);
    expect(await search('234500002')).toEqual(['Oat Milk 1L']);
    expect(await search('5012345')).toEqual(['Flat White', 'Milk Chocolate Bar', 'Oat Milk 1L']);
  });

  it('folds the case of letters beyond ASCII too', async () => {
    expect(await search('éclair')).toEqual(['ÉCLAIR Box']);
  });

  it('treats quotes, *, NEAR, -, : and % as plain text, never as query syntax', async () => {
    expect(await search('"Cheese"')).toEqual(['Say "Cheese" Crackers']);
    expect(await search('y "Ch')).toEqual(['Say "Cheese" Crackers']);
    expect(await search('h * C')).toEqual(['Fish * Chips']);
    expect(await search('NEAR')).toEqual(['NEAR Beer']);
    expect(await search('-Price')).toEqual(['Half-Price Mug']);
    expect(await search('3:1')).toEqual(['Ratio 3:1 Mix']);
    expect(await search('00%')).toEqual(['100% Juice']);
    // Each of these would match something if it were read as FTS5 syntax (prefix, OR, NOT, NEAR, column filter).
    expect(await search('fla*')).toEqual([]);
    expect(await search('flat OR oat')).toEqual([]);
    expect(await search('milk NOT oat')).toEqual([]);
    expect(await search('NEAR(flat white)')).toEqual([]);
    expect(await search('name:flat')).toEqual([]);
    expect(await search('sku:FW-1')).toEqual([]);
    expect(await search('"""')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('fla\0t')).toEqual([]);
    expect(await search('\0')).toEqual([]);
  });

  it('searches variations by their full name, SKU and barcode', async () => {
    expect(await search('shirt - red', 'products/variations')).toEqual(['Logo Shirt - Red']);
    expect(await search('irt-n', 'products/variations')).toEqual(['Logo Shirt - Navy']);
    expect(await search('0000000017', 'products/variations')).toEqual(['Logo Shirt - Red']);
    expect(await search('shirt')).toEqual(['Logo Shirt']);
  });

  it('announces the same total on every page, whether it is counted or read from a short last page', async () => {
    for (const [page, names] of [
      [1, ['Flat White', 'Milk Chocolate Bar']],
      [2, ['Oat Milk 1L']],
      [3, []],
    ] as const) {
      const response = await api<Array<{ name: string }>>(server, 'GET', `/products?search=5012345&orderby=title&order=asc&per_page=2&page=${page}`, {
        token: tokens.cashier,
      });
      expect(response.body.map((item) => item.name)).toEqual(names);
      expect([response.headers.get('x-wp-total'), response.headers.get('x-wp-totalpages')]).toEqual(['3', '2']);
    }
    const offset = await api<Array<{ name: string }>>(server, 'GET', '/products?search=5012345&orderby=title&order=asc&per_page=3&offset=1', {
      token: tokens.cashier,
    });
    expect(offset.body.map((item) => item.name)).toEqual(['Milk Chocolate Bar', 'Oat Milk 1L']);
    expect(offset.headers.get('x-wp-total')).toBe('3');
  });

  it('combines with the other filters', async () => {
    const response = await api<Array<{ name: string }>>(server, 'GET', `/products?search=fast&category=${breakfast}`, { token: tokens.cashier });
    expect(response.body.map((item) => item.name)).toEqual(['Full Breakfast']);
    expect(response.headers.get('x-wp-total')).toBe('1');
    expect((await api<unknown[]>(server, 'GET', '/products?search=milk&sku=FW-1', { token: tokens.cashier })).body).toEqual([]);
  });
});

describe('search of one or two characters (start of a name, or a whole SKU or barcode)', () => {
  it('matches the start of a name, case-insensitively', async () => {
    expect(await search('fl')).toEqual(['Flat White']);
    expect(await search('FU')).toEqual(['Full Breakfast']);
    expect(await search('m')).toEqual(['Milk Chocolate Bar']);
  });

  it('does not match the middle of a name nor the start of a SKU', async () => {
    expect(await search('at')).toEqual([]);
    expect(await search('OM')).toEqual([]);
    expect(await search('SH')).toEqual([]);
  });

  it('matches a whole short SKU (any case) or barcode', async () => {
    expect(await search('x1')).toEqual(['Xylitol Gum']);
    expect(await search('42')).toEqual(['Xylitol Gum']);
    expect(await search('4')).toEqual([]);
  });

  it('treats quotes, * and % literally', async () => {
    expect(await search('"')).toEqual([]);
    expect(await search('*')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('10')).toEqual(['100% Juice']);
  });
});

interface Plans {
  /** Absent when the count came with the page (a search counts its matches in the same pass). */
  count: string[] | undefined;
  page: string[];
  rows: string[];
  audit: string[];
  /** The audit as the server sends it (`per_page=-1`): JSON built by SQLite, in the list's default order. */
  syncAudit: string[];
  /** The SQL functions the sync audit's program calls (by name): none per entry when it reads them from the index. */
  syncAuditFunctions: string[];
}

/**
 * The query plans of what `list` and `modificationIndex` run (the count, the page of ids, the rows of
 * that page and the audit), read with EXPLAIN QUERY PLAN on the same SQL and parameters (the first
 * statement of each kind: the page of 100).
 */
function listPlans(kind: CatalogueKind, filter: Omit<CatalogueFilter, 'now'>): Plans {
  const db: Database = openDataDirDatabase(server.dataDir);
  const executed: Array<{ sql: string; args: unknown[] }> = [];
  const prepare = db.prepare.bind(db);
  try {
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      const all = statement.all.bind(statement);
      const get = statement.get.bind(statement);
      const iterate = statement.iterate.bind(statement);
      statement.iterate = (...args: unknown[]) => {
        executed.push({ sql, args });
        return iterate(...args);
      };
      statement.all = (...args: unknown[]) => {
        executed.push({ sql, args });
        return all(...args);
      };
      statement.get = (...args: unknown[]) => {
        executed.push({ sql, args });
        return get(...args);
      };
      return statement;
    }) as typeof db.prepare;
    const products = servicesOf(db).repositories.products;
    const full = { now: '2030-01-01T00:00:00', ...filter };
    products.list(kind, full, { orderby: 'date', order: 'desc' }, 100, 0);
    // A page of one as well, full, so that the count runs too.
    products.list(kind, full, { orderby: 'date', order: 'desc' }, 1, 0);
    products.modificationIndex(kind, full, { orderby: 'id', order: 'asc' });
    // The sync audit as the server answers it: the list's default order, built as JSON by SQLite.
    products.modificationIndexEntries(kind, full, { orderby: 'date', order: 'desc' }, ['id', 'date_modified_gmt']);
    const planOf = (pattern: RegExp): string[] | undefined => {
      const statement = executed.find(({ sql }) => pattern.test(sql));
      return (
        statement &&
        prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .all(...statement.args)
          .map((row) => row.detail)
      );
    };
    const sqlOf = (pattern: RegExp) => {
      const statement = executed.find(({ sql }) => pattern.test(sql));
      if (statement === undefined) throw new Error(`no statement matched ${String(pattern)}`);
      return statement;
    };
    const required = (pattern: RegExp): string[] => {
      const plan = planOf(pattern);
      if (plan === undefined) throw new Error(`no statement matched ${String(pattern)}`);
      return plan;
    };
    // The SQL functions a statement's program calls (EXPLAIN's Function opcodes), by name.
    const functionsOf = (pattern: RegExp): string[] => {
      const { sql, args } = sqlOf(pattern);
      return prepare<unknown[], { opcode: string; p4: string | null }>(`EXPLAIN ${sql}`)
        .all(...args)
        .filter((row) => ['Function', 'PureFunc', 'AggStep'].includes(row.opcode))
        .map((row) => String(row.p4).replace(/\(.*$/, ''));
    };
    return {
      // A list filtered by placement alone counts in the pass that finds where its pages start.
      count: planOf(/^SELECT (COUNT\(\*\)(?! AS n, CAST\()|p\.date_created_gmt, p\.id FROM)/),
      page: required(/^(WITH matches AS MATERIALIZED \(SELECT p\.id, |SELECT p\.id(, COUNT\(\*\) OVER \(\) AS total)? FROM)/),
      rows: required(/^SELECT p\.\*/),
      audit: required(/^SELECT p\.id, p\.date_modified_gmt/),
      syncAudit: required(/group_concat\(entry\)/),
      syncAuditFunctions: functionsOf(/group_concat\(entry\)/),
    };
  } finally {
    db.close();
  }
}

/** A line of a plan that reads every row of the products table (reading an index or the FTS table is fine). */
const fullScan = (line: string) => /^SCAN (p|products|parent|owner)$/.test(line);

describe('query plans', () => {
  it('answers a long search from the FTS table and reads only the matching products by id', () => {
    for (const kind of ['product', 'variation'] as const) {
      const { count, page, rows, audit } = listPlans(kind, { search: 'shirt' });
      // The page counts the matches: the search runs once.
      expect(count).toBeUndefined();
      for (const plan of [page, audit]) {
        expect(plan.filter(fullScan)).toEqual([]);
        expect(plan).toContain('SCAN products_search VIRTUAL TABLE INDEX 0:M3');
        expect(
          plan.some((line) => line.startsWith('SEARCH p USING INTEGER PRIMARY KEY')),
          `${kind}: ${plan.join(' / ')}`,
        ).toBe(true);
      }
      expect(rows).toEqual(['SEARCH p USING INTEGER PRIMARY KEY (rowid=?)', 'SEARCH parent USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN']);
    }
  });

  it('answers a short search from the name, SKU and barcode indexes', () => {
    const { count, page, audit } = listPlans('product', { search: 'fl' });
    expect(count).toBeUndefined();
    for (const plan of [page, audit]) {
      expect(plan.filter(fullScan)).toEqual([]);
      expect(plan).toContain('SEARCH products USING COVERING INDEX products_name (name>? AND name<?)');
      expect(plan).toContain('SEARCH products USING COVERING INDEX products_sku_nocase (sku=?)');
      expect(plan).toContain('SEARCH products USING COVERING INDEX products_barcode (barcode=?)');
    }
  });

  it('uses an index for the other hot filters of the till: sku, barcode, modified_after, category and slug', () => {
    const cases: Array<[Omit<CatalogueFilter, 'now'>, string]> = [
      [{ skus: ['FW-1'] }, 'SEARCH p USING INDEX sqlite_autoindex_products_1 (sku=?)'],
      [{ barcodeMatches: [1, 2] }, 'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)'],
      [{ modifiedAfter: '2000-01-01T00:00:00' }, 'SEARCH p USING INDEX products_modified (date_modified_gmt>?)'],
      [{ categories: [breakfast] }, 'SEARCH pt USING COVERING INDEX product_terms_term (term_id=?)'],
      [{ slug: 'flat-white' }, 'SEARCH p USING INDEX products_slug (slug=?)'],
    ];
    for (const [filter, expected] of cases) {
      const { count, page, audit } = listPlans('product', filter);
      for (const plan of [count, page, audit]) {
        expect(plan?.filter(fullScan), JSON.stringify(filter)).toEqual([]);
        expect(plan, JSON.stringify(filter)).toContain(expected);
      }
    }
  });

  it('counts and pages the unfiltered list from the creation-date index of its kind alone', () => {
    const products = listPlans('product', {});
    expect(products.count).toEqual(['SCAN p USING COVERING INDEX products_audit_products']);
    // The first page reads the index from its start, as far as its LIMIT; deep pages start at their
    // block's key (test/performance/product-pages.test.ts).
    expect(products.page).toEqual(['SCAN p USING COVERING INDEX products_audit_products']);
    const variations = listPlans('variation', {});
    // Whether a variation's product is in the trash: whether the trash holds anything, once a
    // statement, then the trashed ids read once from their index, not a product row per variation.
    const trashed = [
      'SCALAR SUBQUERY 1',
      'SCAN trashed USING COVERING INDEX products_trashed',
      'LIST SUBQUERY 2',
      'SCAN owner USING COVERING INDEX products_trashed',
      'CREATE BLOOM FILTER',
    ];
    expect(variations.page).toEqual(['SCAN p USING COVERING INDEX products_audit_variations', ...trashed]);
    // The sync audits read only the entries of their own kind, in the list's order (migration 15).
    expect(products.syncAudit).toEqual(['CO-ROUTINE p', 'SCAN p USING COVERING INDEX products_audit_products', 'SCAN p']);
    expect(variations.syncAudit).toEqual(['CO-ROUTINE p', 'SCAN p USING COVERING INDEX products_audit_variations', ...trashed, 'SCAN p']);
    // Each entry is read ready-made from the index (migration 17), not built: only the two aggregates are called.
    expect(products.syncAuditFunctions).toEqual(['count', 'group_concat']);
    expect(variations.syncAuditFunctions).toEqual(['count', 'group_concat']);
  });
});
