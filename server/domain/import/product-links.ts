/**
 * The product import's checks across rows, after each row was read on its own: barcodes unique in
 * the file and the catalogue, each variation linked to its variable parent (in the file or the
 * catalogue) with its options among the parent's, and the parents' attributes from their rows.
 */
import type { ImportRepository } from '../../data/repositories/import.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import { slugify } from '../../model/catalogue/naming.js';
import type { ProductAttribute, ProductRecord, VariationAttribute } from '../../model/catalogue/types.js';
import type { Slices } from './pacing.js';
import type { Entry } from './product-entry.js';
import type { Rejections } from './report.js';

/** The line of each SKU and source ID in the file, whether or not its row was accepted. */
export interface RowLines {
  bySku: Map<string, number>;
  byId: Map<number, number>;
}

export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export class AcrossRows {
  constructor(
    private readonly products: ProductsRepository,
    private readonly lookups: ImportRepository,
    private readonly rejections: Rejections,
  ) {}

  private reject(entry: { line: number }, reason: string): false {
    this.rejections.add(entry.line, reason);
    return false;
  }

  /** Barcodes unique across the catalogue, and every variation under a variable product whose options it uses. */
  async check(entries: readonly Entry[], rows: RowLines, slices: Slices): Promise<Entry[]> {
    const bySku = new Map(entries.map((entry) => [entry.sku.toLowerCase(), entry]));
    const barcodeLines = new Map<string, number>();
    let index = 0;
    for (const entry of entries) {
      if (++index % 50 === 0) await slices.maybePause();
      const barcode = entry.changes.barcode;
      if (barcode === undefined || barcode === '') continue;
      const earlier = barcodeLines.get(barcode);
      if (earlier !== undefined) {
        this.rejections.add(entry.line, `barcode ${barcode} is also on line ${earlier}`);
        continue;
      }
      barcodeLines.set(barcode, entry.line);
      // A product that this file gives another barcode does not keep this one.
      const owner = this.lookups.barcodeOwners(barcode).find((candidate) => {
        if (candidate.id === entry.existing?.id) return false;
        const rewritten = bySku.get(candidate.sku.toLowerCase())?.changes.barcode;
        return rewritten === undefined || rewritten === barcode;
      });
      if (owner) this.rejections.add(entry.line, `barcode ${barcode} already belongs to SKU ${owner.sku === '' ? `(product ${owner.id})` : owner.sku}`);
    }

    const live = (entry: Entry): boolean => !this.rejections.has(entry.line);
    const bySourceId = new Map(entries.filter((entry) => entry.sourceId !== null && entry.type !== 'variation').map((entry) => [entry.sourceId, entry]));
    for (const entry of entries.filter((candidate) => candidate.type === 'variation' && live(candidate)))
      this.linkParent(entry, { bySku, bySourceId, rows }, live);

    for (const entry of entries.filter((candidate) => candidate.type !== 'variation' && live(candidate) && candidate.attributes.length > 0)) {
      this.setAttributes(
        entry,
        entries.filter((variation) => variation.parent !== undefined && 'entry' in variation.parent && variation.parent.entry === entry && live(variation)),
      );
    }
    return entries.filter(live);
  }

  /** Finds a variation's parent and turns its attribute cells into choices among the parent's options. */
  private linkParent(
    entry: Entry,
    file: { bySku: Map<string, Entry>; bySourceId: Map<number | null, Entry>; rows: RowLines },
    live: (entry: Entry) => boolean,
  ): boolean {
    let parent: { entry: Entry } | { record: ProductRecord } | undefined;
    let label: string;
    const ref = entry.parentRef;
    if (ref === undefined || ref === null) {
      const record = entry.existing ? this.products.find(entry.existing.parent_id) : undefined;
      const inFile = record ? file.bySku.get(record.sku.toLowerCase()) : undefined;
      parent = inFile ? { entry: inFile } : record && { record };
      label = record?.sku ?? '';
    } else if ('sourceId' in ref) {
      const inFile = file.bySourceId.get(ref.sourceId);
      const line = file.rows.byId.get(ref.sourceId);
      if (!inFile && line !== undefined) return this.reject(entry, `its parent id:${ref.sourceId} (line ${line}) was rejected`);
      if (!inFile) return this.reject(entry, `the parent id:${ref.sourceId} is not the ID of a row in this file`);
      parent = { entry: inFile };
      label = inFile.sku;
    } else {
      const inFile = file.bySku.get(ref.sku.toLowerCase());
      const line = file.rows.bySku.get(ref.sku.toLowerCase());
      if (!inFile && line !== undefined) return this.reject(entry, `its parent ${ref.sku} (line ${line}) was rejected`);
      const id = inFile ? undefined : this.lookups.productIdBySku(ref.sku);
      const record = id === undefined ? undefined : this.products.find(id);
      if (!inFile && !record) return this.reject(entry, `the parent SKU ${ref.sku} is neither in this file nor in the catalogue`);
      parent = inFile ? { entry: inFile } : record && { record };
      label = ref.sku;
    }
    if (!parent) return this.reject(entry, `the parent of SKU ${entry.sku} no longer exists`);
    if ('entry' in parent && !live(parent.entry)) return this.reject(entry, `its parent ${label} (line ${parent.entry.line}) was rejected`);
    const parentType = 'entry' in parent ? parent.entry.type : parent.record.type;
    if (parentType !== 'variable') return this.reject(entry, `the parent ${label} is a ${parentType} product, not a variable one`);
    const parentId = 'entry' in parent ? parent.entry.existing?.id : parent.record.id;
    if (entry.existing && entry.existing.parent_id !== parentId)
      return this.reject(entry, `SKU ${entry.sku} is a variation of another product; the import does not move variations`);

    if (entry.attributes.length > 0) {
      const options: ReadonlyArray<{ name: string; options: string[] }> =
        'entry' in parent && parent.entry.attributes.length > 0
          ? parent.entry.attributes
          : (('entry' in parent ? parent.entry.existing?.attributes : parent.record.attributes) ?? []);
      const parentName = 'entry' in parent ? (parent.entry.changes.name ?? parent.entry.existing?.name ?? label) : parent.record.name;
      const choices: VariationAttribute[] = [];
      for (const attribute of entry.attributes) {
        const offered = options.find((candidate) => sameName(candidate.name, attribute.name));
        if (!offered) return this.reject(entry, `${parentName} has no attribute ${attribute.name}`);
        const option = attribute.options[0] ?? '';
        const match = option === '' ? '' : offered.options.find((candidate) => sameName(candidate, option));
        if (match === undefined)
          return this.reject(entry, `${attribute.name} ${option} is not one of the options of ${parentName} (${offered.options.join(', ')})`);
        choices.push({ id: 0, name: offered.name, slug: slugify(offered.name), option: match });
      }
      entry.changes.variation_attributes = choices;
    }
    entry.parent = parent;
    return true;
  }

  /**
   * A product's attributes from its row. On a variable product an attribute is a variation attribute
   * when it has a default, when a variation uses it, or when it already was one (WooCommerce keeps the flag).
   */
  private setAttributes(entry: Entry, variations: readonly Entry[]): void {
    const used = new Set<string>();
    for (const variation of [
      ...variations.map((child) => child.changes.variation_attributes ?? child.existing?.variation_attributes ?? []),
      ...(entry.existing ? this.products.variationsOf([entry.existing.id]).map((child) => child.variation_attributes) : []),
    ]) {
      for (const choice of variation) used.add(choice.name.toLowerCase());
    }
    const variable = entry.type === 'variable';
    entry.changes.attributes = entry.attributes.map((attribute, position): ProductAttribute => ({
      id: 0,
      name: attribute.name,
      slug: slugify(attribute.name),
      position,
      visible: attribute.visible,
      variation:
        variable &&
        (attribute.default !== '' ||
          used.has(attribute.name.toLowerCase()) ||
          (entry.existing?.attributes.some((old) => sameName(old.name, attribute.name) && old.variation) ?? false)),
      options: attribute.options,
    }));
    if (variable) {
      entry.changes.default_attributes = entry.attributes
        .filter((attribute) => attribute.default !== '')
        .map((attribute) => ({
          id: 0,
          name: attribute.name,
          option: attribute.options.find((option) => sameName(option, attribute.default)) ?? attribute.default,
        }));
    }
  }
}
