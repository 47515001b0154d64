/**
 * Users (`GET/POST/PATCH /users`): add one, and for each a role, a password reset (which ends their
 * sessions), a PIN for quick switching, and disabling. The server refuses what the manager may not
 * grant; its messages are shown next to the fields.
 */
import { useState } from 'preact/hooks';
import type { ManagedRole, ManagedUser } from '../../../shared/api.js';
import * as usersApi from '../../api/users.js';
import { useTill } from '../context.js';
import { errorFor, runSave, useLoaded, type FieldErrors } from './api.js';
import { CheckField } from '../kit/Field.js';
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TextField } from '../kit/TextField.js';
import { TableHead } from '../kit/TableHead.js';

type Values = Record<string, string | boolean>;

interface InputSpec {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'checkbox' | 'role';
  help?: string;
}

function Inputs(props: {
  formId: string;
  specs: readonly InputSpec[];
  values: Values;
  roles: readonly ManagedRole[];
  errors: FieldErrors;
  onChange: (values: Values) => void;
}) {
  const roles: Choices = props.roles.map((role) => [role.name, role.label]);
  return (
    <>
      {props.specs.map((spec) => {
        const id = `${props.formId}-${spec.name}`;
        const value = props.values[spec.name];
        const field = { key: spec.name, id, label: spec.label, hint: spec.help, error: errorFor(props.errors, spec.name) };
        const change = (next: string | boolean): void => {
          props.onChange({ ...props.values, [spec.name]: next });
        };
        if (spec.type === 'checkbox') return <CheckField {...field} checked={value === true} onChange={change} />;
        const text = typeof value === 'string' ? value : '';
        if (spec.type === 'role') return <SelectField {...field} value={text} options={roles} onChange={change} />;
        return (
          <TextField {...field} type={spec.type ?? 'text'} autoComplete={spec.type === 'password' ? 'new-password' : 'off'} value={text} onInput={change} />
        );
      })}
    </>
  );
}

const NEW_USER: readonly InputSpec[] = [
  { name: 'username', label: 'Username' },
  { name: 'display_name', label: 'Name shown at the till' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'password', label: 'Password', type: 'password' },
  { name: 'role', label: 'Role', type: 'role' },
  { name: 'pin', label: 'PIN (optional)', type: 'password', help: 'Digits only; used to switch to this user quickly.' },
];

const EDIT_USER: readonly InputSpec[] = [
  { name: 'display_name', label: 'Name shown at the till' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'role', label: 'Role', type: 'role' },
  { name: 'password', label: 'New password', type: 'password', help: 'Leave empty to keep it. A new password ends the user’s sessions.' },
  { name: 'pin', label: 'New PIN', type: 'password', help: 'Leave empty to keep it.' },
  { name: 'remove_pin', label: 'Remove the PIN', type: 'checkbox' },
  { name: 'disabled', label: 'Disabled (cannot log in)', type: 'checkbox' },
];

function AddUser(props: { roles: readonly ManagedRole[]; onAdded: () => void }) {
  const { till } = useTill();
  const empty: Values = { username: '', display_name: '', email: '', password: '', role: 'cashier', pin: '' };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = async (event: Event): Promise<void> => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) if (value !== '') body[name] = value;
    const saved = await runSave(
      till,
      async () => {
        await usersApi.create(till.client, body);
      },
      { done: `User ${String(values.username)} is added.`, onFieldErrors: setErrors },
    );
    if (saved) {
      setValues(empty);
      props.onAdded();
    }
  };
  return (
    <form id="add-user" class="card manage-form" aria-label="Add a user" noValidate onSubmit={(event) => void add(event)}>
      <h2>Add a user</h2>
      <Inputs formId="add-user" specs={NEW_USER} values={values} roles={props.roles} errors={errors} onChange={setValues} />
      <div class="manage-actions">
        <button type="submit" class="button button-primary">
          Add user
        </button>
      </div>
    </form>
  );
}

function EditUser(props: { user: ManagedUser; roles: readonly ManagedRole[]; onSaved: () => void; onClose: () => void }) {
  const { till } = useTill();
  const { user } = props;
  const start: Values = {
    display_name: user.display_name,
    email: user.email,
    role: user.roles[0] ?? '',
    password: '',
    pin: '',
    remove_pin: false,
    disabled: user.disabled,
  };
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    const patch: Record<string, unknown> = {};
    for (const name of ['display_name', 'email', 'role', 'disabled'] as const) if (values[name] !== start[name]) patch[name] = values[name];
    if (values.password !== '') patch.password = values.password;
    if (values.pin !== '') patch.pin = values.pin;
    else if (values.remove_pin === true) patch.pin = null;
    if (Object.keys(patch).length === 0) {
      till.info('Nothing to save: no field was changed.');
      return;
    }
    const saved = await runSave(
      till,
      async () => {
        await usersApi.update(till.client, user.id, patch);
      },
      { done: `User ${user.username} is saved.`, onFieldErrors: setErrors },
    );
    if (saved) props.onSaved();
  };
  return (
    <form id="edit-user" class="card manage-form" aria-label={`Change user ${user.username}`} noValidate onSubmit={(event) => void save(event)}>
      <h2>{`Change ${user.username}`}</h2>
      <Inputs formId="edit-user" specs={EDIT_USER} values={values} roles={props.roles} errors={errors} onChange={setValues} />
      <div class="manage-actions">
        <button type="button" class="button button-quiet" onClick={props.onClose}>
          Close
        </button>
        <button type="submit" class="button button-primary">
          Save user
        </button>
      </div>
    </form>
  );
}

export function UsersScreen() {
  const { till } = useTill();
  const loaded = useLoaded(async () => {
    const [users, roles] = await Promise.all([usersApi.list(till.client), usersApi.roles(till.client)]);
    return { users, roles };
  }, []);
  const [editing, setEditing] = useState<number | null>(null);
  if (loaded.data === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  const { users, roles } = loaded.data;
  const roleLabel = (name: string): string => roles.find((role) => role.name === name)?.label ?? name;
  const edited = users.find((user) => user.id === editing);
  return (
    <div class="manage-columns">
      <table id="users-table" class="lines manage-table">
        <caption class="visually-hidden">Users</caption>
        <TableHead columns={['User', 'Role', 'PIN', 'Status']} />
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <strong>{user.display_name}</strong> <span class="hint">{user.username}</span>
              </td>
              <td>{user.roles.map(roleLabel).join(', ')}</td>
              <td>{user.has_pin ? 'Set' : '—'}</td>
              <td>{user.disabled ? 'Disabled' : 'Active'}</td>
              <td>
                <button
                  type="button"
                  class="button button-small"
                  aria-label={`Change ${user.username}`}
                  onClick={() => {
                    setEditing(user.id);
                  }}
                >
                  Change
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {edited === undefined ? (
        <AddUser roles={roles} onAdded={() => void loaded.reload()} />
      ) : (
        <EditUser
          key={edited.id}
          user={edited}
          roles={roles}
          onSaved={() => {
            setEditing(null);
            void loaded.reload();
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
