/** Registers (`/registers`): each till's name and status, whether its drawer is open, and a new one. */
import { useState } from 'preact/hooks';
import type { Register } from '../../../shared/resources/registers.js';
import type { StoreResource } from '../../../shared/resources/stores.js';
import * as registersApi from '../../api/registers.js';
import * as storesApi from '../../api/stores.js';
import { formatDateTime } from '../../format.js';
import { useTill } from '../context.js';
import { errorFor, runSave, useLoaded, type FieldErrors } from './api.js';
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TextField } from '../kit/TextField.js';
import { DrawerPrinterRow, type DrawerPrinterValue } from './DrawerPrinterRow.js';
import { TableHead } from '../kit/TableHead.js';

/** The registers table's columns: the drawer printer's row spans them. */
const COLUMNS = 6;

type StoreName = Pick<StoreResource, 'id' | 'name'>;

const STATUSES: Choices = [
  ['active', 'Active'],
  ['disabled', 'Disabled'],
];

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
          <TextField
            bare
            labelHidden
            id={`${base}-name`}
            label={`Name of register ${register.id}`}
            form={`${base}-form`}
            value={name}
            error={nameError}
            onInput={setName}
          />
        </td>
        <td>{props.storeName}</td>
        <td>
          <SelectField
            bare
            labelHidden
            id={`${base}-status`}
            label={`Status of register ${register.id}`}
            form={`${base}-form`}
            value={status}
            options={STATUSES}
            error={statusError}
            onChange={(value) => {
              setStatus(value as Register['status']);
            }}
          />
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
      <TextField id="new-register-name" label="New register’s name" value={name} error={nameError} onInput={setName} />
      <SelectField
        id="new-register-store"
        label="In store"
        value={storeId}
        options={[['', 'The default store'], ...props.stores.map((store) => [String(store.id), store.name] as const)]}
        error={errorFor(errors, 'store_id')}
        onChange={setStoreId}
      />
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
