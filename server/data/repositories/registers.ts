import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { RegisterRecord, CashSessionRecord, CashMovementRecord } from '../../model/records/registers.js';

/** Registers (tills), their cash sessions and the cash put in or taken out of a drawer. */
export class RegistersRepository {
  constructor(private readonly db: Database) {}

  list(storeId: number | undefined, limit: number, offset: number): { registers: RegisterRecord[]; total: number } {
    const where = storeId === undefined ? '' : 'WHERE store_id = @store';
    const params = { store: storeId, limit, offset };
    const total =
      prepared<[object], { n: number }>(this.db, `SELECT COUNT(*) AS n FROM registers ${where}`).get(storeId === undefined ? {} : { store: storeId })?.n ?? 0;
    const rows = prepared<[object], RegisterRecord>(this.db, `SELECT * FROM registers ${where} ORDER BY id LIMIT @limit OFFSET @offset`).all(
      storeId === undefined ? { limit, offset } : params,
    );
    return { registers: rows, total };
  }

  find(id: number): RegisterRecord | undefined {
    return prepared<[number], RegisterRecord>(this.db, 'SELECT * FROM registers WHERE id = ?').get(id);
  }

  /** The register an order goes to when it names none: the store's first active one. */
  firstOfStore(storeId: number): RegisterRecord | undefined {
    return prepared<[number], RegisterRecord>(this.db, "SELECT * FROM registers WHERE store_id = ? AND status = 'active' ORDER BY id LIMIT 1").get(storeId);
  }

  insert(storeId: number, name: string, status: RegisterRecord['status'], now: string): RegisterRecord {
    const id = Number(
      prepared(this.db, 'INSERT INTO registers (store_id, name, status, date_created_gmt, date_modified_gmt) VALUES (?, ?, ?, ?, ?)').run(
        storeId,
        name,
        status,
        now,
        now,
      ).lastInsertRowid,
    );
    const register = this.find(id);
    if (!register) throw new Error('register vanished after insert');
    return register;
  }

  update(id: number, name: string, status: RegisterRecord['status'], now: string): void {
    prepared(this.db, 'UPDATE registers SET name = ?, status = ?, date_modified_gmt = ? WHERE id = ?').run(name, status, now, id);
  }

  setDrawerPrinter(id: number, printer: string, pin: RegisterRecord['drawer_pin'], now: string): void {
    prepared(this.db, 'UPDATE registers SET drawer_printer = ?, drawer_pin = ?, date_modified_gmt = ? WHERE id = ?').run(printer, pin, now, id);
  }

  /** The register whose drawer took cash in the checkout `checkoutId`, if it took cash. */
  cashDrawerOfCheckout(checkoutId: string): RegisterRecord | undefined {
    return prepared<[string], RegisterRecord>(
      this.db,
      "SELECT r.* FROM payments p JOIN registers r ON r.id = p.register_id WHERE p.checkout_id = ? AND p.gateway_id = 'pos_cash' LIMIT 1",
    ).get(checkoutId);
  }

  /** The register whose drawer gave the cash back for refund `refundId`, if it was given back in cash. */
  cashDrawerOfRefund(refundId: number): RegisterRecord | undefined {
    return prepared<[number], RegisterRecord>(
      this.db,
      "SELECT r.* FROM refund_tenders t JOIN registers r ON r.id = t.register_id WHERE t.refund_id = ? AND t.gateway_id = 'pos_cash' AND CAST(t.amount AS REAL) > 0",
    ).get(refundId);
  }

  openSession(registerId: number): CashSessionRecord | undefined {
    return prepared<[number], CashSessionRecord>(this.db, 'SELECT * FROM cash_sessions WHERE register_id = ? AND date_closed_gmt IS NULL').get(registerId);
  }

  session(id: number): CashSessionRecord | undefined {
    return prepared<[number], CashSessionRecord>(this.db, 'SELECT * FROM cash_sessions WHERE id = ?').get(id);
  }

  insertSession(session: Omit<CashSessionRecord, 'id' | 'closed_by' | 'counted_cash' | 'closing_note' | 'date_closed_gmt'>): CashSessionRecord {
    const id = Number(
      prepared(
        this.db,
        'INSERT INTO cash_sessions (uuid, register_id, opened_by, opening_float, opening_note, date_opened_gmt) VALUES (@uuid, @register_id, @opened_by, @opening_float, @opening_note, @date_opened_gmt)',
      ).run(session).lastInsertRowid,
    );
    const record = this.session(id);
    if (!record) throw new Error('cash session vanished after insert');
    return record;
  }

  closeSession(id: number, closedBy: number, countedCash: string, note: string, now: string): void {
    prepared(
      this.db,
      'UPDATE cash_sessions SET closed_by = ?, counted_cash = ?, closing_note = ?, date_closed_gmt = ? WHERE id = ? AND date_closed_gmt IS NULL',
    ).run(closedBy, countedCash, note, now, id);
  }

  addMovement(movement: Omit<CashMovementRecord, 'id'>): CashMovementRecord {
    const id = Number(
      prepared(
        this.db,
        'INSERT INTO cash_movements (session_id, type, amount, reason, user_id, date_created_gmt) VALUES (@session_id, @type, @amount, @reason, @user_id, @date_created_gmt)',
      ).run(movement).lastInsertRowid,
    );
    return { id, ...movement };
  }

  movements(sessionId: number): CashMovementRecord[] {
    return prepared<[number], CashMovementRecord>(this.db, 'SELECT * FROM cash_movements WHERE session_id = ? ORDER BY id').all(sessionId);
  }

  /** Records (or moves) the till and drawer of an order; the same till again writes nothing. */
  setOrderTill(orderId: number, registerId: number, sessionId: number | null): void {
    prepared(
      this.db,
      `INSERT INTO order_tills (order_id, register_id, session_id) VALUES (?, ?, ?)
       ON CONFLICT (order_id) DO UPDATE SET register_id = excluded.register_id, session_id = excluded.session_id
       WHERE register_id IS NOT excluded.register_id OR session_id IS NOT excluded.session_id`,
    ).run(orderId, registerId, sessionId);
  }

  orderTill(orderId: number): { register_id: number; session_id: number | null } | undefined {
    return prepared<[number], { register_id: number; session_id: number | null }>(
      this.db,
      'SELECT register_id, session_id FROM order_tills WHERE order_id = ?',
    ).get(orderId);
  }
}
