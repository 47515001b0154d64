/**
 * The till's favourites (`/stores/{id}/favourites`): a manager picks products and puts them in order;
 * they become the first page of the till's product area in this till's store. `manage_pos`, like the
 * till's other set-up: the favourites are the till's layout, not the catalogue, so they stay the
 * till's to choose while WooCommerce masters the catalogue.
 */
import { useState } from 'preact/hooks';
import * as favouritesApi from '../../api/favourites.js';
import * as productsApi from '../../api/products.js';
import type { ProductTile } from '../../api/products.js';
import { formatPrice } from '../../format.js';
import { useTill, useTillState } from '../context.js';
import { useLoaded } from './api.js';
import { SearchForm } from '../kit/SearchForm.js';

/** One page of the till (server/domain/store-favourites.ts MAX_FAVOURITES). */
const MAX_FAVOURITES = 24;

function moved<T>(list: readonly T[], index: number, step: 1 | -1): T[] {
  const next = [...list];
  const other = index + step;
  const [a, b] = [next[index], next[other]];
  if (a === undefined || b === undefined) return next;
  next[index] = b;
  next[other] = a;
  return next;
}

/** The chosen products in their order, each with buttons that move it or take it off. */
function ChosenList(props: { chosen: readonly ProductTile[]; onChange: (chosen: ProductTile[]) => void }) {
  const { chosen } = props;
  if (chosen.length === 0) return <p class="empty">No favourites yet: find products and add them.</p>;
  return (
    <ol id="favourites-list" class="favourites-list">
      {chosen.map((product, index) => (
        <li key={product.id}>
          <span class="favourite-name">{product.name}</span>
          <button
            type="button"
            class="button button-small"
            aria-label={`Move ${product.name} up`}
            disabled={index === 0}
            onClick={() => {
              props.onChange(moved(chosen, index, -1));
            }}
          >
            ↑
          </button>
          <button
            type="button"
            class="button button-small"
            aria-label={`Move ${product.name} down`}
            disabled={index === chosen.length - 1}
            onClick={() => {
              props.onChange(moved(chosen, index, 1));
            }}
          >
            ↓
          </button>
          <button
            type="button"
            class="button button-small button-quiet"
            aria-label={`Take ${product.name} off the favourites`}
            onClick={() => {
              props.onChange(chosen.filter((other) => other.id !== product.id));
            }}
          >
            Remove
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Finding products to add: a full page of favourites takes no more. */
function FavouriteFinder(props: { chosen: readonly ProductTile[]; full: boolean; onAdd: (product: ProductTile) => void }) {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const { chosen } = props;
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<ProductTile[] | null>(null);
  const search = async (): Promise<void> => {
    try {
      setFound(await productsApi.tiles(till.client, { search: term.trim() === '' ? undefined : term.trim(), page: 1, per_page: 12 }));
    } catch (error) {
      setFound([]);
      till.fail(error);
    }
  };
  return (
    <section class="card" aria-labelledby="favourites-find-heading">
      <h2 id="favourites-find-heading">Find products</h2>
      <p id="favourites-search-hint" class="hint">
        By name, SKU or barcode.
      </p>
      <SearchForm
        id="favourites-search"
        formClass="search"
        aria-label="Find products to add"
        aria-describedby="favourites-search-hint"
        autocomplete="off"
        value={term}
        onInput={setTerm}
        onFind={search}
      />
      {found !== null && found.length === 0 && <p class="empty">No products match.</p>}
      {found !== null && found.length > 0 && (
        <ul id="favourites-found" class="favourites-list">
          {found.map((product) => {
            const added = chosen.some((other) => other.id === product.id);
            return (
              <li key={product.id}>
                <span class="favourite-name">
                  {product.name} <span class="hint">{formatPrice(product.price, store)}</span>
                </span>
                <button
                  type="button"
                  class="button button-small"
                  aria-label={`Add ${product.name} to the favourites`}
                  disabled={added || props.full}
                  onClick={() => {
                    props.onAdd(product);
                  }}
                >
                  {added ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function FavouritesEditor(props: { storeId: number; storeName: string; saved: ProductTile[] }) {
  const { till } = useTill();
  const [chosen, setChosen] = useState<ProductTile[]>(props.saved);
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      await favouritesApi.setIds(
        till.client,
        props.storeId,
        chosen.map((product) => product.id),
      );
      // The sell screen shows the new page at once.
      await till.loadFavourites();
      till.info(chosen.length === 0 ? 'The till has no favourites now.' : `The till's favourites are saved: ${chosen.length} products.`);
    } catch (error) {
      till.fail(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div class="manage-columns">
      <section class="card" aria-labelledby="favourites-heading">
        <h2 id="favourites-heading">Favourites of {props.storeName}</h2>
        <p class="hint">The first page of the till, in this order. At most {MAX_FAVOURITES}.</p>
        <ChosenList chosen={chosen} onChange={setChosen} />
        <button type="button" id="favourites-save" class="button button-primary" disabled={saving} onClick={() => void save()}>
          Save favourites
        </button>
      </section>
      <FavouriteFinder
        chosen={chosen}
        full={chosen.length >= MAX_FAVOURITES}
        onAdd={(product) => {
          setChosen([...chosen, product]);
        }}
      />
    </div>
  );
}

export function FavouritesScreen() {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const loaded = useLoaded(() => (store === null ? Promise.resolve([]) : favouritesApi.tiles(till.client, store.id)), [store?.id]);
  if (store === null || loaded.data === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  return <FavouritesEditor storeId={store.id} storeName={store.name} saved={loaded.data} />;
}
