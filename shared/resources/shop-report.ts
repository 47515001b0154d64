/**
 * `GET /reports/shop`: the shop's X report of one day, per till and for the whole shop (issue 31,
 * item 3). Money is a string with the store's decimals.
 */

/** What one tender took in the day, less what was refunded through it: a day's payments add up to its `net`. */
export interface ShopReportPayment {
  /** The payment gateway's id (`pos_cash`, `pos_card`, ...). */
  method: string;
  title: string;
  amount: string;
}

/** A day's figures: sales (paid orders) and refunds counted on the day of their journal entry. */
export interface ShopDayFigures {
  sales: number;
  /** What the sales came to: their totals, tax included, discounts taken off. */
  sales_amount: string;
  refunds: number;
  /** What was given back, tax included. */
  refunds_amount: string;
  /** `sales_amount` − `refunds_amount`. */
  net: string;
  /** Left out for whoever lacks `manage_pos`, as the open session's X report leaves out the takings per tender. */
  payments?: ShopReportPayment[];
}

/** One till's day, as this till holds it. */
export interface ShopTillDay extends ShopDayFigures {
  id: string;
  name: string;
  /** The till answering. */
  this_till: boolean;
  /** The latest entry of that till held here, of any day: how fresh its figures are here (null: none yet). */
  last_entry_gmt: string | null;
}

export interface ShopReport {
  report: 'X';
  /** The day, in the store's time zone. */
  date: string;
  timezone: string;
  currency: string;
  generated_gmt: string;
  /** True when `payments` are left out (no `manage_pos`). */
  blind: boolean;
  /** This till first, then the other tills of the shop by name. */
  tills: ShopTillDay[];
  /** The tills' figures summed. */
  shop: ShopDayFigures;
}
