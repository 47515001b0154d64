import type { ImportRepository } from '../../data/repositories/import.js';
import type { TermsRepository } from '../../data/repositories/terms.js';
import { slugify } from '../../model/catalogue/naming.js';
import type { Taxonomy } from '../../model/catalogue/types.js';
import type { TermPath } from './product-row.js';

/**
 * Finds the terms a CSV names (`Clothing > Shirts`: the term Shirts under Clothing) and creates
 * the missing ones, as WooCommerce's importer does with `wp_insert_term`.
 */
export class TermResolver {
  readonly created: Record<Taxonomy, number> = { product_cat: 0, product_tag: 0, product_brand: 0 };
  private readonly cache = new Map<string, number>();
  /** Told of every term created, so that the import's journal can undo it. */
  onCreate: (termId: number) => void = () => undefined;

  constructor(
    private readonly lookups: ImportRepository,
    private readonly terms: TermsRepository,
  ) {}

  /** The term id at the end of a path, or undefined when some of it does not exist yet. */
  find(taxonomy: Taxonomy, path: TermPath): number | undefined {
    let parent = 0;
    for (const name of path) {
      const found = this.lookups.findTerm(taxonomy, name, slugify(name), parent);
      if (!found) return undefined;
      parent = found.id;
    }
    return parent;
  }

  /** The term id at the end of a path, creating the missing terms of it. */
  findOrCreate(taxonomy: Taxonomy, path: TermPath): number {
    const key = `${taxonomy}\u0000${path.map((name) => name.toLowerCase()).join('\u0000')}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let parent = 0;
    for (const name of path) {
      const slug = slugify(name);
      const found = this.lookups.findTerm(taxonomy, name, slug, parent);
      if (found) {
        parent = found.id;
        continue;
      }
      parent = this.terms.create(taxonomy, { name, slug: this.uniqueSlug(taxonomy, slug, parent), parent }).id;
      this.onCreate(parent);
      this.created[taxonomy]++;
    }
    this.cache.set(key, parent);
    return parent;
  }

  /** WordPress's `wp_unique_term_slug`: a taken slug gets the parent's slug appended, then a number. */
  private uniqueSlug(taxonomy: Taxonomy, slug: string, parent: number): string {
    if (!this.lookups.termSlugTaken(taxonomy, slug)) return slug;
    const parentSlug = parent === 0 ? undefined : this.lookups.termSlug(parent);
    const base = parentSlug === undefined ? slug : `${slug}-${parentSlug}`;
    let candidate = base;
    for (let suffix = 2; this.lookups.termSlugTaken(taxonomy, candidate); suffix++) candidate = `${base}-${suffix}`;
    return candidate;
  }
}
