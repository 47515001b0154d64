export interface RegisterRecord {
  id: number;
  store_id: number;
  name: string;
  status: 'active' | 'disabled';
  /** The receipt printer the drawer is wired to, `host:port`; '' when the till has none. */
  drawer_printer: string;
  /** The drawer connector's pin the pulse goes to. */
  drawer_pin: 2 | 5;
  date_created_gmt: string;
  date_modified_gmt: string;
}

export interface CashSessionRecord {
  id: number;
  uuid: string;
  register_id: number;
  opened_by: number | null;
  opening_float: string;
  opening_note: string;
  date_opened_gmt: string;
  closed_by: number | null;
  counted_cash: string | null;
  closing_note: string;
  date_closed_gmt: string | null;
}

export interface CashMovementRecord {
  id: number;
  session_id: number;
  type: 'in' | 'out';
  amount: string;
  reason: string;
  user_id: number | null;
  date_created_gmt: string;
}
