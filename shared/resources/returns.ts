/** A return without a receipt (`POST /returns`): the return order taken back and refunded at once. */
import type { OrderRefund } from './orders.js';

export interface ReturnResult {
  order_id: number;
  refund: OrderRefund;
  restocked: boolean;
}
