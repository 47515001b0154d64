/** Returns without a receipt (`POST /returns`): goods taken back and refunded through a tender. */
import type { ApiClient } from '../api-client.js';
import type { ApprovalHeaders } from './orders.js';

export interface ReturnRequest {
  line_items: Array<{ product_id: number; quantity: string }>;
  refund_destination: string;
  restock: boolean;
  reason: string;
}

export function create(client: ApiClient, body: ReturnRequest, headers: ApprovalHeaders = {}) {
  return client.call('POST /returns', { body, headers });
}
