export type JournalKind = 'sale' | 'refund' | 'closure';

/** One journal row. Every column but `hash` is covered by `hash`. */
export interface JournalRecord {
  id: string;
  register_id: number;
  sequence: number;
  kind: JournalKind;
  session_id: number | null;
  order_id: number | null;
  refund_id: number | null;
  closure_id: number | null;
  payload: string;
  previous_hash: string;
  hash: string;
  date_created_gmt: string;
}

export interface ClosureRecord {
  id: number;
  register_id: number;
  session_id: number;
  z_number: number;
  report: string;
  closed_by: number | null;
  date_closed_gmt: string;
}
