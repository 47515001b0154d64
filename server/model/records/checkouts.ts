/** One payment attempt on an order, with the response it got (replayed for its idempotency key). */
export interface CheckoutRecord {
  id: string;
  order_id: number;
  gateway_id: string;
  action: string;
  status: string;
  provider_data: Record<string, unknown>;
  idempotency_key: string | null;
  request_hash: string;
  response: unknown;
  response_status: number;
  created_by: number | null;
  date_created_gmt: string;
}
