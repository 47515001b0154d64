/**
 * The audit trail's entries in a manager's words. An entry recorded without a message of its own
 * reads `order.sale order 12` (its action's code, then its object); the code is said in words
 * here, and stays under the row's Details fold for the Action filter.
 */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  'order.create': 'New order',
  'order.price_override': 'Price changed by hand',
  'order.discount': 'Discount',
  'order.coupon': 'Coupon',
  'order.cancel': 'Order cancelled',
  'order.sale': 'Sale',
  'order.refund': 'Refund',
  'order.payment': 'Payment',
  'order.return': 'Return without a receipt',
  'order.exchange': 'Exchange',
  'drawer.no_sale': 'Drawer opened without a sale',
  'register.create': 'Register added',
  'register.update': 'Register changed',
};

/** An action's words; one not listed reads as its code's words (`store.users` → "Store users"). */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known !== undefined) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The entry's message, its leading action code (where the message is the code and object) said in words. */
export function auditMessage(message: string, action: unknown): string {
  if (typeof action !== 'string' || action === '') return message;
  if (message === action) return actionWords(action);
  return message.startsWith(`${action} `) ? `${actionWords(action)}: ${message.slice(action.length + 1)}` : message;
}
