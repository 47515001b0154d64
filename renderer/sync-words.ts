/**
 * The sync with WooCommerce in shop words, for the status bar, the history's badges and the Sync
 * screen. Free of DOM globals; amounts stay the server's decimal strings.
 */
import type { OrderSyncView } from '../shared/resources/sync-screens.js';
import type { StateFigures, SyncOutboxState, SyncStatusAnswer, SyncStatusView } from '../shared/resources/sync.js';
import { formatPrice, type PriceFormat } from './format.js';

/** A server time (UTC, `2026-11-27T11:20:05` with or without a zone) as the till's clock shows it: `11:20`, with the date when not today. */
export function localTime(gmt: string, now: Date = new Date()): string {
  // Stryker disable next-line Regex: without its end anchor the zone pattern still finds no sign and four digits inside a server stamp (YYYY-MM-DDTHH:MM:SS).
  const when = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(gmt) ? gmt : `${gmt}Z`);
  if (Number.isNaN(when.getTime())) return gmt;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const sameDay = when.getFullYear() === now.getFullYear() && when.getMonth() === now.getMonth() && when.getDate() === now.getDate();
  return sameDay ? time : `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${time}`;
}

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** How long something has waited, to the largest whole unit: "40 s", "12 min", "3 h 5 min", "2 days". */
export function ageWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return count(Math.floor(hours / 24), 'day');
}

/** "14 sales ($312.40), 1 refund ($5.00), 2 other changes", or "nothing". */
export function figuresWords(figures: StateFigures, store: PriceFormat | null): string {
  const parts: string[] = [];
  if (figures.sales > 0) parts.push(`${count(figures.sales, 'sale')} (${formatPrice(figures.sales_amount, store)})`);
  if (figures.refunds > 0) parts.push(`${count(figures.refunds, 'refund')} (${formatPrice(figures.refunds_amount, store)})`);
  const others = figures.count - figures.sales - figures.refunds;
  if (others > 0) parts.push(count(others, 'customer or stock change', 'customer or stock changes'));
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

export type SyncTone = 'ok' | 'busy' | 'warning' | 'problem';

/** The status bar's sentence: the sync with WooCommerce, and the sales on this till only; null when there is neither (the bar is then not shown). */
export function barWords(
  status: SyncStatusView & Partial<Pick<SyncStatusAnswer, 'single_copy'>>,
  store: PriceFormat | null,
  now: Date = new Date(),
): { tone: SyncTone; text: string } | null {
  const woo = wooWords(status, store, now);
  const single = status.single_copy;
  if (single === null || single === undefined || single.sales === 0) return woo;
  // Sales no other till of the shop holds yet: the till's disk is their only copy.
  const text = `${count(single.sales, 'sale')} (${formatPrice(single.sales_amount, store)}) on this till only: no other till holds ${single.sales === 1 ? 'it' : 'them'} yet`;
  if (woo === null) return { tone: 'warning', text };
  return { tone: woo.tone === 'problem' ? 'problem' : 'warning', text: `${woo.text} · ${text}` };
}

/** The sync with WooCommerce's part of the bar, or null when the till is not connected to one. */
function wooWords(status: SyncStatusView, store: PriceFormat | null, now: Date): { tone: SyncTone; text: string } | null {
  const { connection, waiting, states } = status;
  if (connection === null) return null;
  const parts: string[] = [];
  let tone: SyncTone;
  if (connection.state === 'paused') {
    tone = 'problem';
    // The server pauses only when WooCommerce refuses the key (401/403); its reason is for the Sync screen.
    parts.push('Sending to WooCommerce is paused: WooCommerce refused the till’s key, a manager must connect again');
  } else if (connection.link === 'degraded') {
    tone = 'warning';
    // Something answers at the shop's address, but not WooCommerce: nothing is arriving there.
    const since = connection.offline_since_gmt === null ? '' : ` since ${localTime(connection.offline_since_gmt, now)}`;
    parts.push(`WooCommerce is not answering properly${since}: sales are not arriving (${connection.degraded_reason ?? 'no reason given'})`);
  } else if (!connection.online) {
    tone = 'warning';
    parts.push(connection.offline_since_gmt === null ? 'Offline' : `Offline since ${localTime(connection.offline_since_gmt, now)}`);
  } else if (waiting.count > 0) {
    tone = 'busy';
    parts.push('Sending to WooCommerce');
  } else {
    tone = 'ok';
    const last = [connection.last_push_gmt, connection.last_pull_gmt, connection.connected_at_gmt]
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1);
    parts.push(last === undefined ? 'Synced' : `Synced ${localTime(last, now)}`);
  }
  if (waiting.count > 0) {
    const oldest = status.oldest_waiting_sale;
    parts.push(`${figuresWords(waiting, store)} waiting${oldest === null ? '' : `, the oldest for ${ageWords(oldest.age_seconds)}`}`);
  }
  if (states.rejected.count > 0) {
    tone = 'problem';
    parts.push(`${count(states.rejected.count, 'needs', 'need')} a manager’s attention`);
  }
  return { tone, text: parts.join(' · ') };
}

/** Why the server paused the sending, in WooCommerce's words: the server writes `code: message`, and the code is no shop word. */
export function pausedReasonWords(reason: string | null): string {
  if (reason === null) return 'WooCommerce refused the till’s key';
  return reason.replace(/^[a-z0-9_]+: /, '');
}

/** What an outbox state is called at the till. */
export const STATE_WORDS: Readonly<Record<SyncOutboxState, string>> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  unknown: 'Checking',
  synced: 'In WooCommerce',
  rejected: 'Needs attention',
  handled: 'Dealt with by hand',
};

/** An order's badge in the history: "In WooCommerce #1234", "Needs attention", …, with WooCommerce's reason when it refused. */
export function badgeWords(sync: OrderSyncView): { tone: SyncTone; text: string; reason: string | null } {
  const tone: SyncTone = sync.state === 'synced' || sync.state === 'handled' ? 'ok' : sync.state === 'rejected' ? 'problem' : 'busy';
  const text = sync.state === 'synced' && sync.woo_id !== null ? `In WooCommerce #${sync.woo_id}` : STATE_WORDS[sync.state];
  return { tone, text, reason: sync.reason === null ? null : sync.reason.message || sync.reason.code };
}
