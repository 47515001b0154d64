/** Wire types of the pos/v1 interface that both the server and the renderer use. */
import type { Capability, RoleName } from './access.js';

export const API_NAMESPACE = '/pos/v1';

export interface ApiUser {
  id: number;
  uuid: string;
  username: string;
  email: string;
  display_name: string;
  roles: RoleName[];
  capabilities: Capability[];
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  expires_at: string;
  refresh_expires_at: string;
  user: ApiUser;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

/** CONTRACT section 5: the one sentence the POS client shows after a refresh did not help. */
export const STILL_UNAUTHORIZED_MESSAGE = 'Request still unauthorized after token refresh - please log in again';

/** A user as `GET /users` shows it to a manager: never a password or PIN, only whether a PIN is set. */
export interface ManagedUser {
  id: number;
  uuid: string;
  username: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  roles: string[];
  capabilities: string[];
  disabled: boolean;
  has_pin: boolean;
  date_created: string;
  last_access: string;
}

export interface ManagedRole {
  name: string;
  label: string;
  capabilities: string[];
}

/** `POST /auth/approvals`: the token goes into the cashier's next request as `X-POS-Approval`. */
export interface ApprovalResponse {
  id: number;
  token: string;
  action: string;
  order_id: number | null;
  requested_by: number;
  approved_by: { id: number; username: string; display_name: string };
  expires_at: string;
  expires_in: number;
}
