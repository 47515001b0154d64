import type { Database } from '../data/database.js';
import { RegistersRepository } from '../data/repositories/registers.js';
import { StoresRepository } from '../data/repositories/stores.js';
import { UsersRepository } from '../data/repositories/users.js';
import { CashSessions } from '../domain/registers/sessions.js';

/**
 * The demo store starts with its first register open (an empty drawer, opened by the demo cashier),
 * so a first sale needs no set-up even though the store requires an open session to take payment.
 */
export function openDemoRegister(db: Database): void {
  const register = new RegistersRepository(db).firstOfStore(new StoresRepository(db).defaultStore().id);
  const cashier = new UsersRepository(db).findByUsername('cashier');
  if (!register || !cashier || new RegistersRepository(db).openSession(register.id)) return;
  new CashSessions(db).open(register.id, { opening_float: '0.00', note: 'Demo store: opened on first start' }, { userId: cashier.id, username: cashier.username, isManager: false });
}
