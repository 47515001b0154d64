/** A manager's approval of one cashier action. Times are Unix seconds; only a hash of the token is kept. */
export interface ApprovalRecord {
  id: number;
  token_hash: string;
  action: string;
  order_id: number | null;
  requester_id: number;
  approver_id: number;
  method: 'pin' | 'password';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
