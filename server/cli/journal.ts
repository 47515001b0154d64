import { createServices } from '../composition.js';
import { openDataDirDatabase } from '../start.js';
import { dataDirOf, EXIT_REFUSED, existingDataDir, parse, UsageError, type CliIo } from './args.js';

/**
 * `tillbase journal verify`: checks every register's chain in the sales journal. Exits 0 when it
 * holds, 1 naming the first broken entry (by its id, register and sequence), 2 for bad usage.
 */
export function journalCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'verify')
    throw new UsageError(action === undefined ? 'journal needs a command: verify' : `unknown journal command "${action}" (verify)`, 'journal');
  const { values } = parse('journal verify', rest, {}, 0);
  const db = openDataDirDatabase(existingDataDir(dataDirOf(values, io.env)));
  try {
    const result = createServices(db).journal.verify();
    if (result.ok) {
      io.stdout.write(`journal verified: ${result.entries} entries in ${result.registers} register(s), every chain holds\n`);
      return Promise.resolve(0);
    }
    const { broken } = result;
    io.stderr.write(
      `tillbase: journal broken at entry ${broken.id} (register ${broken.register_id}, sequence ${broken.sequence}, ${broken.kind}): ${result.reason}\n`,
    );
    return Promise.resolve(EXIT_REFUSED);
  } finally {
    db.close();
  }
}
