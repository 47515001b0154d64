import type { AuditTrailRepository, AuditQuery } from '../../data/repositories/audit-trail.js';
import type { AuditRecord } from '../../model/records/audit-trail.js';

/** Who did it: a logged-in user, or a user acting through the CLI. */
export interface AuditActor {
  id: number;
  username: string;
}

/** One event for the audit trail. Amounts are decimal strings (never numbers), details never hold a secret. */
export interface AuditEvent {
  actor: AuditActor;
  /** Dotted and stable: `order.refund`, `user.update`, `approval.grant`, `cash.out`... */
  action: string;
  object?: { type: string; id: string | number } | undefined;
  amounts?: Record<string, string> | undefined;
  approvalId?: number | null | undefined;
  registerId?: number | null | undefined;
  details?: Record<string, unknown> | undefined;
  /** One line for people; it defaults to the action and the object. */
  message?: string | undefined;
}

/**
 * Keys that must never reach the audit trail, whatever a caller passes in `details`: the trail is
 * shown to every manager and kept for good.
 */
const SECRET_KEY = /(^|_)(password|passwd|pin|token|secret|key|hash)(_|$)/i;

function withoutSecrets(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details)
      .filter(([key]) => !SECRET_KEY.test(key) || key === 'has_pin')
      .map(([key, value]) => [
        key,
        value !== null && typeof value === 'object' && !Array.isArray(value) ? withoutSecrets(value as Record<string, unknown>) : value,
      ]),
  );
}

/** What AuditTrail is built from (server/composition.ts builds each once). */
export interface AuditTrailParts {
  entries: AuditTrailRepository;
}

/**
 * The audit trail: one entry per event, written in the caller's transaction when there is one.
 * Kept in `audit_trail` (see migration 5 for why not in `logs`) and read through `GET /logs?source=audit`.
 */
export class AuditTrail {
  private readonly entries: AuditTrailRepository;

  constructor(parts: AuditTrailParts) {
    this.entries = parts.entries;
  }

  record(event: AuditEvent): number {
    const objectType = event.object?.type ?? '';
    const objectId = event.object === undefined ? '' : String(event.object.id);
    return this.entries.add({
      user_id: event.actor.id,
      username: event.actor.username,
      action: event.action,
      object_type: objectType,
      object_id: objectId,
      register_id: event.registerId ?? null,
      approval_id: event.approvalId ?? null,
      amounts: event.amounts ?? {},
      details: withoutSecrets(event.details ?? {}),
      message: event.message ?? (objectType === '' ? event.action : `${event.action} ${objectType} ${objectId}`),
    });
  }

  /** True when an event of this action was already recorded for the object (a replayed request records nothing twice). */
  hasRecorded(action: string, object: { type: string; id: string | number }): boolean {
    return this.entries.exists(action, object.type, String(object.id));
  }

  list(query: AuditQuery): { entries: AuditRecord[]; total: number } {
    return this.entries.list(query);
  }

  isEmpty(): boolean {
    return this.entries.count() === 0;
  }
}
