import type { Services } from '../composition.js';

/**
 * The demo store starts with its first register open (an empty drawer, opened by the demo cashier),
 * so a first sale needs no set-up even though the store requires an open session to take payment.
 */
export function openDemoRegister({ repositories, cashSessions }: Pick<Services, 'repositories' | 'cashSessions'>): void {
  const { registers, stores, users } = repositories;
  const register = registers.firstOfStore(stores.defaultStore().id);
  const cashier = users.findByUsername('cashier');
  if (!register || !cashier || registers.openSession(register.id)) return;
  cashSessions.open(
    register.id,
    { opening_float: '0.00', note: 'Demo store: opened on first start' },
    { userId: cashier.id, username: cashier.username, isManager: false },
  );
}
