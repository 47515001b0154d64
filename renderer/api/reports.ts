/** The shop's X report of a day (`GET /reports/shop`): each till's figures and the shop's sums. */
import type { ApiClient } from '../api-client.js';

export type { ShopDayFigures, ShopReport, ShopTillDay } from '../../shared/resources/shop-report.js';

/** `date`: `YYYY-MM-DD` in the store's time zone; today there when left out. */
export function shopDay(client: ApiClient, date: string | undefined) {
  return client.call('GET /reports/shop', { query: { date } });
}
