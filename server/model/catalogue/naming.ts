import type { VariationAttribute } from './types.js';

/** A URL slug as WordPress's `sanitize_title` makes it: lower case ASCII words joined by hyphens. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'item' : slug;
}

/** "T-Shirt - Red, Large": the parent's name and the variation's options, as WooCommerce titles variations. */
export function variationName(parentName: string, attributes: readonly VariationAttribute[]): string {
  const options = attributes.map((attribute) => attribute.option).filter((option) => option !== '');
  return options.length === 0 ? parentName : `${parentName} - ${options.join(', ')}`;
}
