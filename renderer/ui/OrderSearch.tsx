/**
 * Finding a sale on the orders screen: by receipt number, a customer's name, e-mail or phone, an
 * item, or the total (the server's `search`), and by the day it was sold (`after`/`before`), a
 * page at a time, so that this morning's sale can be found among the day's and refunded. With
 * "Every till of the shop", a sale made at any till, found by its receipt number ("A-1042").
 */
import { useState } from 'preact/hooks';
import type { OrderListQuery } from '../api/orders.js';
import { HISTORY_PAGE_SIZE } from '../till.js';
import { useTill, useTillState } from './context.js';

/**
 * The query for what the form holds. A day runs from its first moment to its last in the till's own
 * time zone (the shop's), sent as the UTC instant: the server reads a time without a zone as UTC.
 */
function queryOf(text: string, from: string, to: string, page: number): OrderListQuery {
  return {
    ...(text.trim() === '' ? {} : { search: text.trim() }),
    ...(from === '' ? {} : { after: new Date(`${from}T00:00:00`).toISOString() }),
    ...(to === '' ? {} : { before: new Date(`${to}T23:59:59.999`).toISOString() }),
    page,
  };
}

export function OrderSearch() {
  const { till } = useTill();
  const history = useTillState((state) => state.history);
  const busy = useTillState((state) => state.busy);
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [shop, setShop] = useState(false);
  const load = (nextPage: number): void => {
    setPage(nextPage);
    void (shop ? till.loadShopHistory(text.trim(), nextPage) : till.loadHistory(queryOf(text, from, to, nextPage)));
  };
  const hasNext = history !== null && history.length === HISTORY_PAGE_SIZE;
  return (
    <>
      <form
        id="order-search"
        class="order-search"
        role="search"
        aria-label="Find an order"
        onSubmit={(event) => {
          event.preventDefault();
          load(1);
        }}
      >
        <label>
          <span>Receipt number, customer, item or amount</span>
          <input
            type="search"
            value={text}
            onInput={(event) => {
              setText(event.currentTarget.value);
            }}
          />
        </label>
        <label>
          <span>Sold from</span>
          <input
            type="date"
            disabled={shop}
            value={from}
            onInput={(event) => {
              setFrom(event.currentTarget.value);
            }}
          />
        </label>
        <label>
          <span>Sold until</span>
          <input
            type="date"
            disabled={shop}
            value={to}
            onInput={(event) => {
              setTo(event.currentTarget.value);
            }}
          />
        </label>
        <label class="checkbox">
          <input
            id="order-search-shop"
            type="checkbox"
            checked={shop}
            onChange={(event) => {
              setShop(event.currentTarget.checked);
            }}
          />
          <span>Every till of the shop (by receipt number)</span>
        </label>
        <button type="submit" class="button button-primary" disabled={busy}>
          Find orders
        </button>
      </form>
      <nav class="order-pages" aria-label="Pages of orders">
        <button
          type="button"
          class="button"
          disabled={page <= 1 || history === null}
          onClick={() => {
            load(page - 1);
          }}
        >
          Previous page
        </button>
        <span id="order-page">Page {page}</span>
        <button
          type="button"
          class="button"
          disabled={!hasNext}
          onClick={() => {
            load(page + 1);
          }}
        >
          Next page
        </button>
      </nav>
    </>
  );
}
