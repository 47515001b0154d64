import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoleName } from '../../shared/access.js';
import { generatePassword } from '../domain/auth/passwords.js';
import type { UserAdmin } from '../domain/user-admin.js';

export const CREDENTIALS_FILE = 'first-run-credentials.txt';

const DEMO_USERS: ReadonlyArray<{ username: string; role: RoleName; displayName: string }> = [
  { username: 'admin', role: 'administrator', displayName: 'Ada Admin' },
  { username: 'manager', role: 'shop_manager', displayName: 'Max Manager' },
  { username: 'cashier', role: 'cashier', displayName: 'Cara Cashier' },
];

/**
 * Creates the three demo users with random passwords and writes them, once, to
 * DATA_DIR/first-run-credentials.txt (mode 0600). Returns the lines to show the person starting it.
 */
export async function createDemoUsers(admin: UserAdmin, dataDir: string): Promise<string[]> {
  const lines: string[] = [];
  for (const user of DEMO_USERS) {
    const password = generatePassword();
    await admin.addUser({ username: user.username, role: user.role, displayName: user.displayName, password });
    lines.push(`${user.username.padEnd(8)} ${user.role.padEnd(13)} ${password}`);
  }
  const file = join(dataDir, CREDENTIALS_FILE);
  writeFileSync(
    file,
    `Tillbase demo users (username, role, password). Change them with: tillbase users passwd USERNAME --password-stdin\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  return [`Demo users created; their passwords are also in ${file}:`, ...lines];
}
