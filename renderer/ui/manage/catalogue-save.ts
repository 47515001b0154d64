/**
 * Saving in the Products and Stock screens: as the other managers' screens save (a refused field's
 * message goes next to it), except that the refusal of a till connected to WooCommerce, which
 * masters the catalogue there, is said in a shop's words.
 */
import { ApiRequestError } from '../../api-client.js';
import type { useTill } from '../context.js';
import { runSave, type FieldErrors } from './api.js';

export const MANAGED_ELSEWHERE = 'WooCommerce manages the catalogue: change it there.';
export const MANAGED_ELSEWHERE_WHY =
  'This till is connected to the shop’s WooCommerce, which holds the products; the till takes the changes at its next update. Deliveries and stock counts are still recorded here.';

type Till = ReturnType<typeof useTill>['till'];

export function isManagedElsewhere(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'pos_sync_catalogue_managed';
}

/** Runs a catalogue save; answers whether it saved. */
export async function saveCatalogue(
  till: Till,
  save: () => Promise<void>,
  options: { done: string; onFieldErrors: (errors: FieldErrors) => void },
): Promise<boolean> {
  // Written inside the save's callback, which TypeScript does not follow: a holder, not a let.
  const managed: { refusal: ApiRequestError | null } = { refusal: null };
  const saved = await runSave(
    till,
    async () => {
      try {
        await save();
      } catch (error) {
        if (error instanceof ApiRequestError && isManagedElsewhere(error)) managed.refusal = error;
        throw error;
      }
    },
    options,
  );
  const { refusal } = managed;
  if (refusal !== null) {
    till.state.set({ status: { kind: 'error', message: MANAGED_ELSEWHERE, explanation: MANAGED_ELSEWHERE_WHY, detail: `code: ${refusal.code}` } });
  }
  return saved;
}
