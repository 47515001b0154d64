/**
 * What the managers' screens share: the server's validation messages per field, a loader hook over
 * the till's API client, and the capability check that decides which screens a user sees.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiUser } from '../../../shared/api.js';
import { ApiRequestError } from '../../api-client.js';
import { useTill } from '../context.js';

/** Messages of a refused save, by parameter name as the server named it (`variable_measure_barcodes.item_digits`). */
export type FieldErrors = Readonly<Record<string, string>>;

function messageOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string')
    return (value as { message: string }).message;
  return null;
}

/**
 * The per-field messages of a 400 (`data.params`, WordPress's `data.details`), or null when the
 * error names no field (a rule such as "the last administrator", a lost connection).
 */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const found: Record<string, string> = {};
  for (const source of [error.data.details, error.data.params]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const message = messageOf(value);
      if (message !== null) found[name] ??= message;
    }
  }
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * The message for `path` among the errors: its own, or that of a parameter inside it
 * (`store_tax_ids[0].type` belongs to `store_tax_ids`), so every message lands next to a field.
 */
export function errorFor(errors: FieldErrors, path: string): string | null {
  const own = errors[path];
  if (own !== undefined) return own;
  const inside = Object.entries(errors).filter(([name]) => name.startsWith(`${path}.`) || name.startsWith(`${path}[`));
  return inside.length === 0 ? null : inside.map(([name, message]) => `${name}: ${message}`).join(' ');
}

export function hasCapability(user: ApiUser | null, capability: string): boolean {
  return user !== null && (user.capabilities as readonly string[]).includes(capability);
}

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  reload: () => Promise<void>;
  /** Replaces the data with a server's answer (after a save), without asking again. */
  replace: (data: T) => void;
}

/** Loads data through the till's client when the screen opens; a failure shows in the till's message box. */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const { till } = useTill();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  // The caller names what the load depends on, as with useEffect.
  const stableLoad = useCallback(load, deps);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await stableLoad());
    } catch (error) {
      till.fail(error);
    } finally {
      setLoading(false);
    }
  }, [stableLoad, till]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, reload, replace: setData };
}

/** Refusals of the user rules: the till's sentence stays, and the line under it says which rule. */
const ESCALATION_REASONS: Readonly<Record<string, (capabilities: string) => string>> = {
  pos_rest_cannot_grant: (capabilities) => `You cannot grant or take away capabilities your own role does not have: ${capabilities}.`,
  pos_rest_cannot_edit_user: (capabilities) => `This user may do more than you (${capabilities}); ask an administrator.`,
};

export function failWithReason(till: ReturnType<typeof useTill>['till'], error: unknown): void {
  const explain = error instanceof ApiRequestError ? ESCALATION_REASONS[error.code] : undefined;
  if (explain === undefined || !(error instanceof ApiRequestError)) {
    till.fail(error);
    return;
  }
  const capabilities = Array.isArray(error.data.capabilities) ? error.data.capabilities.map(String).join(', ') : 'some of them';
  till.state.set({ status: { kind: 'error', message: error.message, explanation: explain(capabilities), detail: `code: ${error.code}` } });
}

/** A refused search or report: the messages naming fields go next to them, any other failure to the till's message box. */
export function showRefusal(till: ReturnType<typeof useTill>['till'], error: unknown, onFieldErrors: (errors: FieldErrors) => void): void {
  const fields = fieldErrorsOf(error);
  if (fields === null) till.fail(error);
  else onFieldErrors(fields);
}

/**
 * Runs a save: on success the till says so; a refusal naming fields goes to `onFieldErrors` (shown
 * next to them), any other failure to the till's message box. Answers whether it saved.
 */
export async function runSave(
  till: ReturnType<typeof useTill>['till'],
  save: () => Promise<void>,
  options: { done: string; onFieldErrors: (errors: FieldErrors) => void },
): Promise<boolean> {
  options.onFieldErrors({});
  try {
    await save();
    till.info(options.done);
    return true;
  } catch (error) {
    const fields = fieldErrorsOf(error);
    if (fields !== null) {
      options.onFieldErrors(fields);
      till.clearStatus();
    } else {
      failWithReason(till, error);
    }
    return false;
  }
}
