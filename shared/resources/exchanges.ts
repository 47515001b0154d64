/** An exchange's credit waiting at a register (`GET /registers/{id}/exchange-credit`): a return refunded to exchange credit that nothing has spent yet. */
export interface WaitingExchangeCredit {
  return_order_id: number;
  /** The whole credit, as the return refunded it. */
  credit: string;
  date_created_gmt: string;
}
