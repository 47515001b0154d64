import type { MetaInput } from './input.js';
import type { ItemMeta } from '../../model/orders/types.js';

export function metaValue(meta: MetaInput | undefined, key: string): unknown {
  return meta?.find((entry) => entry.key === key)?.value;
}

/** Writes `[{key, value, id?}]` into meta data: by id when given, else by key (woocommerce-reference §1). */
export function upsertMeta(current: readonly ItemMeta[], updates: MetaInput, skipKeys: ReadonlySet<string> = new Set()): ItemMeta[] {
  const result = current.map((entry) => ({ ...entry }));
  let nextId = result.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  for (const update of updates) {
    if (skipKeys.has(update.key)) continue;
    const existing = update.id !== undefined ? result.find((entry) => entry.id === update.id) : result.find((entry) => entry.key === update.key);
    if (existing) {
      existing.key = update.key;
      existing.value = update.value;
    } else {
      result.push({ id: nextId++, key: update.key, value: update.value });
    }
  }
  return result;
}
