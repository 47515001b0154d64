export interface SessionRecord {
  id: string;
  user_id: number;
  created_at: number;
  last_active_at: number;
  refresh_expires_at: number;
  user_agent: string;
  client_address: string;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokenRecord {
  jti: string;
  session_id: string;
  issued_at: number;
  expires_at: number;
  rotated_at: number | null;
  replaced_by: string | null;
}
