/** One audit entry: who did what to which object, the amounts (decimal strings) and the approval. */
export interface AuditRecord {
  id: number;
  timestamp: string;
  user_id: number;
  username: string;
  action: string;
  object_type: string;
  object_id: string;
  register_id: number | null;
  approval_id: number | null;
  amounts: Record<string, string>;
  details: Record<string, unknown>;
  message: string;
}

export type NewAuditRecord = Omit<AuditRecord, 'id' | 'timestamp'>;
