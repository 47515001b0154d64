import { z } from 'zod';
import type { SettingsSection } from './section.js';

/**
 * `settings/tax_ids` (wcpos-reference): which meta key a tax id of each type (`eu_vat`, `us_ein`...)
 * is written to on customers and orders. An update replaces the map wholesale.
 */
export const taxIdsSettingsSchema = z.object({
  write_map: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'tax id types are lower-case identifiers such as eu_vat'),
      z.string().trim().min(1, 'must name a meta key').max(255),
    )
    .refine((map) => Object.keys(map).length <= 100, 'at most 100 tax id types')
    .default({}),
});
export type TaxIdsSettings = z.output<typeof taxIdsSettingsSchema>;

export const TAX_IDS_SETTINGS: SettingsSection<typeof taxIdsSettingsSchema> = { name: 'tax_ids', schema: taxIdsSettingsSchema, replacedWhole: ['write_map'] };
