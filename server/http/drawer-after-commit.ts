import type { DrawerKick } from '../../shared/resources/registers.js';
import { commitGroupOf } from '../data/commit-group.js';
import type { LogsRepository } from '../data/repositories/logs.js';
import { DrawerKickFailed, parsePrinterAddress, printerLabel, sendDrawerPulse } from '../domain/registers/drawer-kick.js';
import type { RegisterRecord } from '../model/records/registers.js';
import type { AppContext } from './context.js';

/**
 * How long a pulse may take, connecting and writing. A printer on the shop's network answers in
 * milliseconds; one switched off answers never, and the no-sale waits for this at most.
 */
export const DRAWER_TIMEOUT_MS = 1500;

/** Why the drawer is being opened: what the log says. */
export type DrawerCause = 'no_sale' | 'sale' | 'refund' | 'test';

/**
 * Opens `register`'s drawer once what the request wrote is committed: a sale is on disk before its
 * drawer opens, and a request whose writes are lost (answered 503) opens nothing. Never rejects:
 * a printer that does not answer is logged and told in the outcome, and the sale stands.
 */
export function openDrawerAfterCommit(context: Pick<AppContext, 'db' | 'logger' | 'logs'>, register: RegisterRecord, cause: DrawerCause): Promise<DrawerKick> {
  const { db } = context;
  return new Promise((resolve) => {
    const kick = () => {
      void openDrawer(register, cause, context).then(resolve);
    };
    const group = commitGroupOf(db);
    if (group === undefined) {
      kick();
      return;
    }
    group.whenCommitted((lost) => {
      if (lost === undefined) kick();
      else
        resolve({
          opened: false,
          printer: register.drawer_printer === '' ? null : register.drawer_printer,
          message: 'The drawer did not open: nothing was saved.',
        });
    });
  });
}

async function openDrawer(register: RegisterRecord, cause: DrawerCause, log: { logger: AppContext['logger']; logs: LogsRepository }): Promise<DrawerKick> {
  const address = register.drawer_printer === '' ? undefined : parsePrinterAddress(register.drawer_printer);
  if (address === undefined) {
    return { opened: false, printer: null, message: `${register.name} has no drawer printer set: open the drawer with its key.` };
  }
  const printer = printerLabel(address);
  try {
    await sendDrawerPulse(address, register.drawer_pin, DRAWER_TIMEOUT_MS);
    return { opened: true, printer, message: 'The drawer is open.' };
  } catch (error) {
    const message = error instanceof DrawerKickFailed ? error.message : `The drawer did not open: the printer at ${printer} could not be reached.`;
    // The managers' log (Settings → Logs) as well as the server's: a sale's answer did not wait to tell the till.
    const fields = { register_id: register.id, printer, cause };
    log.logger.warn(fields, 'the cash drawer did not open: its printer did not answer');
    log.logs.add({ level: 'warning', source: 'drawer', message: `${register.name}: ${message}`, context: fields });
    return { opened: false, printer, message };
  }
}
