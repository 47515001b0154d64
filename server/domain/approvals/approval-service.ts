import { createHash, randomBytes } from 'node:crypto';
import type { Capability } from '../../../shared/access.js';
import type { ApprovalsRepository } from '../../data/repositories/approvals.js';
import type { ApprovalRecord } from '../../model/records/approvals.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/auth-service.js';
import type { LoginThrottle } from '../auth/throttle.js';
import { ApiError, notFound } from '../errors.js';
import { verifyTillCredential, type TillCredential } from '../users/pins.js';
import { readApprovalSettings, type ApprovalAction, type ApprovalSettings } from './settings.js';
import type { ApprovalResponse } from '../../../shared/api.js';

/** An approval is good for one request within this many seconds. */
export const APPROVAL_TTL_SECONDS = 120;
/** Who may approve, and who never needs to: a manager is whoever may manage the POS. */
export const APPROVER_CAPABILITY: Capability = 'manage_pos';
/** The request header that carries approvals (several may be given, separated by commas). */
export const APPROVAL_HEADER = 'X-POS-Approval';

export interface ApprovalRequest {
  username: string;
  credential: TillCredential;
  action: ApprovalAction;
  orderId?: number | undefined;
}

/** `POST /auth/approvals`'s answer (the wire type in shared/), its action one the server knows. */
export type IssuedApproval = ApprovalResponse & { action: ApprovalAction };

/** What a guarded request is about: the order when there is one, the register when known. */
export interface ApprovalContext {
  orderId?: number | undefined;
  registerId?: number | undefined;
}

/** The approvals a guarded request spent, by action. */
export type SpentApprovals = Partial<Record<ApprovalAction, number>>;

const tokensOf = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function approvalError(code: 'pos_approval_required' | 'pos_approval_invalid', reason: string, principal: Principal, action: ApprovalAction): ApiError {
  const message = code === 'pos_approval_required' ? "This action needs a manager's approval." : 'The approval is not valid for this request.';
  return new ApiError(403, code, message, { reason, current_user: principal.user.id, action, token_expired: false });
}

function denied(reason: 'invalid_credentials' | 'approver_not_allowed', principal: Principal): ApiError {
  const message = reason === 'invalid_credentials' ? "The manager's username, PIN or password is incorrect." : 'That user may not approve this action.';
  return new ApiError(403, 'pos_approval_denied', message, { reason, current_user: principal.user.id, token_expired: false });
}

/** What ApprovalService is built from (server/composition.ts builds each once). */
export interface ApprovalServiceParts {
  approvals: ApprovalsRepository;
  users: UsersRepository;
  settings: SettingsRepository;
  orders: OrdersRepository;
  audit: AuditTrail;
}

/**
 * Manager approval at the till (issue 7, item 6). A cashier action named in `settings/approvals`
 * needs, from a caller without `manage_pos`, an approval issued by a user with `manage_pos` for
 * this cashier, this action and (when given) this order, within 2 minutes, used once. As only
 * holders of `manage_pos` approve and they never need approval, nobody approves their own request.
 */
export class ApprovalService {
  private readonly approvals: ApprovalsRepository;
  private readonly users: UsersRepository;
  private readonly settings: SettingsRepository;
  private readonly orders: OrdersRepository;
  private readonly audit: AuditTrail;

  constructor(
    parts: ApprovalServiceParts,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.approvals = parts.approvals;
    this.users = parts.users;
    this.settings = parts.settings;
    this.orders = parts.orders;
    this.audit = parts.audit;
  }

  currentSettings(): ApprovalSettings {
    return readApprovalSettings(this.settings);
  }

  needsApproval(action: ApprovalAction, principal: Principal): boolean {
    return this.currentSettings().required.includes(action) && !principal.capabilities.includes(APPROVER_CAPABILITY);
  }

  /** `POST /auth/approvals`: a manager proves themselves with a PIN or password on the cashier's till. */
  async issue(principal: Principal, request: ApprovalRequest, address: string, throttle: LoginThrottle): Promise<IssuedApproval> {
    const retryAfter = throttle.retryAfter(request.username, address);
    if (retryAfter > 0)
      throw new ApiError(429, 'pos_auth_too_many_attempts', 'Too many failed attempts. Please wait before trying again.', { retry_after: retryAfter });
    const approver = this.users.findByLogin(request.username);
    if (!(await verifyTillCredential(approver, request.credential)) || approver === undefined) {
      throttle.recordFailure(request.username, address);
      throw denied('invalid_credentials', principal);
    }
    throttle.recordSuccess(request.username, address);
    if (!this.users.capabilitiesOf(approver.id).includes(APPROVER_CAPABILITY)) throw denied('approver_not_allowed', principal);
    if (request.orderId !== undefined && this.orders.find(request.orderId) === undefined) throw notFound('order');

    const token = randomBytes(24).toString('base64url');
    const now = this.now();
    const record = this.approvals.transaction(() => {
      this.approvals.removeExpiredBefore(now - APPROVAL_TTL_SECONDS);
      const created = this.approvals.create({
        token_hash: hashToken(token),
        action: request.action,
        order_id: request.orderId ?? null,
        requester_id: principal.user.id,
        approver_id: approver.id,
        method: 'pin' in request.credential ? 'pin' : 'password',
        created_at: now,
        expires_at: now + APPROVAL_TTL_SECONDS,
      });
      this.audit.record({
        actor: { id: approver.id, username: approver.username },
        action: 'approval.grant',
        object: request.orderId === undefined ? undefined : { type: 'order', id: request.orderId },
        approvalId: created.id,
        details: { approved_action: request.action, requested_by: { id: principal.user.id, username: principal.user.username }, method: created.method },
        message: `${approver.username} approved ${request.action} for ${principal.user.username}`,
      });
      return created;
    });
    return {
      id: record.id,
      token,
      action: request.action,
      order_id: record.order_id,
      requested_by: principal.user.id,
      approved_by: { id: approver.id, username: approver.username, display_name: approver.display_name },
      expires_at: iso(record.expires_at),
      expires_in: APPROVAL_TTL_SECONDS,
    };
  }

  /**
   * The reusable check: refuses with 403 `pos_approval_required` (no approval sent) or
   * `pos_approval_invalid` (wrong, expired, spent, or for another cashier, action or order) when the
   * action needs approval, and otherwise spends the matching approval. Call it inside the write
   * transaction of the action, so that a failed action leaves the approval unspent.
   * Returns the spent approval's id, or null when the action needed none.
   */
  requireApproval(action: ApprovalAction, principal: Principal, header: string | undefined, context: ApprovalContext = {}): number | null {
    return this.spend(action, principal, tokensOf(header), context)?.id ?? null;
  }

  private spend(action: ApprovalAction, principal: Principal, tokens: readonly string[], context: ApprovalContext): { id: number; token: string } | undefined {
    if (!this.needsApproval(action, principal)) return undefined;
    if (tokens.length === 0) throw approvalError('pos_approval_required', 'approval_required', principal, action);
    let failure = 'approval_invalid';
    for (const token of tokens) {
      const record = this.approvals.findByTokenHash(hashToken(token));
      if (record === undefined) continue;
      const problem = this.problemWith(record, action, principal, context);
      if (problem === undefined) {
        if (!this.approvals.markUsed(record.id, this.now())) throw approvalError('pos_approval_invalid', 'approval_used', principal, action);
        return { id: record.id, token };
      }
      if (problem !== 'approval_invalid') failure = problem;
    }
    throw approvalError('pos_approval_invalid', failure, principal, action);
  }

  /**
   * Runs `work` in one write transaction, then asks `actionsOf` which approvable actions its result
   * made and spends an approval for each that needs one; a refusal rolls the work back.
   */
  withApproval<T>(
    principal: Principal,
    header: string | undefined,
    context: ApprovalContext,
    work: () => T,
    actionsOf: (result: T) => readonly ApprovalAction[],
  ): { result: T; approvals: SpentApprovals } {
    return this.approvals.transaction(() => {
      const result = work();
      const approvals: SpentApprovals = {};
      // Each approval the header carries serves one action: one spent here is no longer on offer.
      let tokens = tokensOf(header);
      for (const action of new Set(actionsOf(result))) {
        const spent = this.spend(action, principal, tokens, context);
        if (spent === undefined) continue;
        approvals[action] = spent.id;
        tokens = tokens.filter((token) => token !== spent.token);
      }
      return { result, approvals };
    });
  }

  private problemWith(record: ApprovalRecord, action: ApprovalAction, principal: Principal, context: ApprovalContext): string | undefined {
    if (record.used_at !== null) return 'approval_used';
    if (record.expires_at <= this.now()) return 'approval_expired';
    if (record.action !== action || record.requester_id !== principal.user.id) return 'approval_mismatch';
    if (record.order_id !== null && record.order_id !== context.orderId) return 'approval_mismatch';
    const approver = this.users.findById(record.approver_id);
    // An approver disabled or demoted since approving no longer vouches for anything.
    if (approver?.disabled_at !== null || !this.users.capabilitiesOf(record.approver_id).includes(APPROVER_CAPABILITY)) return 'approval_invalid';
    return undefined;
  }
}
