import { ConfigError } from '../config.js';
import { DatabaseTooNewError } from '../data/database.js';
import { DataDirInUseError } from '../data/server-lock.js';
import { ApiError } from '../domain/errors.js';
import { AdminError } from '../domain/user-admin.js';
import { KeychainUnavailableError } from '../secrets/secret-store.js';
import { dataDirIn, EXIT_REFUSED, EXIT_USAGE, existingDataDir, UsageError, type CliIo } from './args.js';
import { helpText } from './help.js';
import { tillbaseVersion } from '../version.js';

export type { CliIo } from './args.js';

type Command = (args: string[], io: CliIo) => Promise<number>;

/**
 * Each command's module loads only when it runs: the server's modules take most of a second to load
 * on a small till, which `--help`, `--version` and a mistyped command should not pay.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.js')).serveCommand,
  users: async () => (await import('./admin.js')).usersCommand,
  roles: async () => (await import('./admin.js')).rolesCommand,
  import: async () => {
    const { importCommand } = await import('./import.js');
    // import parses its own flags; the check that the database exists comes first, so it never creates one.
    return (args, io) => {
      if (args[0] === 'products' || args[0] === 'taxes') existingDataDir(dataDirIn(args.slice(1), io.env));
      return importCommand(args, io);
    };
  },
  journal: async () => (await import('./journal.js')).journalCommand,
  backup: async () => (await import('./backup.js')).backupCommand,
  restore: async () => (await import('./backup.js')).restoreCommand,
  sync: async () => (await import('./sync.js')).syncCommand,
  peers: async () => (await import('./peers.js')).peersCommand,
};

/** The commands `tillbase` dispatches: its help lists each of them. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** Help wins over everything else on the line, so that asking for it never starts, creates or changes anything. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

function commandWords(args: readonly string[]): string[] {
  const words: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-')) break;
    words.push(arg);
  }
  return words;
}

async function dispatch(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--version' || command === '-v') {
    io.stdout.write(`tillbase ${tillbaseVersion()}\n`);
    return 0;
  }
  if (command === 'help') {
    io.stdout.write(helpText(commandWords(rest)));
    return 0;
  }
  if (asksForHelp(args)) {
    io.stdout.write(helpText(commandWords(args)));
    return 0;
  }
  if (command === undefined) {
    io.stderr.write(helpText([]));
    return EXIT_USAGE;
  }
  const load = COMMANDS[command];
  if (load === undefined) throw new UsageError(command.startsWith('-') ? `unknown option "${command}"` : `unknown command "${command}"`);
  return (await load())(rest, io);
}

/** Runs one CLI command; returns the process exit code. Every failure is one line on standard error. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`tillbase: ${error.message} (${error.hint})\n`);
      return EXIT_USAGE;
    }
    if (
      error instanceof ConfigError ||
      error instanceof KeychainUnavailableError ||
      error instanceof DatabaseTooNewError ||
      error instanceof DataDirInUseError
    ) {
      io.stderr.write(`tillbase: ${error.message}\n`);
      return EXIT_USAGE;
    }
    // A service's refusal (an import while WooCommerce masters the catalogue, say): its message is written for people.
    if (error instanceof AdminError || error instanceof ApiError) {
      io.stderr.write(`tillbase: ${error.message}\n`);
      return EXIT_REFUSED;
    }
    io.stderr.write(`tillbase: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_REFUSED;
  }
}
