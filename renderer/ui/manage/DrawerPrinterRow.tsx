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
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TextField } from '../kit/TextField.js';

const PINS: Choices = [
  ['2', 'Pin 2 (most drawers)'],
  ['5', 'Pin 5 (a second drawer)'],
];

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
          <TextField
            id={`${base}-printer`}
            label="Cash drawer printer"
            form={`${base}-form`}
            inputMode="url"
            value={value.printer}
            hint="The network receipt printer the drawer is plugged into, by its address and port (192.168.1.50:9100). Empty: the drawer opens with its key."
            error={props.printerError}
            onInput={(printer) => {
              props.onChange({ ...value, printer });
            }}
          />
          <SelectField
            id={`${base}-pin`}
            label="Drawer socket pin"
            form={`${base}-form`}
            value={String(value.pin)}
            options={PINS}
            onChange={(pin) => {
              props.onChange({ ...value, pin: pin === '5' ? 5 : 2 });
            }}
          />
          <button type="button" class="button button-quiet" disabled={testing} onClick={() => void test()}>
            {testing ? 'Opening…' : 'Test the drawer'}
          </button>
        </div>
      </td>
    </tr>
  );
}
