/** Registers (`/registers`): each till's name and status, whether its drawer is open, and a new one. */
import { useState } from 'preact/hooks';
import type { Register } from '../../../shared/resources/registers.js';
import type { StoreResource } from '../../../shared/resources/stores.js';
import * as registersApi from '../../api/registers.js';
import * as storesApi from '../../api/stores.js';
import { formatDateTime } from '../../format.js';
import { useTill } from '../context.js';
import { errorFor, runSave, useLoaded, type FieldErrors } from './api.js';
import { FieldMessage } from '../kit/Field.js';
import { DrawerPrinterRow, type DrawerPrinterValue } from './DrawerPrinterRow.js';
import { TableHead } from './TableHead.js';

/** The registers table's columns: the drawer printer's row spans them. */
const COLUMNS = 6;

type StoreName = Pick<StoreResource, 'id' | 'name'>;

function aria(id: string, message: string | null) {
  return { 'aria-invalid': message === null ? undefined : ('true' as const), 'aria-describedby': message === null ? undefined : `${id}-error` };
}

function RegisterRow(props: { register: Register; storeName: string; onSaved: (register: Register) => void }) {
  const { till } = useTill();
  const { register } = props;
  const [name, setName] = useState(register.name);
  const [status, setStatus] = useState(register.status);
  const [drawer, setDrawer] = useState<DrawerPrinterValue>({ printer: register.drawer_printer, pin: register.drawer_pin });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    const patch: registersApi.RegisterPatch = {};
    if (name !== register.name) patch.name = name;
    if (status !== register.status) patch.status = status;
    if (drawer.printer.trim() !== register.drawer_printer) patch.drawer_printer = drawer.printer;
    if (drawer.pin !== register.drawer_pin) patch.drawer_pin = drawer.pin;
    if (Object.keys(patch).length === 0) {
      till.info('Nothing to save: no field was changed.');
      return;
    }
    await runSave(
      till,
      async () => {
        props.onSaved(await registersApi.update(till.client, register.id, patch));
      },
      { done: `Register ${register.id} is saved.`, onFieldErrors: setErrors },
    );
  };
  const base = `register-${register.id}`;
  const nameError = errorFor(errors, 'name');
  const statusError = errorFor(errors, 'status');
  return (
    <>
      <tr>
        <td>{register.id}</td>
        <td>
          <form id={`${base}-form`} aria-label={`Register ${register.id}`} noValidate onSubmit={(event) => void save(event)} />
          <label class="visually-hidden" for={`${base}-name`}>{`Name of register ${register.id}`}</label>
          <input
            id={`${base}-name`}
            form={`${base}-form`}
            type="text"
            value={name}
            {...aria(`${base}-name`, nameError)}
            onInput={(event) => {
              setName(event.currentTarget.value);
            }}
          />
          <FieldMessage id={`${base}-name`} message={nameError} />
        </td>
        <td>{props.storeName}</td>
        <td>
          <label class="visually-hidden" for={`${base}-status`}>{`Status of register ${register.id}`}</label>
          <select
            id={`${base}-status`}
            form={`${base}-form`}
            value={status}
            {...aria(`${base}-status`, statusError)}
            onChange={(event) => {
              setStatus(event.currentTarget.value as Register['status']);
            }}
          >
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </select>
          <FieldMessage id={`${base}-status`} message={statusError} />
        </td>
        <td>{register.session === null ? 'Closed' : `Open since ${formatDateTime(register.session.date_opened ?? '')}`}</td>
        <td>
          <button type="submit" form={`${base}-form`} class="button button-small">
            Save
          </button>
        </td>
      </tr>
      <DrawerPrinterRow register={register} value={drawer} onChange={setDrawer} printerError={errorFor(errors, 'drawer_printer')} columns={COLUMNS} />
    </>
  );
}

function NewRegister(props: { stores: readonly StoreName[]; onCreated: () => void }) {
  const { till } = useTill();
  const [name, setName] = useState('');
  const [storeId, setStoreId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    const saved = await runSave(
      till,
      async () => {
        await registersApi.create(till.client, storeId === '' ? { name } : { name, store_id: Number(storeId) });
      },
      { done: 'The register is added.', onFieldErrors: setErrors },
    );
    if (saved) {
      setName('');
      props.onCreated();
    }
  };
  const nameError = errorFor(errors, 'name');
  return (
    <form class="card manage-form manage-inline" aria-label="Add a register" noValidate onSubmit={(event) => void create(event)}>
      <div class="manage-field">
        <label for="new-register-name">New register’s name</label>
        <input
          id="new-register-name"
          type="text"
          value={name}
          {...aria('new-register-name', nameError)}
          onInput={(event) => {
            setName(event.currentTarget.value);
          }}
        />
        <FieldMessage id="new-register-name" message={nameError} />
      </div>
      <div class="manage-field">
        <label for="new-register-store">In store</label>
        <select
          id="new-register-store"
          value={storeId}
          onChange={(event) => {
            setStoreId(event.currentTarget.value);
          }}
        >
          <option value="">The default store</option>
          {props.stores.map((store) => (
            <option key={store.id} value={String(store.id)}>
              {store.name}
            </option>
          ))}
        </select>
        <FieldMessage id="new-register-store" message={errorFor(errors, 'store_id')} />
      </div>
      <button type="submit" class="button">
        Add register
      </button>
    </form>
  );
}

export function RegistersScreen() {
  const { till } = useTill();
  const loaded = useLoaded(async () => {
    const [registers, stores] = await Promise.all([registersApi.list(till.client, { per_page: 100 }), storesApi.names(till.client)]);
    return { registers, stores };
  }, []);
  if (loaded.data === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  const { registers, stores } = loaded.data;
  const storeName = (id: number): string => stores.find((store) => store.id === id)?.name ?? `Store ${id}`;
  return (
    <div class="manage-panel">
      <table id="registers-table" class="lines manage-table">
        <caption class="visually-hidden">Registers</caption>
        <TableHead columns={['ID', 'Name', 'Store', 'Status', 'Drawer']} />
        <tbody>
          {registers.map((register) => (
            <RegisterRow
              key={`${register.id}-${register.name}-${register.status}-${register.drawer_printer}-${register.drawer_pin}`}
              register={register}
              storeName={storeName(register.store_id)}
              onSaved={(saved) => {
                loaded.replace({ stores, registers: registers.map((item) => (item.id === saved.id ? saved : item)) });
              }}
            />
          ))}
        </tbody>
      </table>
      <NewRegister stores={stores} onCreated={() => void loaded.reload()} />
    </div>
  );
}
