import type { OutboxEntry } from '../../model/records/sync.js';
import { isJson, list, whole } from '../shop/answers.js';
import type { WooCommerceClient } from '../shop/client.js';
import { classifyAnswer } from '../shop/outcome.js';
import { orderBody } from './order-body.js';
import type { OutboxPush, PreparedSale } from './outbox-push.js';
import { createFailed, type PushResult } from './push-result.js';

/** WooCommerce takes at most 100 items in one batch request, and refuses more with 413 (docs/woocommerce-observed.md §8.1). */
export const BATCH_LIMIT = 100;

/** How one entry of a batch ended: the worker records it as it records one sent alone. */
export interface BatchItem {
  entry: OutboxEntry;
  result: PushResult;
}

export interface BatchPush {
  items: BatchItem[];
  /** WooCommerce refused the batch as a whole, with its own error: nothing was made, and these sales go one by one. */
  refusedWhole?: boolean;
}

/** An entry of the batch that never left: back to where it was, no attempt counted. */
const NEVER_SENT: PushResult = { kind: 'not_sent', code: 'tillbase_not_sent', message: 'not sent: the batch it was in did not leave' };

const NO_PAGING = { total: null, totalPages: null };

/**
 * Queued sales through `POST orders/batch` (issue 32, item 3), every guarantee of one order a request
 * kept: each order carries its uuid; the entries are `sending` (committed by the worker) before the
 * request leaves; an answer lost for the batch (a timeout, a reset, a 5xx, a page that is not
 * WooCommerce's) makes each of its sales `unknown`, each looked up by its uuid before it is sent
 * again. WooCommerce carries out each item on its own and answers, in the items' order, the order
 * made or the item's error (§8.2): the orders made settle their sales, and each error is read as the
 * answer the sale would have had alone (a refusal, a refused key, a 5xx of unknown outcome).
 */
export async function pushBatch(push: OutboxPush, client: WooCommerceClient, entries: readonly OutboxEntry[]): Promise<BatchPush> {
  const items: BatchItem[] = [];
  const sales: PreparedSale[] = [];
  for (const [index, entry] of entries.entries()) {
    const sale = await push.prepareSale(entry, false);
    if (sale.ok) {
      sales.push(sale.value);
    } else if (sale.result.kind === 'rejected' || sale.result.kind === 'synced') {
      items.push({ entry, result: sale.result });
    } else {
      // The shop could not be read for this sale: nothing of the batch has left, and it waits for the next pass.
      const waiting = [...sales.map((s) => s.entry), ...entries.slice(index + 1)];
      return { items: [...items, { entry, result: sale.result }, ...waiting.map((e) => ({ entry: e, result: NEVER_SENT }))] };
    }
  }
  if (sales.length === 0) return { items };
  const outcome = await client.post('orders/batch', { create: sales.map((sale) => orderBody({ ...sale.sources, withCoupons: true })) });
  if (outcome.kind === 'rejected') return { items: [...items, ...sales.map((sale) => ({ entry: sale.entry, result: NEVER_SENT }))], refusedWhole: true };
  if (outcome.kind !== 'ok') {
    const lost = createFailed(outcome);
    return { items: [...items, ...sales.map((sale) => ({ entry: sale.entry, result: lost }))] };
  }
  const answers = isJson(outcome.body) ? list(outcome.body.create) : [];
  for (const [index, sale] of sales.entries()) items.push({ entry: sale.entry, result: await itemResult(push, sale, answers[index]) });
  return { items };
}

/** One item of WooCommerce's batch answer: the order made, or the error answered in its place. */
async function itemResult(push: OutboxPush, sale: PreparedSale, answer: unknown): Promise<PushResult> {
  const unread: PushResult = {
    kind: 'unknown',
    code: 'unreadable_answer',
    message: `WooCommerce's batch answer for sale ${sale.entry.uuid} could not be read`,
  };
  if (!isJson(answer)) return unread;
  if (!isJson(answer.error)) return push.saleMade(sale, answer);
  // Read as the answer the order would have had on its own: an error without its status is of unknown outcome.
  const status = isJson(answer.error.data) ? whole(answer.error.data.status, 500) : 500;
  const outcome = classifyAnswer(status, answer.error, true, NO_PAGING);
  if (outcome.kind === 'ok') return unread;
  // As alone: the till's discount stands without the coupon WooCommerce refused (a draft is left, never a sale, §4.2).
  if (outcome.kind === 'rejected' && outcome.code === 'woocommerce_rest_invalid_coupon') return push.sale(sale.entry, false, outcome);
  return createFailed(outcome);
}
