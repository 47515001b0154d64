/**
 * What the API's lists may be sorted and filtered by, and the levels of the application log: the
 * repositories that run the queries define them, the routers' query schemas name them, and this is
 * where the routers find them (they import no repository).
 */
export { CATALOGUE_ORDERBY, type CatalogueFilter, type CatalogueKind, type CatalogueSort } from '../data/repositories/products.js';
export { COUPON_ORDERBY } from '../data/repositories/coupons.js';
export { CUSTOMER_ORDERBY } from '../data/repositories/customers.js';
export { LOG_ENTRY_LEVELS, type LogEntryLevel } from '../data/repositories/logs.js';
export { ORDER_ORDERBY, type OrderFilter, type OrderSort } from '../data/repositories/orders.js';
export { TERM_ORDERBY } from '../data/repositories/terms.js';
