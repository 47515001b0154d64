/** A manager's approval (`POST /auth/approvals`): the token goes into the cashier's next request. */
import type { ApiClient } from '../api-client.js';

export type ApprovalRequest = ({ pin: string } | { password: string }) & { username: string; action: string; order_id?: number };

export function approve(client: ApiClient, body: ApprovalRequest) {
  return client.call('POST /auth/approvals', { body });
}
