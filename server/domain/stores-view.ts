import { z } from 'zod';
import { gmtToLocal } from '../model/dates.js';
import { isTimeZone, metaDataSchema, storeFieldsSchema, type MetaData, type Store, type StoreFields } from '../model/stores.js';
import type { StoreResource } from '../../shared/resources/stores.js';

export type StoreContext = 'view' | 'edit';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every store date is shown in the store's own zone, so an unknown zone is refused at the door. */
const writableFields = storeFieldsSchema.extend({
  timezone: storeFieldsSchema.shape.timezone.refine(isTimeZone, 'must be an IANA time zone such as Europe/London'),
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a string') })
    .trim()
    .min(1, 'name must not be empty')
    .max(200),
});

/** `POST /stores`: `name` and any store field (the others take their defaults). */
export const storeCreateSchema = writableFields.extend({ meta_data: metaDataSchema.default([]), require_open_session: z.boolean().default(true) });

/** `PATCH /stores/{id}`: validated whole, over the store's current values (see `storeUpdateCandidate`); `meta_data` is upserted. */
export const storeUpdateSchema = writableFields.extend({ meta_data: metaDataSchema.optional() });

/** The store fields an update names (for the log): known keys only, whatever else the client sent. */
export function storeWritableKeys(patch: Record<string, unknown>): string[] {
  return Object.keys(patch).filter((key) => Object.hasOwn(writableFields.shape, key) || key === 'meta_data');
}

/** The store's current values with a partial update laid over them; `tax_address` is merged key by key. */
export function storeUpdateCandidate(store: Store, patch: Record<string, unknown>): Record<string, unknown> {
  const current = { ...storeFieldsSchema.parse(store), name: store.name };
  const candidate: Record<string, unknown> = { ...current, ...patch };
  if (isPlainObject(patch.tax_address)) candidate.tax_address = { ...current.tax_address, ...patch.tax_address };
  return candidate;
}

/** Splits validated input into the store's name and its fields (what StoresRepository stores). */
export function splitStoreInput(input: z.output<typeof writableFields>): { name: string; fields: StoreFields } {
  const fields = storeFieldsSchema.parse(input);
  return { name: input.name, fields };
}

/** Meta data entries as WooCommerce writes them: matched by `id`, else by `key`; new entries get the next id. */
export function upsertMetaData(current: MetaData, updates: z.output<typeof metaDataSchema>): MetaData {
  const result = current.map((entry) => ({ ...entry }));
  let nextId = result.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  for (const update of updates) {
    const existing = (update.id !== undefined ? result.find((entry) => entry.id === update.id) : undefined) ?? result.find((entry) => entry.key === update.key);
    if (existing) {
      existing.key = update.key;
      existing.value = update.value;
    } else {
      result.push({ id: nextId, key: update.key, value: update.value });
      nextId += 1;
    }
  }
  return result;
}

/** The address taxes are based at: the store's own address unless a separate tax address is set. */
function effectiveTaxAddress(store: Store): StoreFields['tax_address'] {
  if (store.tax_address.country !== '') return store.tax_address;
  return { country: store.store_country, state: store.store_state, postcode: store.store_postcode, city: store.store_city };
}

/**
 * A store as the API shows it (wcpos-reference "Stores"). The `view` context resolves
 * `tax_address` to the address in use; `edit` returns the raw stored values.
 */
export function storeResource(store: Store, context: StoreContext, links: { self: string; collection: string }): StoreResource {
  const fields = storeFieldsSchema.parse(store);
  return {
    id: store.id,
    name: store.name,
    ...fields,
    tax_address: context === 'view' ? effectiveTaxAddress(store) : fields.tax_address,
    meta_data: store.meta_data,
    date_created: gmtToLocal(store.date_created_gmt, store.timezone),
    date_created_gmt: store.date_created_gmt,
    date_modified: gmtToLocal(store.date_modified_gmt, store.timezone),
    date_modified_gmt: store.date_modified_gmt,
    _links: { self: [{ href: links.self }], collection: [{ href: links.collection }] },
  };
}
export type { StoreResource };
