import { z } from 'zod';
import type { TermsRepository } from '../../data/repositories/terms.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import { slugify } from '../../model/catalogue/naming.js';
import type { TermRecord, Taxonomy } from '../../model/catalogue/types.js';
import { UNGUARDED, type CatalogueGuard } from './managed-catalogue.js';

/** Category, tag and brand writes (woocommerce-reference §2.3, §2.4); tags have no parent or order. */
export const termInputSchema = z
  .object({
    name: z.string().trim().min(1, 'name must not be empty').max(200),
    slug: z.string().trim().max(200),
    parent: z.number().int('must be an integer').min(0, 'must be 0 or a term id'),
    description: z.string().max(10_000),
    menu_order: z.number().int('must be an integer'),
  })
  .partial();
export type TermInput = z.output<typeof termInputSchema>;

const RESOURCE: Record<Taxonomy, string> = { product_cat: 'product_cat', product_tag: 'product_tag', product_brand: 'product_brand' };

/** What TermWriter is built from (server/composition.ts builds each once). */
export interface TermWriterParts {
  terms: TermsRepository;
  /** Refuses term writes while WooCommerce masters the catalogue (managed-catalogue.ts). */
  guard?: CatalogueGuard;
}

export class TermWriter {
  private readonly terms: TermsRepository;
  private readonly guard: CatalogueGuard;

  constructor(parts: TermWriterParts) {
    this.terms = parts.terms;
    this.guard = parts.guard ?? UNGUARDED;
  }

  term(taxonomy: Taxonomy, id: number): TermRecord {
    const record = this.terms.find(taxonomy, id);
    if (!record) throw notFound(`${RESOURCE[taxonomy]}_term`, 'Term does not exist.');
    return record;
  }

  private check(taxonomy: Taxonomy, input: TermInput, id: number, slug: string | undefined): void {
    const problems: Record<string, string> = {};
    if (slug !== undefined) {
      const owner = this.terms.slugOwner(taxonomy, slug, id);
      if (owner !== undefined) problems.slug = `slug ${slug} is already used by term ${owner}`;
    }
    if (input.parent !== undefined && input.parent !== 0) {
      if (taxonomy === 'product_tag') problems.parent = 'tags have no parent';
      else if (!this.terms.find(taxonomy, input.parent)) problems.parent = `no term ${input.parent} in this taxonomy`;
      else if (id !== 0 && this.terms.ancestorsOf(input.parent).includes(id)) problems.parent = 'a term cannot be its own ancestor';
    }
    if (Object.keys(problems).length > 0) throw invalidParams(problems);
  }

  create(taxonomy: Taxonomy, input: TermInput): TermRecord {
    this.guard();
    if (input.name === undefined) throw invalidParams({ name: 'name is required' });
    const slug = input.slug !== undefined && input.slug !== '' ? slugify(input.slug) : slugify(input.name);
    this.check(taxonomy, input, 0, slug);
    return this.terms.create(taxonomy, { ...input, name: input.name, slug });
  }

  update(taxonomy: Taxonomy, id: number, input: TermInput): TermRecord {
    this.guard();
    this.term(taxonomy, id);
    const slug = input.slug !== undefined && input.slug !== '' ? slugify(input.slug) : undefined;
    this.check(taxonomy, input, id, slug);
    this.terms.update(id, { ...input, slug });
    return this.term(taxonomy, id);
  }

  /** Terms cannot be trashed (WooCommerce answers 501 without `force=true`). Returns the term as it was. */
  delete(taxonomy: Taxonomy, id: number, force: boolean): TermRecord {
    this.guard();
    const current = this.term(taxonomy, id);
    if (!force) throw new ApiError(501, 'woocommerce_rest_trash_not_supported', 'Resource does not support trashing; pass force=true to delete it.');
    this.terms.delete(id);
    return current;
  }
}
