/**
 * Registers (the tills of a store) and their cash sessions' X and Z reports (wcpos-reference
 * "Registers"): the return types of the server's shapeRegister (server/domain/registers/registers.ts)
 * and of its session reports (server/domain/registers/reports.ts, sessions.ts).
 */
import type { Link, LocalAndGmt, SelfLinks } from './common.js';

/** A till of the store, with its open cash session (null when the drawer is closed). */
export type Register = {
  id: number;
  store_id: number;
  name: string;
  status: 'active' | 'disabled';
  /** The receipt printer the cash drawer is wired to (`host:port`), '' for none. */
  drawer_printer: string;
  /** The drawer connector's pin: 2 or 5. */
  drawer_pin: 2 | 5;
  session: ({ id: number; uuid: string; opened_by: number } & LocalAndGmt<'date_opened'>) | null;
  _links: SelfLinks & { store: Link };
} & LocalAndGmt<'date_created' | 'date_modified'>;

/** `POST /registers/{id}/cash`: cash put into the open session's drawer or taken out of it. */
export interface CashMovement {
  id: number;
  register_id: number;
  session_id: number;
  type: 'in' | 'out';
  amount: string;
  reason: string;
  user_id: number;
  date_created_gmt: string;
}

/** What became of a pulse to open the drawer (a no-sale's answer, the drawer test's). */
export interface DrawerKick {
  /** The pulse reached the printer. */
  opened: boolean;
  /** The printer's address, null when the register has none. */
  printer: string | null;
  /** One line for the till, in the shop's words. */
  message: string;
}

export interface Drawer {
  opening_float: string;
  cash_received: string;
  change_given: string;
  cash_refunded: string;
  cash_in: string;
  cash_out: string;
  expected_cash: string;
}

/** Counts and amounts (with tax) of sales and refunds not yet in WooCommerce. */
export interface UnsentFigures {
  sales: number;
  sales_amount: string;
  refunds: number;
  refunds_amount: string;
}

/**
 * The X report of a session (the Z report adds the count): sales, discounts, refunds and tax from
 * the session's journal entries, payments and refunds per gateway from their tenders, and the drawer.
 */
export interface SessionReport {
  report: 'X' | 'Z';
  generated_gmt: string;
  currency: string;
  register: { id: number; name: string; store_id: number };
  session: {
    id: number;
    uuid: string;
    opened_by: { id: number; name: string };
    date_opened: string | null;
    date_opened_gmt: string;
    opening_note: string;
    closed_by: { id: number; name: string } | null;
    date_closed: string | null;
    date_closed_gmt: string | null;
    closing_note: string;
  };
  sales: { count: number; gross: string; discounts: string; refunds: string; net: string; tax: string };
  taxes: Array<{ rate_id: number; label: string; rate: string; sales: string; refunds: string; net: string }>;
  payments: Array<{ gateway_id: string; title: string; count: number; amount: string; tendered: string; change: string }>;
  refunds: Array<{ gateway_id: string; title: string; count: number; amount: string }>;
  cash_movements: Array<{ id: number; type: 'in' | 'out'; amount: string; reason: string; user_id: number; date: string | null; date_gmt: string }>;
  receipts: { count: number; first: string | null; last: string | null };
  /**
   * While the till is connected to a WooCommerce: the register's sales and refunds (of any session)
   * that are not in WooCommerce yet, waiting or refused, so that a Z report says what has not been
   * sent when the day is closed. Absent when no connection exists.
   */
  unsent?: UnsentFigures;
  /**
   * On a till that belongs to a shop: the register's sales (of any session) that no other till holds
   * yet, on this till's disk only (docs/several-tills.md, "Two copies before the receipt"). Absent on
   * a till in no shop.
   */
  single_copy?: SingleCopyFigures;
  /** Left out of what a cashier reads while the session is open: the close is blind. */
  drawer?: Drawer;
  z_number?: number;
  counted_cash?: string;
  variance?: string;
}

/**
 * What a cashier reads of an open session: the sales, but neither the drawer nor the takings per
 * tender, from which the expected cash could be added up before the count is sent.
 */
export type BlindReport = Omit<SessionReport, 'payments' | 'refunds' | 'drawer'> & { blind: true };
/** `GET /registers/{id}/session`: the X report, blind for a cashier. */
export type ReadableReport = SessionReport | BlindReport;
/** A closed session's Z report (`POST /registers/{id}/close`, `GET /closures/{id}`). */
export type ClosureReport = SessionReport & { id: number };

/** A register's sales no other till of the shop holds yet. */
export interface SingleCopyFigures {
  sales: number;
  sales_amount: string;
}
