/** Meta on a return order: the sale its exchange credit paid (set once; its presence means spent). */
export const EXCHANGE_SALE = '_pos_exchange_sale';
/** Meta on a sale: the return order whose exchange credit paid for it. */
export const EXCHANGE_RETURN = '_pos_exchange_return';
