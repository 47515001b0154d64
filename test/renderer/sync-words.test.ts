import { describe, expect, it } from 'vitest';
import type { PriceFormat } from '../../renderer/format.js';
import { ageWords, badgeWords, barWords, localTime, pausedReasonWords } from '../../renderer/sync-words.js';
import type { StateFigures, SyncOutboxState, SyncStatusView } from '../../shared/resources/sync.js';

/** The sync bar's and badges' words for the states the Chromium test cannot bring about on demand (paused, other days). */
const dollar: PriceFormat = { currency: 'USD', currency_pos: 'left', price_thousand_sep: ',', price_decimal_sep: '.', price_num_decimals: 2 };
const none: StateFigures = { count: 0, sales: 0, sales_amount: '0.00', refunds: 0, refunds_amount: '0.00' };
const STATES: SyncOutboxState[] = ['pending', 'sending', 'unknown', 'synced', 'rejected', 'handled'];

/** A UTC stamp as the server writes it, for a moment given in the machine's own time zone. */
const gmtOf = (local: Date): string => local.toISOString().slice(0, 19);

function status(connection: Partial<NonNullable<SyncStatusView['connection']>>, figures: Partial<Record<SyncOutboxState, StateFigures>> = {}): SyncStatusView {
  const states = Object.fromEntries(STATES.map((state) => [state, figures[state] ?? none])) as Record<SyncOutboxState, StateFigures>;
  const waiting = (['pending', 'sending', 'unknown'] as const).map((state) => states[state]).find((f) => f.count > 0) ?? none;
  return {
    connected: true,
    connection: {
      url: 'https://shop.example',
      state: 'active',
      paused_reason: null,
      connected_at_gmt: gmtOf(new Date(2026, 10, 27, 8, 0)),
      online: true,
      link: 'online',
      degraded_reason: null,
      offline_since_gmt: null,
      last_push_gmt: null,
      last_pull_gmt: null,
      ...connection,
    },
    states,
    waiting,
    oldest_waiting_sale: null,
  };
}

const now = new Date(2026, 10, 27, 12, 30);

describe('the sync in shop words', () => {
  it('shows a server time on the till’s clock, with the date when it is not today', () => {
    expect(localTime(gmtOf(new Date(2026, 10, 27, 11, 20)), now)).toBe('11:20');
    expect(localTime(`${gmtOf(new Date(2026, 10, 27, 9, 5))}Z`, now)).toBe('09:05');
    expect(localTime(gmtOf(new Date(2026, 10, 26, 17, 45)), now)).toBe('2026-11-26 17:45');
  });

  it('says nothing while not connected, and the latest of push, pull and connection when all is sent', () => {
    expect(barWords({ ...status({}), connected: false, connection: null }, dollar, now)).toBeNull();
    const pushed = status({ last_push_gmt: gmtOf(new Date(2026, 10, 27, 12, 4)), last_pull_gmt: gmtOf(new Date(2026, 10, 27, 11, 0)) });
    expect(barWords(pushed, dollar, now)).toEqual({ tone: 'ok', text: 'Synced 12:04' });
  });

  it('says the link is degraded, why and since when, and how long the oldest sale has waited', () => {
    const pending = { count: 2, sales: 2, sales_amount: '7.50', refunds: 0, refunds_amount: '0.00' };
    const degraded = {
      ...status(
        { online: false, link: 'degraded', degraded_reason: 'HTTP 503: no WooCommerce error body', offline_since_gmt: gmtOf(new Date(2026, 10, 27, 11, 20)) },
        { pending },
      ),
      oldest_waiting_sale: { order_id: 9, date_created_gmt: gmtOf(new Date(2026, 10, 27, 11, 15)), age_seconds: 900 },
    };
    expect(barWords(degraded, dollar, now)).toEqual({
      tone: 'warning',
      text: 'WooCommerce is not answering properly since 11:20: sales are not arriving (HTTP 503: no WooCommerce error body) · 2 sales ($7.50) waiting, the oldest for 15 min',
    });
    expect(ageWords(42)).toBe('42 s');
    expect(ageWords(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(ageWords(2 * 3600)).toBe('2 h');
    expect(ageWords(3 * 86_400)).toBe('3 days');
  });

  it('says since when it is offline and what waits, with the store’s money', () => {
    const pending = { count: 16, sales: 14, sales_amount: '312.40', refunds: 1, refunds_amount: '5.00' };
    const offline = status({ online: false, link: 'offline', offline_since_gmt: gmtOf(new Date(2026, 10, 27, 11, 20)) }, { pending });
    expect(barWords(offline, dollar, now)).toEqual({
      tone: 'warning',
      text: 'Offline since 11:20 · 14 sales ($312.40), 1 refund ($5.00), 1 customer or stock change waiting',
    });
  });

  it('says the sending is paused with the reason, and what needs a manager', () => {
    const rejected = { count: 2, sales: 1, sales_amount: '3.00', refunds: 1, refunds_amount: '1.00' };
    const paused = status({ state: 'paused', paused_reason: 'woocommerce_rest_authentication_error: Consumer key is invalid.' }, { rejected });
    expect(barWords(paused, dollar, now)).toEqual({
      tone: 'problem',
      text: 'Sending to WooCommerce is paused: WooCommerce refused the till’s key, a manager must connect again · 2 need a manager’s attention',
    });
    expect(pausedReasonWords(paused.connection?.paused_reason ?? null)).toBe('Consumer key is invalid.');
  });

  it('turns the bar to a problem for a single entry that needs a manager, with all else sent', () => {
    const rejected = { count: 1, sales: 1, sales_amount: '3.00', refunds: 0, refunds_amount: '0.00' };
    const one = status({ last_push_gmt: gmtOf(new Date(2026, 10, 27, 12, 4)) }, { rejected });
    expect(barWords(one, dollar, now)).toEqual({ tone: 'problem', text: 'Synced 12:04 · 1 needs a manager’s attention' });
  });

  it('names the WooCommerce order of a synced sale and the reason of a refused one', () => {
    expect(badgeWords({ order_id: 4, state: 'synced', woo_id: 1234, reason: null })).toEqual({ tone: 'ok', text: 'In WooCommerce #1234', reason: null });
    expect(badgeWords({ order_id: 4, state: 'unknown', woo_id: null, reason: null }).text).toBe('Checking');
    expect(badgeWords({ order_id: 5, state: 'rejected', woo_id: 99, reason: { code: 'woocommerce_rest_invalid', message: 'Invalid refund amount.' } })).toEqual(
      {
        tone: 'problem',
        text: 'Needs attention',
        reason: 'Invalid refund amount.',
      },
    );
  });

  it('warns of the sales no other till holds yet, with or without a WooCommerce, and says nothing more when there are none', () => {
    const single = (sales: number, amount: string) => ({ sales, sales_amount: amount, oldest_gmt: sales === 0 ? null : gmtOf(new Date(2026, 10, 27, 12, 0)) });
    const alone = { ...status({}), connected: false, connection: null };
    expect(barWords({ ...alone, single_copy: single(2, '12.00') }, dollar, now)).toEqual({
      tone: 'warning',
      text: '2 sales ($12.00) on this till only: no other till holds them yet',
    });
    expect(barWords({ ...status({}), single_copy: single(1, '3.00') }, dollar, now)).toEqual({
      tone: 'warning',
      text: 'Synced 08:00 · 1 sale ($3.00) on this till only: no other till holds it yet',
    });
    expect(barWords({ ...alone, single_copy: single(0, '0.00') }, dollar, now)).toBeNull();
    expect(barWords({ ...alone, single_copy: null }, dollar, now)).toBeNull();
    expect(barWords({ ...status({}), single_copy: single(0, '0.00') }, dollar, now)).toEqual({ tone: 'ok', text: 'Synced 08:00' });
  });
});
