export interface UserRecord {
  id: number;
  uuid: string;
  username: string;
  email: string | null;
  display_name: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
  last_access_at: string | null;
  /** scrypt hash of the user's PIN, or null without one. */
  pin_hash: string | null;
  /** When a manager disabled the user, or null while the user may log in. */
  disabled_at: string | null;
}
