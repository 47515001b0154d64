/**
 * Stock (`manage_products`): receive a delivery (each product found by scan or search, with how
 * many came: added to its stock as `received`), a stocktake of one product (the counted amount is
 * set, and the ledger records the difference with the reason given), the products running low,
 * and the chosen product's stock history. Stock stays the till's while WooCommerce masters the
 * catalogue: the changes go up as deltas.
 */
import { useCallback, useState } from 'preact/hooks';
import * as catalogueApi from '../../api/catalogue-admin.js';
import type { ManagedProduct } from '../../api/catalogue-admin.js';
import { useScans } from '../../scans-elsewhere.js';
import { useTill } from '../context.js';
import { errorFor, type FieldErrors } from './api.js';
import { saveCatalogue } from './catalogue-save.js';
import { SearchForm } from '../kit/SearchForm.js';
import { TextField } from '../kit/TextField.js';
import { LowStockList, StockLedger } from './StockLists.js';
import { TableHead } from '../kit/TableHead.js';

interface DeliveryLine {
  product: ManagedProduct;
  quantity: string;
}

const quantityOf = (typed: string): number | null => (typed.trim() === '' || !Number.isFinite(Number(typed)) ? null : Number(typed));

function ProductFinder(props: { onFound: (product: ManagedProduct) => void }) {
  const { till } = useTill();
  const [typed, setTyped] = useState('');
  const [matches, setMatches] = useState<ManagedProduct[] | null>(null);
  const find = async (): Promise<void> => {
    const term = typed.trim();
    if (term === '') return;
    try {
      // A barcode finds its product; anything else searches names and SKUs, and a single match is chosen.
      const exact = /^[0-9-]+$/.test(term) ? await catalogueApi.byCode(till.client, term) : null;
      const found = exact === null ? await catalogueApi.page(till.client, { search: term, page: 1, per_page: 10 }) : [exact];
      const only = found.length === 1 ? found[0] : undefined;
      setMatches(only === undefined ? found : null);
      if (only !== undefined) props.onFound(only);
    } catch (error) {
      till.fail(error);
    }
  };
  return (
    <div>
      <SearchForm
        id="stock-search"
        formLabel="Find a product for stock"
        label="Scan a barcode, or type a SKU or name"
        type="text"
        value={typed}
        onInput={setTyped}
        onFind={find}
      />
      {matches === null ? null : matches.length === 0 ? (
        <p class="empty">No product matches “{typed.trim()}”.</p>
      ) : (
        <ul class="manage-ordered" aria-label="Products found">
          {matches.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                class="button button-quiet"
                onClick={() => {
                  setMatches(null);
                  props.onFound(product);
                }}
              >
                {product.name} {product.sku === '' ? '' : `(${product.sku})`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The products of a delivery, each with how many came. */
function DeliveryLines(props: { lines: DeliveryLine[]; setLines: (lines: DeliveryLine[]) => void }) {
  const { lines, setLines } = props;
  return (
    <table class="lines manage-table">
      <caption class="visually-hidden">Products in this delivery</caption>
      <TableHead columns={['Product', 'How many came']} />
      <tbody>
        {lines.map((line, index) => (
          <tr key={line.product.id}>
            <td>{line.product.name}</td>
            <td class="manage-field">
              <input
                type="number"
                min="0"
                step="any"
                aria-label={`How many of ${line.product.name} came`}
                value={line.quantity}
                onInput={(event) => {
                  const quantity = event.currentTarget.value;
                  setLines(lines.map((other, at) => (at === index ? { ...other, quantity } : other)));
                }}
              />
            </td>
            <td>
              <button
                type="button"
                class="button button-small button-quiet"
                aria-label={`Take ${line.product.name} off the delivery`}
                onClick={() => {
                  setLines(lines.filter((_, at) => at !== index));
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

function Delivery(props: { lines: DeliveryLine[]; setLines: (lines: DeliveryLine[]) => void; onReceived: () => void }) {
  const { till } = useTill();
  const [note, setNote] = useState('');
  const { lines, setLines } = props;
  const receive = async (event: Event): Promise<void> => {
    event.preventDefault();
    const bad = lines.find((line) => {
      const quantity = quantityOf(line.quantity);
      return quantity === null || quantity <= 0;
    });
    if (bad !== undefined) {
      till.info(`Type how many of ${bad.product.name} came, more than 0.`);
      return;
    }
    // One request per product: a refusal leaves the lines not yet received on the list.
    const left = [...lines];
    for (let line = left[0]; line !== undefined; line = left[0]) {
      const { product } = line;
      const quantity = Number(line.quantity);
      const saved = await saveCatalogue(
        till,
        async () => {
          await catalogueApi.changeStock(till.client, product.id, { adjust: quantity, reason: 'received', note: note.trim() });
        },
        { done: 'The delivery is received.', onFieldErrors: () => undefined },
      );
      if (!saved) break;
      left.shift();
    }
    setLines(left);
    if (left.length === 0) setNote('');
    props.onReceived();
  };
  return (
    <form id="delivery-form" class="card manage-form" aria-label="Receive a delivery" noValidate onSubmit={(event) => void receive(event)}>
      <h2>Receive a delivery</h2>
      <p class="hint">Scan each item, or find it above; scanning it again counts one more.</p>
      <DeliveryLines lines={lines} setLines={setLines} />
      {lines.length === 0 ? <p class="empty">Nothing scanned yet.</p> : null}
      <TextField id="delivery-note" label="Delivery note or supplier (optional)" value={note} onInput={setNote} />
      <div class="manage-actions">
        <button type="submit" class="button" disabled={lines.length === 0}>
          Receive delivery
        </button>
      </div>
    </form>
  );
}

function Stocktake(props: { product: ManagedProduct; onCounted: (product: ManagedProduct) => void }) {
  const { till } = useTill();
  const { product } = props;
  const [counted, setCounted] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const count = async (event: Event): Promise<void> => {
    event.preventDefault();
    const amount = quantityOf(counted);
    if (amount === null || reason.trim() === '') {
      setErrors({
        ...(amount === null ? { set: 'Type the amount counted.' } : {}),
        ...(reason.trim() === '' ? { note: 'Say why it differs, or “checked”.' } : {}),
      });
      return;
    }
    const answer: { value: catalogueApi.StockAnswer | null } = { value: null };
    await saveCatalogue(
      till,
      async () => {
        answer.value = await catalogueApi.changeStock(till.client, product.id, { set: amount, reason: 'counted', note: reason.trim() });
      },
      { done: `The count of ${product.name} is recorded.`, onFieldErrors: setErrors },
    );
    const saved = answer.value;
    if (saved === null) return;
    setCounted('');
    setReason('');
    props.onCounted({ ...product, stock_quantity: saved.stock_quantity, stock_status: saved.stock_status });
  };
  return (
    <form id="stocktake-form" class="card manage-form" aria-label={`Stocktake of ${product.name}`} noValidate onSubmit={(event) => void count(event)}>
      <h2>Stocktake: {product.name}</h2>
      <p class="hint" id="stocktake-current">
        In stock now: {product.stock_quantity ?? 'not counted'}
      </p>
      <TextField
        id="stocktake-counted"
        label="Counted on the shelf"
        type="number"
        min="0"
        step="any"
        value={counted}
        error={errorFor(errors, 'set')}
        onInput={setCounted}
      />
      <TextField id="stocktake-reason" label="Why it differs" value={reason} error={errorFor(errors, 'note')} onInput={setReason} />
      <div class="manage-actions">
        <button type="submit" class="button">
          Record count
        </button>
      </div>
    </form>
  );
}

export function StockScreen() {
  const { till } = useTill();
  const [lines, setLines] = useState<DeliveryLine[]>([]);
  const [chosen, setChosen] = useState<ManagedProduct | null>(null);
  // Read the lists again after each change of stock made here.
  const [version, setVersion] = useState(0);
  const addToDelivery = useCallback((product: ManagedProduct): void => {
    setChosen(product);
    setLines((current) => {
      const at = current.findIndex((line) => line.product.id === product.id);
      if (at === -1) return [...current, { product, quantity: '1' }];
      return current.map((line, index) => (index === at ? { ...line, quantity: String((quantityOf(line.quantity) ?? 0) + 1) } : line));
    });
  }, []);
  const onScan = useCallback(
    (code: string): void => {
      catalogueApi.byCode(till.client, code).then(
        (product) => {
          if (product === null) till.info(`No product has the barcode ${code}.`);
          else addToDelivery(product);
        },
        (error: unknown) => {
          till.fail(error);
        },
      );
    },
    [till, addToDelivery],
  );
  useScans(onScan);
  const refreshChosen = async (): Promise<void> => {
    setVersion((current) => current + 1);
    if (chosen === null) return;
    try {
      setChosen(await catalogueApi.one(till.client, chosen.id));
    } catch (error) {
      till.fail(error);
    }
  };
  return (
    <div class="manage-columns">
      <div class="manage-panel">
        <ProductFinder onFound={setChosen} />
        {chosen === null ? null : (
          <div class="manage-toolbar">
            <span id="stock-chosen">
              {chosen.name}: {chosen.stock_quantity ?? 'not counted'} in stock
            </span>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                addToDelivery(chosen);
              }}
            >
              Add to delivery
            </button>
          </div>
        )}
        <Delivery lines={lines} setLines={setLines} onReceived={() => void refreshChosen()} />
        {chosen === null ? null : (
          <Stocktake
            key={chosen.id}
            product={chosen}
            onCounted={(product) => {
              setChosen(product);
              setVersion((current) => current + 1);
            }}
          />
        )}
      </div>
      <div class="manage-panel">
        {chosen === null ? null : <StockLedger product={chosen} version={version} />}
        <LowStockList version={version} onChoose={setChosen} />
      </div>
    </div>
  );
}
