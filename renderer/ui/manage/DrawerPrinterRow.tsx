/**
 * The second row of a register in the Registers screen: the receipt printer its cash drawer is
 * wired to, the drawer's pin, and a button that opens the drawer to try them. The fields belong to
 * the register's own form, so its Save saves them with the name and status.
 */
import { useState } from 'preact/hooks';
import type { Register } from '../../../shared/resources/registers.js';
import * as registersApi from '../../api/registers.js';
import { useTill } from '../context.js';
import { failWithReason } from './api.js';
import { FieldMessage } from '../kit/Field.js';

export interface DrawerPrinterValue {
  printer: string;
  pin: Register['drawer_pin'];
}

export function DrawerPrinterRow(props: {
  register: Register;
  value: DrawerPrinterValue;
  onChange: (value: DrawerPrinterValue) => void;
  printerError: string | null;
  columns: number;
}) {
  const { till } = useTill();
  const { register, value } = props;
  const [testing, setTesting] = useState(false);
  const base = `register-${register.id}`;
  const test = async (): Promise<void> => {
    if (value.printer.trim() !== register.drawer_printer || value.pin !== register.drawer_pin) {
      till.info('Save the printer first: the test opens the drawer with the saved one.');
      return;
    }
    if (register.drawer_printer === '') {
      till.info(`${register.name} has no drawer printer: type its address and save.`);
      return;
    }
    setTesting(true);
    try {
      const kick = await registersApi.testDrawer(till.client, register.id);
      till.state.set({ status: { kind: kick.opened ? 'info' : 'error', message: kick.message } });
    } catch (error) {
      failWithReason(till, error);
    } finally {
      setTesting(false);
    }
  };
  return (
    <tr class="register-drawer-row">
      <td />
      <td colSpan={props.columns - 1}>
        <div class="manage-inline">
          <div class="manage-field">
            <label for={`${base}-printer`}>Cash drawer printer</label>
            <input
              id={`${base}-printer`}
              form={`${base}-form`}
              type="text"
              inputMode="url"
              value={value.printer}
              aria-invalid={props.printerError === null ? undefined : 'true'}
              aria-describedby={`${base}-printer-hint${props.printerError === null ? '' : ` ${base}-printer-error`}`}
              onInput={(event) => {
                props.onChange({ ...value, printer: event.currentTarget.value });
              }}
            />
            <small id={`${base}-printer-hint`}>
              The network receipt printer the drawer is plugged into, by its address and port (192.168.1.50:9100). Empty: the drawer opens with its key.
            </small>
            <FieldMessage id={`${base}-printer`} message={props.printerError} />
          </div>
          <div class="manage-field">
            <label for={`${base}-pin`}>Drawer socket pin</label>
            <select
              id={`${base}-pin`}
              form={`${base}-form`}
              value={String(value.pin)}
              onChange={(event) => {
                props.onChange({ ...value, pin: event.currentTarget.value === '5' ? 5 : 2 });
              }}
            >
              <option value="2">Pin 2 (most drawers)</option>
              <option value="5">Pin 5 (a second drawer)</option>
            </select>
          </div>
          <button type="button" class="button button-quiet" disabled={testing} onClick={() => void test()}>
            {testing ? 'Opening…' : 'Test the drawer'}
          </button>
        </div>
      </td>
    </tr>
  );
}
