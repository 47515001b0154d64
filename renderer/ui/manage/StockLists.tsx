/**
 * The Stock screen's two lists: the ledger of one product (every change of its stock with why,
 * newest first, as `GET /products/{id}/stock` answers it) and the products running low.
 */
import { useState } from 'preact/hooks';
import * as catalogueApi from '../../api/catalogue-admin.js';
import type { LedgerEntry, ManagedProduct } from '../../api/catalogue-admin.js';
import * as storesApi from '../../api/stores.js';
import { useTill, useTillState } from '../context.js';
import { saveCatalogue } from './catalogue-save.js';
import { useLoaded } from './api.js';
import { PageButtons } from '../kit/PageButtons.js';
import { TextField } from '../kit/TextField.js';

const LEDGER_PAGE = 20;

/** The ledger's reasons (server/data/repositories/stock-ledger.ts STOCK_REASONS) in a shop's words. */
const REASON_WORDS: Readonly<Record<string, string>> = {
  opening: 'Opening stock',
  created: 'Product added',
  edit: 'Product edited',
  sale: 'Sale',
  cancellation: 'Sale cancelled',
  released: 'Held stock released',
  order_edit: 'Sale changed',
  refund: 'Refund',
  restock: 'Returned to stock',
  import: 'Import',
  received: 'Delivery received',
  damaged: 'Damaged',
  counted: 'Stocktake',
  correction: 'Correction',
  peer_sale: 'Sale at another till',
  peer_refund: 'Returned at another till',
};

export function reasonWords(reason: string): string {
  return REASON_WORDS[reason] ?? reason;
}

const signed = (change: number): string => (change > 0 ? `+${change}` : String(change));

function LedgerRow(props: { entry: LedgerEntry }) {
  const { entry } = props;
  const what = [
    entry.order_id === null ? null : `Order ${entry.order_id}`,
    entry.reference === '' ? null : entry.reference,
    entry.note === '' ? null : entry.note,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <tr>
      <td>{entry.date_created.replace('T', ' ')}</td>
      <td>{reasonWords(entry.reason)}</td>
      <td>{entry.user_name ?? ''}</td>
      <td>{signed(entry.change)}</td>
      <td>{entry.balance}</td>
      <td>{what}</td>
    </tr>
  );
}

/** The ledger of `product`; `version` changes after each stock change made on the screen, to read it again. */
export function StockLedger(props: { product: ManagedProduct; version: number }) {
  const { till } = useTill();
  const { product } = props;
  const [page, setPage] = useState(1);
  const ledger = useLoaded(() => catalogueApi.ledger(till.client, product.id, { page, per_page: LEDGER_PAGE }), [product.id, page, props.version]);
  const entries = ledger.data ?? [];
  return (
    <section id="stock-ledger" class="card" aria-labelledby="stock-ledger-heading" aria-busy={ledger.loading ? 'true' : 'false'}>
      <h2 id="stock-ledger-heading">Stock history of {product.name}</h2>
      <table class="lines manage-table">
        <caption class="visually-hidden">Every change of the stock of {product.name}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Why</th>
            <th scope="col">Who</th>
            <th scope="col">Change</th>
            <th scope="col">Stock after</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
      {!ledger.loading && entries.length === 0 ? <p class="empty">No stock changes yet.</p> : null}
      <PageButtons page={page} last={entries.length < LEDGER_PAGE} onPage={setPage} />
    </section>
  );
}

/**
 * The products at or under their own low-stock amount (set in the product's form), or under the
 * shop's amount where they have none; the shop's amount is set here (the store's
 * `notify_low_stock_amount`, WooCommerce's default 2).
 */
export function LowStockList(props: { version: number; onChoose: (product: ManagedProduct) => void }) {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const [saved, setSaved] = useState(0);
  const [typed, setTyped] = useState<string | null>(null);
  const low = useLoaded(() => catalogueApi.lowStock(till.client), [props.version, saved]);
  const products = low.data ?? [];
  const shopAmount = store?.notify_low_stock_amount ?? 2;
  const shown = typed ?? String(shopAmount);
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (store === null) return;
    if (!/^\d+$/.test(shown.trim())) {
      till.info('Type how many count as low, as a whole number.');
      return;
    }
    const amount = Number(shown.trim());
    const ok = await saveCatalogue(
      till,
      async () => {
        const updated = await storesApi.update(till.client, store.id, { notify_low_stock_amount: amount });
        till.state.set({ store: { ...store, notify_low_stock_amount: updated.notify_low_stock_amount } });
      },
      { done: `Low stock is now at most ${amount} for products without their own amount.`, onFieldErrors: () => undefined },
    );
    if (ok) {
      setTyped(null);
      setSaved(saved + 1);
    }
  };
  return (
    <section id="low-stock" class="card" aria-labelledby="low-stock-heading" aria-busy={low.loading ? 'true' : 'false'}>
      <h2 id="low-stock-heading">Low stock</h2>
      <p class="hint">A product is low at or under its own amount (in its form), or else the shop’s amount below.</p>
      <form class="manage-inline" aria-label="The shop’s low stock amount" onSubmit={(event) => void save(event)}>
        <TextField id="low-stock-threshold" label="Low means at most" type="number" min="0" step="1" value={shown} onInput={setTyped} />
        <button type="submit" class="button button-quiet">
          Save
        </button>
      </form>
      <ul class="manage-ordered" aria-label="Products low in stock">
        {products.map((product) => (
          <li key={product.id}>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                props.onChoose(product);
              }}
            >
              {product.name}: {product.stock_quantity} left
              {product.low_stock_amount === null ? '' : ` (low at ${product.low_stock_amount})`}
            </button>
          </li>
        ))}
      </ul>
      {!low.loading && products.length === 0 ? <p class="empty">No product is low in stock.</p> : null}
    </section>
  );
}
