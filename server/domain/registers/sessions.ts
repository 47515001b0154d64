import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { JournalRepository } from '../../data/repositories/journal.js';
import type { ClosureRecord } from '../../model/records/journal.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { CashSessionRecord, RegisterRecord } from '../../model/records/registers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { ApprovalService } from '../approvals/approval-service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/auth-service.js';
import { gmtNow } from '../../model/dates.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import type { SalesJournal } from '../journal/journal.js';
import { Decimal, formatMoney, nonNegativeMoneyInput } from '../../model/money.js';
import type { SessionReports, SessionReport } from './reports.js';

const requiredMoney = (name: string) => nonNegativeMoneyInput.refine((value) => value !== '', `${name} is required`);
const note = z.string().trim().max(2000).default('');

export const openSessionInput = z.object({ opening_float: requiredMoney('opening_float'), note });
export const cashMovementInput = z.object({
  type: z.enum(['in', 'out'], { error: 'type must be "in" or "out"' }),
  amount: requiredMoney('amount').refine((value) => new Decimal(value === '' ? 0 : value).gt(0), 'amount must be more than zero'),
  reason: z.string().trim().max(500).default(''),
});
export const noSaleInput = z.object({ reason: z.string().trim().max(500).default('') });
export const closeSessionInput = z.object({ counted_cash: requiredMoney('counted_cash'), note });

export type OpenSessionInput = z.output<typeof openSessionInput>;
export type CashMovementInput = z.output<typeof cashMovementInput>;
export type NoSaleInput = z.output<typeof noSaleInput>;
export type CloseSessionInput = z.output<typeof closeSessionInput>;

/** Who is asking: their id, and whether they manage the till (force-close, the full X report). */
export interface CashActor {
  userId: number;
  username: string;
  isManager: boolean;
}

export function cashActorOf(principal: Principal): CashActor {
  return { userId: principal.user.id, username: principal.user.username, isManager: principal.capabilities.includes('manage_pos') };
}

export function registerClosed(register: RegisterRecord): ApiError {
  return badRequest(
    'pos_register_closed',
    `Register ${register.id} (${register.name}) has no open cash session; open it with POST /registers/${register.id}/open.`,
    { register_id: register.id },
  );
}

/** A Z closure as the API answers it: the report frozen at the close. */
export function shapeClosure(closure: ClosureRecord): SessionReport & { id: number } {
  return { id: closure.id, ...(JSON.parse(closure.report) as SessionReport) };
}

/** What CashSessions is built from (server/composition.ts builds each once). */
export interface CashSessionsParts {
  audit: AuditTrail;
  approvals: ApprovalService;
  registers: RegistersRepository;
  stores: StoresRepository;
  closures: JournalRepository;
  journal: SalesJournal;
  reports: SessionReports;
}

/**
 * Cash sessions: a drawer opened with a float, cash put in and taken out, and a blind close that
 * compares the count with what the drawer should hold and freezes the Z report with its number.
 */
export class CashSessions {
  private readonly registers: RegistersRepository;
  private readonly stores: StoresRepository;
  private readonly closures: JournalRepository;
  private readonly journal: SalesJournal;
  private readonly reports: SessionReports;
  private readonly audit: AuditTrail;
  private readonly approvals: ApprovalService;

  constructor(
    private readonly db: Database,
    parts: CashSessionsParts,
  ) {
    this.audit = parts.audit;
    this.approvals = parts.approvals;
    this.registers = parts.registers;
    this.stores = parts.stores;
    this.closures = parts.closures;
    this.journal = parts.journal;
    this.reports = parts.reports;
  }

  private register(id: number): RegisterRecord {
    const register = this.registers.find(id);
    if (!register) throw notFound('register');
    return register;
  }

  private openSessionOf(register: RegisterRecord): CashSessionRecord {
    const session = this.registers.openSession(register.id);
    if (!session) throw registerClosed(register);
    return session;
  }

  private dp(register: RegisterRecord): number {
    return this.stores.findOrDefault(register.store_id).price_num_decimals;
  }

  open(registerId: number, input: OpenSessionInput, actor: CashActor): SessionReport {
    return writeTransaction(this.db, () => {
      const register = this.register(registerId);
      if (register.status !== 'active') throw badRequest('pos_register_disabled', `Register ${register.id} is disabled.`, { register_id: register.id });
      const current = this.registers.openSession(register.id);
      if (current)
        throw conflict('pos_register_session_open', `Register ${register.id} already has an open cash session.`, {
          register_id: register.id,
          session_id: current.id,
        });
      const session = this.registers.insertSession({
        uuid: randomUUID(),
        register_id: register.id,
        opened_by: actor.userId,
        opening_float: formatMoney(input.opening_float, this.dp(register)),
        opening_note: input.note,
        date_opened_gmt: gmtNow(),
      });
      this.audit.record({
        actor: { id: actor.userId, username: actor.username },
        action: 'session.open',
        object: { type: 'cash_session', id: session.id },
        amounts: { opening_float: session.opening_float },
        registerId: register.id,
        details: { note: session.opening_note },
        message: `${actor.username} opened register ${register.id} (${register.name}) with ${session.opening_float}`,
      });
      return this.reports.build(register, session);
    });
  }

  /**
   * Cash put in or taken out of the open drawer. Taking cash out may need a manager's approval
   * (`cash_out` in `settings/approvals`), spent in this transaction so a refused movement leaves it unspent.
   */
  cash(registerId: number, input: CashMovementInput, principal: Principal, approvalHeader: string | undefined) {
    const actor = cashActorOf(principal);
    return writeTransaction(this.db, () => {
      const register = this.register(registerId);
      const session = this.openSessionOf(register);
      const approvalId = input.type === 'out' ? this.approvals.requireApproval('cash_out', principal, approvalHeader, { registerId: register.id }) : null;
      const movement = this.registers.addMovement({
        session_id: session.id,
        type: input.type,
        amount: formatMoney(input.amount, this.dp(register)),
        reason: input.reason,
        user_id: actor.userId,
        date_created_gmt: gmtNow(),
      });
      this.audit.record({
        actor: { id: actor.userId, username: actor.username },
        action: `cash.${movement.type}`,
        object: { type: 'cash_movement', id: movement.id },
        amounts: { amount: movement.amount },
        approvalId,
        registerId: register.id,
        details: { reason: movement.reason, session_id: session.id },
        message: `${actor.username} ${movement.type === 'in' ? 'put in' : 'took out'} ${movement.amount} at register ${register.id}${movement.reason === '' ? '' : ` (${movement.reason})`}`,
      });
      return {
        id: movement.id,
        register_id: register.id,
        session_id: session.id,
        type: movement.type,
        amount: movement.amount,
        reason: movement.reason,
        user_id: actor.userId,
        date_created_gmt: movement.date_created_gmt,
      };
    });
  }

  /**
   * A no-sale: the drawer opened without a sale (change for a customer, a till roll). Nothing moves
   * in the drawer's sums, but who opened it and when goes to the audit trail, and it may need a
   * manager's approval (`no_sale` in `settings/approvals`), spent in the same transaction.
   */
  noSale(registerId: number, input: NoSaleInput, principal: Principal, approvalHeader: string | undefined) {
    const actor = cashActorOf(principal);
    return writeTransaction(this.db, () => {
      const register = this.register(registerId);
      const session = this.openSessionOf(register);
      const approvalId = this.approvals.requireApproval('no_sale', principal, approvalHeader, { registerId: register.id });
      const now = gmtNow();
      const auditId = this.audit.record({
        actor: { id: actor.userId, username: actor.username },
        action: 'drawer.no_sale',
        object: { type: 'cash_session', id: session.id },
        approvalId,
        registerId: register.id,
        details: { reason: input.reason, session_id: session.id },
        message: `${actor.username} opened the drawer of register ${register.id} without a sale${input.reason === '' ? '' : ` (${input.reason})`}`,
      });
      return {
        register_id: register.id,
        session_id: session.id,
        user_id: actor.userId,
        reason: input.reason,
        approval_id: approvalId,
        audit_id: auditId,
        date_gmt: now,
      };
    });
  }

  /** The open session's live X report; 404 when the register has none. */
  current(registerId: number): SessionReport {
    const register = this.register(registerId);
    const session = this.registers.openSession(register.id);
    if (!session) throw new ApiError(404, 'pos_register_no_open_session', `Register ${register.id} has no open cash session.`, { register_id: register.id });
    return this.reports.build(register, session);
  }

  /**
   * Closes the open session with the cash counted: expected cash, variance, the next Z number of the
   * register and a journal entry, all in one transaction. Only the user who opened the session, or a
   * manager, may close it.
   */
  close(registerId: number, input: CloseSessionInput, actor: CashActor): SessionReport & { id: number } {
    return writeTransaction(this.db, () => {
      const register = this.register(registerId);
      const session = this.openSessionOf(register);
      if (session.opened_by !== actor.userId && !actor.isManager) {
        throw new ApiError(
          403,
          'pos_register_session_not_yours',
          `The cash session of register ${register.id} was opened by another user; only they or a manager can close it.`,
          {
            register_id: register.id,
            current_user: actor.userId,
            reason: 'not_session_owner',
          },
        );
      }
      const dp = this.dp(register);
      const now = gmtNow();
      const counted = formatMoney(input.counted_cash, dp);
      this.registers.closeSession(session.id, actor.userId, counted, input.note, now);
      const closedSession = this.registers.session(session.id) ?? session;
      const report = this.reports.build(register, closedSession);
      const expected = new Decimal(report.drawer?.expected_cash ?? 0);
      const zNumber = this.closures.nextZNumber(register.id);
      const variance = formatMoney(new Decimal(counted).minus(expected), dp);
      const z: SessionReport = { ...report, report: 'Z', generated_gmt: now, z_number: zNumber, counted_cash: counted, variance };
      const closure = this.closures.insertClosure({
        register_id: register.id,
        session_id: session.id,
        z_number: zNumber,
        report: JSON.stringify(z),
        closed_by: actor.userId,
        date_closed_gmt: now,
      });
      const forced = session.opened_by !== actor.userId;
      this.audit.record({
        actor: { id: actor.userId, username: actor.username },
        // A manager closing someone else's drawer is an event of its own, named apart from a close.
        action: forced ? 'session.force_close' : 'session.close',
        object: { type: 'cash_session', id: session.id },
        amounts: { counted_cash: counted, expected_cash: formatMoney(expected, dp), variance },
        registerId: register.id,
        details: { z_number: zNumber, closure_id: closure.id, opened_by: session.opened_by, note: input.note },
        message: `${actor.username} ${forced ? 'force-closed' : 'closed'} register ${register.id} (${register.name}): counted ${counted}, expected ${formatMoney(expected, dp)}`,
      });
      this.journal.append(
        register.id,
        'closure',
        { session_id: session.id, closure_id: closure.id },
        {
          type: 'closure',
          z_number: zNumber,
          register: z.register,
          session_id: session.id,
          time: now,
          cashier: z.session.closed_by,
          sales: z.sales,
          taxes: z.taxes,
          payments: z.payments,
          refunds: z.refunds,
          drawer: z.drawer,
          counted_cash: counted,
          variance: z.variance,
          receipts: z.receipts,
        },
      );
      return { id: closure.id, ...z };
    });
  }

  closure(id: number): SessionReport & { id: number } {
    const closure = this.closures.closure(id);
    if (!closure) throw notFound('closure');
    return shapeClosure(closure);
  }

  closuresOf(registerId: number, limit: number, offset: number) {
    this.register(registerId);
    const { closures, total } = this.closures.closuresOf(registerId, limit, offset);
    return { closures: closures.map(shapeClosure), total };
  }
}
