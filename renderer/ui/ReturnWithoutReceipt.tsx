/**
 * A return without a receipt, from the orders screen: find the items brought back (name, SKU or a
 * scanned barcode), how many of each, the tender the money goes back through and whether they go
 * back on the shelf. The server prices them at today's prices and may ask for a manager's approval;
 * the amount shown afterwards is the server's.
 */
import { useState } from 'preact/hooks';
import * as productsApi from '../api/products.js';
import * as returnsApi from '../api/returns.js';
import { EXCHANGE_CREDIT, startExchange } from '../exchange.js';
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';
import { MoneyBackFields } from './MoneyBackFields.js';
import { TextField } from './kit/TextField.js';

interface ReturnLine {
  product: productsApi.ProductTile;
  quantity: string;
}

/** Finding the item brought back by its name, SKU or barcode; a variable product's variations are the items. */
function ItemFinder(props: { onAdd: (product: productsApi.ProductTile) => void }) {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<productsApi.ProductTile[] | null>(null);
  const find = async (event: Event): Promise<void> => {
    event.preventDefault();
    try {
      const tiles = await productsApi.tiles(till.client, { search: search.trim(), page: 1, per_page: 10 });
      // A variable product is returned as the variation sold; its parent is no item.
      setFound(tiles.filter((tile) => tile.type !== 'variable'));
    } catch (error) {
      till.fail(error);
    }
  };
  return (
    <>
      <form class="order-search" role="search" aria-label="Find the item brought back" onSubmit={(event) => void find(event)}>
        <label>
          <span>Item name, SKU or barcode</span>
          <input
            type="search"
            value={search}
            onInput={(event) => {
              setSearch(event.currentTarget.value);
            }}
          />
        </label>
        <button type="submit" class="button">
          Find item
        </button>
      </form>
      {found !== null && found.length === 0 && <p class="empty">No items match.</p>}
      {found !== null && found.length > 0 && (
        <ul id="return-found" class="return-found">
          {found.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                class="button"
                onClick={() => {
                  props.onAdd(product);
                }}
              >
                Add {product.name} ({formatPrice(product.price, store)})
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The items brought back, each with the quantity the cashier can change. */
function ReturnLines(props: { lines: readonly ReturnLine[]; onChange: (update: (lines: ReturnLine[]) => ReturnLine[]) => void }) {
  return (
    <table class="lines">
      <tbody>
        {props.lines.map((line) => (
          <tr key={line.product.id}>
            <td>{line.product.name}</td>
            <td>
              <input
                type="text"
                inputMode="decimal"
                aria-label={`Quantity of ${line.product.name} brought back`}
                value={line.quantity}
                onInput={(event) => {
                  const quantity = event.currentTarget.value;
                  props.onChange((current) => current.map((other) => (other.product.id === line.product.id ? { ...other, quantity } : other)));
                }}
              />
            </td>
            <td>
              <button
                type="button"
                class="button button-quiet"
                onClick={() => {
                  props.onChange((current) => current.filter((other) => other.product.id !== line.product.id));
                }}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReturnWithoutReceipt(props: { onDone: () => void }) {
  const { till } = useTill();
  const gateways = useTillState((state) => state.gateways);
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const [lines, setLines] = useState<ReturnLine[]>([]);
  const [destination, setDestination] = useState(gateways.find((gateway) => gateway.id === 'pos_cash')?.id ?? gateways[0]?.id ?? '');
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');

  const add = (product: productsApi.ProductTile): void => {
    setLines((current) =>
      current.some((line) => line.product.id === product.id)
        ? current.map((line) => (line.product.id === product.id ? { ...line, quantity: String(Number(line.quantity) + 1) } : line))
        : [...current, { product, quantity: '1' }],
    );
  };
  /** `exchange`: the money is not given back but becomes credit for other goods taken now (renderer/exchange.ts). */
  const giveBack = async (exchange: boolean): Promise<void> => {
    till.state.set({ busy: true, status: null });
    try {
      const request = {
        line_items: lines.map((line) => ({ product_id: line.product.id, quantity: line.quantity.trim() })),
        refund_destination: exchange ? EXCHANGE_CREDIT : destination,
        restock,
        reason: reason.trim(),
      };
      const result = await till.approvals.run(null, (headers) => returnsApi.create(till.client, request, headers));
      if (exchange) {
        till.state.set({ busy: false });
        startExchange(till, result.order_id, result.refund.amount);
        return;
      }
      const tender = gateways.find((gateway) => gateway.id === destination)?.title ?? destination;
      till.state.set({ busy: false });
      till.info(`Returned: ${formatPrice(result.refund.amount, store)} given back by ${tender}${result.restocked ? ', items back in stock' : ''}.`);
      props.onDone();
    } catch (error) {
      till.fail(error);
    }
  };
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    await giveBack(false);
  };

  return (
    <section id="return-without-receipt" class="card" aria-labelledby="return-heading">
      <h2 id="return-heading">Return without a receipt</h2>
      <ItemFinder onAdd={add} />
      <form id="return-form" class="dialog-form" aria-label="Give the money back" onSubmit={(event) => void submit(event)}>
        <ReturnLines lines={lines} onChange={setLines} />
        <MoneyBackFields
          idPrefix="return"
          restock={restock}
          onRestock={setRestock}
          destination={destination}
          onDestination={setDestination}
          tenders={gateways}
        />
        <TextField bare id="return-reason" label="Why it came back" value={reason} onInput={setReason} />
        <div class="dialog-actions">
          <button type="button" class="button button-quiet" onClick={props.onDone}>
            Cancel
          </button>
          <button type="button" class="button" disabled={busy || lines.length === 0} onClick={() => void giveBack(true)}>
            Exchange for other goods
          </button>
          <button type="submit" class="button button-primary" disabled={busy || lines.length === 0}>
            Give the money back
          </button>
        </div>
      </form>
    </section>
  );
}
