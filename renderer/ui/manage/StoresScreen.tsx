/**
 * Stores (`/stores`, `/stores/{id}/edit`): their details, their tax settings, who sells in them, and
 * a new store. Every value shown is the server's answer to the last read or save.
 */
import { useMemo, useState } from 'preact/hooks';
import type { StoreResource } from '../../../shared/resources/stores.js';
import * as storesApi from '../../api/stores.js';
import * as usersApi from '../../api/users.js';
import { useTill, useTillState } from '../context.js';
import { errorFor, hasCapability, runSave, useLoaded, type FieldErrors } from './api.js';
import { describeFields, type FieldOverride, type Options } from './fields.js';
import { FieldMessage } from '../kit/Field.js';
import { ObjectForm } from './ObjectForm.js';
import { TextField } from '../kit/TextField.js';

const DETAIL_KEYS = [
  'name',
  'store_address',
  'store_address_2',
  'store_city',
  'store_postcode',
  'store_state',
  'store_country',
  'locale',
  'timezone',
  'phone',
  'email',
  'url',
  'currency',
  'currency_pos',
  'price_thousand_sep',
  'price_decimal_sep',
  'price_num_decimals',
  'require_open_session',
  'prevent_overselling',
  'enable_coupons',
  'calc_discounts_sequentially',
] as const;
const TAX_KEYS = [
  'calc_taxes',
  'prices_include_tax',
  'tax_based_on',
  'tax_address',
  'shipping_tax_class',
  'tax_round_at_subtotal',
  'tax_display_shop',
  'tax_display_cart',
  'tax_total_display',
  'price_display_suffix',
  'tax_ids',
] as const;

const INCL_EXCL: Options = [
  ['excl', 'Excluding tax'],
  ['incl', 'Including tax'],
];
const STORE_FIELDS: Readonly<Record<string, FieldOverride>> = {
  name: { label: 'Store name' },
  store_address: { label: 'Address' },
  store_address_2: { label: 'Address line 2' },
  store_city: { label: 'City' },
  store_postcode: { label: 'Postcode' },
  store_state: { label: 'State or county' },
  store_country: { label: 'Country (two letters)' },
  timezone: { label: 'Time zone', help: 'An IANA zone such as Europe/London.' },
  url: { label: 'Web address' },
  currency: { label: 'Currency (ISO 4217)' },
  currency_pos: {
    label: 'Currency sign',
    field: {
      kind: 'select',
      options: [
        ['left', 'Left ($9.99)'],
        ['right', 'Right (9.99$)'],
        ['left_space', 'Left with space ($ 9.99)'],
        ['right_space', 'Right with space (9.99 $)'],
      ],
    },
  },
  price_num_decimals: { label: 'Price decimals' },
  require_open_session: { label: 'Payment needs an open register', help: 'A till takes payment only while its cash session is open.' },
  calc_taxes: { label: 'Calculate taxes' },
  prices_include_tax: { label: 'Prices include tax' },
  tax_based_on: {
    label: 'Tax based on',
    field: {
      kind: 'select',
      options: [
        ['base', 'The store’s address'],
        ['billing', 'The customer’s billing address'],
        ['shipping', 'The customer’s shipping address'],
      ],
    },
  },
  tax_address: { label: 'Tax address', help: 'Leave the country empty to use the store’s address.' },
  tax_round_at_subtotal: { label: 'Round tax at the subtotal' },
  tax_display_shop: { label: 'Prices shown at the till', field: { kind: 'select', options: INCL_EXCL } },
  tax_display_cart: { label: 'Prices shown in the cart', field: { kind: 'select', options: INCL_EXCL } },
  tax_total_display: {
    label: 'Tax totals',
    field: {
      kind: 'select',
      options: [
        ['itemized', 'One line per tax'],
        ['single', 'One total'],
      ],
    },
  },
  tax_ids: { label: 'Tax IDs', help: 'A JSON list such as [{"type": "eu_vat", "value": "DE123456789"}].', field: { kind: 'json' } },
};

function StoreUsers(props: { storeId: number }) {
  const { till } = useTill();
  const loaded = useLoaded(async () => {
    const [assigned, users] = await Promise.all([storesApi.users(till.client, props.storeId), usersApi.list(till.client)]);
    return { ids: assigned.user_ids, users };
  }, [props.storeId]);
  const [picked, setPicked] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  if (loaded.data === null) return null;
  const { users } = loaded.data;
  const chosen = picked ?? loaded.data.ids;
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    const saved = await runSave(
      till,
      async () => {
        const answer = await storesApi.setUsers(till.client, props.storeId, chosen);
        loaded.replace({ ids: answer.user_ids, users });
      },
      { done: 'The store’s users are saved.', onFieldErrors: setErrors },
    );
    if (saved) setPicked(null);
  };
  const message = errorFor(errors, 'user_ids');
  return (
    <form id="store-users" class="card manage-form" aria-label="Who sells in this store" onSubmit={(event) => void save(event)}>
      <fieldset class="manage-fieldset" aria-describedby={message === null ? undefined : 'store-users-list-error'}>
        <legend>Who sells in this store</legend>
        {users.map((user) => (
          <label key={user.id} class="check">
            <input
              type="checkbox"
              checked={chosen.includes(user.id)}
              onChange={(event) => {
                setPicked(event.currentTarget.checked ? [...chosen, user.id] : chosen.filter((id) => id !== user.id));
              }}
            />
            {` ${user.display_name} (${user.username})`}
          </label>
        ))}
        <FieldMessage id="store-users-list" message={message} />
      </fieldset>
      <div class="manage-actions">
        <button type="submit" class="button button-primary">
          Save users
        </button>
      </div>
    </form>
  );
}

function StoreEditor(props: { storeId: number; onRenamed: () => void }) {
  const { till } = useTill();
  const user = useTillState((state) => state.user);
  const loaded = useLoaded(() => storesApi.forEditing(till.client, props.storeId), [props.storeId]);
  const values = loaded.data;
  const details = useMemo(() => (values === null ? [] : describeFields(values, STORE_FIELDS, { keys: DETAIL_KEYS })), [values]);
  const taxes = useMemo(() => (values === null ? [] : describeFields(values, STORE_FIELDS, { keys: TAX_KEYS })), [values]);
  if (values === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  const save = (patch: Record<string, unknown>) => storesApi.update(till.client, props.storeId, patch);
  const saved = (answer: Record<string, unknown>): void => {
    // The form hands back the answer of `save` above: a store.
    loaded.replace(answer as StoreResource);
    props.onRenamed();
  };
  return (
    <div class="manage-columns">
      <ObjectForm
        id={`store-${props.storeId}-details`}
        label="Store details"
        values={values}
        fields={details}
        onSave={save}
        onSaved={saved}
        submitLabel="Save details"
      />
      <div>
        <ObjectForm
          id={`store-${props.storeId}-taxes`}
          label="Tax settings"
          values={values}
          fields={taxes}
          onSave={save}
          onSaved={saved}
          submitLabel="Save tax settings"
        />
        {hasCapability(user, 'manage_pos') && <StoreUsers storeId={props.storeId} />}
      </div>
    </div>
  );
}

function NewStore(props: { onCreated: (id: number) => void }) {
  const { till } = useTill();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    await runSave(
      till,
      async () => {
        const store = await storesApi.create(till.client, { name });
        setName('');
        props.onCreated(store.id);
      },
      { done: 'The store is added.', onFieldErrors: setErrors },
    );
  };
  const message = errorFor(errors, 'name');
  return (
    <form class="manage-inline" aria-label="Add a store" noValidate onSubmit={(event) => void create(event)}>
      <TextField bare id="new-store-name" label="New store’s name" value={name} error={message} onInput={setName} />
      <button type="submit" class="button">
        Add store
      </button>
    </form>
  );
}

export function StoresScreen() {
  const { till } = useTill();
  const stores = useLoaded(() => storesApi.list(till.client, { per_page: 100 }), []);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = stores.data ?? [];
  const storeId = chosen ?? list[0]?.id ?? null;
  const options: Options = list.map((store) => [String(store.id), store.name]);
  return (
    <div class="manage-panel">
      <div class="manage-toolbar">
        <label for="store-choice">Store</label>
        <select
          id="store-choice"
          value={storeId === null ? '' : String(storeId)}
          onChange={(event) => {
            setChosen(Number(event.currentTarget.value));
          }}
        >
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <NewStore
          onCreated={(id) => {
            setChosen(id);
            void stores.reload();
          }}
        />
      </div>
      {storeId !== null && <StoreEditor key={storeId} storeId={storeId} onRenamed={() => void stores.reload()} />}
    </div>
  );
}
