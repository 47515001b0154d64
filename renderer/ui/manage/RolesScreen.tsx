/**
 * Roles and their capabilities (`GET /roles`, `PATCH /roles/{role}`). A change applies to the
 * role's users from their next request; the server refuses granting what the manager lacks.
 */
import { useState } from 'preact/hooks';
import { CAPABILITIES } from '../../../shared/access.js';
import type { ManagedRole } from '../../../shared/api.js';
import * as usersApi from '../../api/users.js';
import { useTill } from '../context.js';
import { errorFor, runSave, useLoaded, type FieldErrors } from './api.js';
import { FieldMessage } from '../kit/Field.js';

const CAPABILITY_TEXT: Readonly<Record<string, string>> = {
  access_pos: 'Use the till',
  read_products: 'See products',
  read_coupons: 'See coupons',
  read_orders: 'See orders',
  create_orders: 'Create orders',
  edit_orders: 'Change orders',
  refund_orders: 'Refund orders',
  list_customers: 'See customers',
  create_customers: 'Add customers',
  edit_customers: 'Change customers',
  handle_cash: 'Handle the cash drawer',
  manage_pos: 'Manage the till (settings, users, logs)',
  manage_stores: 'Manage stores and registers',
  manage_products: 'Change the catalogue',
  manage_sync: 'Manage the sync with WooCommerce',
  install_plugins: 'Install extensions',
};

function RoleForm(props: { role: ManagedRole; onSaved: (role: ManagedRole) => void }) {
  const { till } = useTill();
  const { role } = props;
  const [chosen, setChosen] = useState<string[]>(role.capabilities);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formId = `role-${role.name}`;
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    await runSave(
      till,
      async () => {
        props.onSaved(await usersApi.updateRole(till.client, role.name, chosen));
      },
      { done: `Role ${role.label}: saved. Its users have the new capabilities from their next request.`, onFieldErrors: setErrors },
    );
  };
  const message = errorFor(errors, 'capabilities');
  return (
    <form id={formId} class="card manage-form" aria-label={`Role ${role.label}`} noValidate onSubmit={(event) => void save(event)}>
      <fieldset class="manage-fieldset manage-capabilities" aria-describedby={message === null ? undefined : `${formId}-capabilities-error`}>
        <legend>{role.label}</legend>
        {CAPABILITIES.map((capability) => (
          <label key={capability} class="check" title={capability}>
            <input
              type="checkbox"
              name={capability}
              checked={chosen.includes(capability)}
              onChange={(event) => {
                setChosen(event.currentTarget.checked ? [...chosen, capability] : chosen.filter((item) => item !== capability));
              }}
            />
            {` ${CAPABILITY_TEXT[capability] ?? capability}`}
          </label>
        ))}
        <FieldMessage id={`${formId}-capabilities`} message={message} />
      </fieldset>
      <div class="manage-actions">
        <button type="submit" class="button button-primary" aria-label={`Save role ${role.label}`}>
          Save role
        </button>
      </div>
    </form>
  );
}

export function RolesScreen() {
  const { till } = useTill();
  const loaded = useLoaded(() => usersApi.roles(till.client), []);
  if (loaded.data === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  const roles = loaded.data;
  return (
    <div class="manage-roles">
      {roles.map((role) => (
        <RoleForm
          key={`${role.name}:${role.capabilities.join(',')}`}
          role={role}
          onSaved={(saved) => {
            loaded.replace(roles.map((item) => (item.name === saved.name ? saved : item)));
          }}
        />
      ))}
    </div>
  );
}
