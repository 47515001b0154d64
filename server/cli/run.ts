import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, defaultServeOptions, LOG_LEVELS, parseChoice, parseDuration, parseHostName, parseOrigin, parsePort, SECRET_STORE_CHOICES, type ServeOptions } from '../config.js';
import { DatabaseTooNewError } from '../data/database.js';
import { AdminError } from '../domain/user-admin.js';
import { KeychainUnavailableError } from '../secrets/secret-store.js';
import { openDataDirDatabase, startServer, userAdminFor } from '../start.js';
import { importCommand } from './import.js';

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** Exit codes: 0 done, 1 the command was refused (a user exists...), 2 bad usage or an unusable setup. */
const EXIT_REFUSED = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

const USAGE = `Usage: tillbase <command> [options]

Commands:
  serve [options]                         run the pos/v1 server
  users add --username U --role R [--email E] [--display-name N] --password-stdin
  users list
  users passwd USERNAME --password-stdin
  users remove USERNAME
  roles list
  roles grant ROLE CAPABILITY
  roles revoke ROLE CAPABILITY
  import products FILE.csv                create or update products by SKU from a WooCommerce product CSV export
  import taxes FILE.csv                   add tax rates from a WooCommerce tax-rate CSV

Every command takes --data-dir DIR (env TILLBASE_DATA_DIR).
serve options: --host, --port, --access-ttl, --refresh-ttl, --allowed-origin (repeatable),
  --allowed-host (repeatable), --secret-store auto|keychain|file|memory, --demo / --no-demo,
  --log-level fatal|error|warn|info|debug|trace|silent
`;

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(positionals === 0 ? `unexpected argument "${parsed.positionals[0] ?? ''}"` : `expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  }
  return parsed;
}

function dataDirOf(values: { 'data-dir'?: string | boolean | undefined }, env: NodeJS.ProcessEnv): string {
  const dir = values['data-dir'];
  return typeof dir === 'string' ? dir : defaultServeOptions({ ...env, TILLBASE_PORT: undefined }).dataDir;
}

async function readPassword(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  // One trailing newline is what `echo` and a terminal add; anything else is part of the password.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

function serveOptions(args: string[], env: NodeJS.ProcessEnv): ServeOptions {
  const { values } = parse(
    args,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      'access-ttl': { type: 'string' },
      'refresh-ttl': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'allowed-host': { type: 'string', multiple: true },
      'secret-store': { type: 'string' },
      demo: { type: 'boolean' },
      'no-demo': { type: 'boolean' },
      'log-level': { type: 'string' },
    },
    0,
  );
  if (values.demo && values['no-demo']) throw new ConfigError('--demo and --no-demo contradict each other');
  const defaults = defaultServeOptions(env);
  return {
    dataDir: dataDirOf(values, env),
    host: values.host ?? defaults.host,
    port: values.port === undefined ? defaults.port : parsePort(values.port),
    accessTtlSeconds: values['access-ttl'] === undefined ? defaults.accessTtlSeconds : parseDuration(values['access-ttl'], '--access-ttl'),
    refreshTtlSeconds: values['refresh-ttl'] === undefined ? defaults.refreshTtlSeconds : parseDuration(values['refresh-ttl'], '--refresh-ttl'),
    allowedOrigins: [...defaults.allowedOrigins, ...(values['allowed-origin'] ?? []).map(parseOrigin)],
    allowedHosts: [...defaults.allowedHosts, ...(values['allowed-host'] ?? []).map(parseHostName)],
    secretStore: values['secret-store'] === undefined ? defaults.secretStore : parseChoice(values['secret-store'], SECRET_STORE_CHOICES, '--secret-store'),
    demo: values.demo ? true : values['no-demo'] ? false : defaults.demo,
    logLevel: values['log-level'] === undefined ? defaults.logLevel : parseChoice(values['log-level'], LOG_LEVELS, '--log-level'),
  };
}

async function serve(args: string[], io: CliIo): Promise<number> {
  const options = serveOptions(args, io.env);
  // The handlers go in before anything starts: a supervisor may stop the server the instant it
  // reports ready (or while it starts), and Ctrl-C or SIGTERM must always close it cleanly.
  let requestStop = (): void => undefined;
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  process.once('SIGINT', requestStop);
  process.once('SIGTERM', requestStop);
  try {
    const server = await startServer(options, (line) => io.stdout.write(`${line}\n`));
    io.stdout.write(`Tillbase listening on ${server.apiUrl}\n`);
    await stopRequested;
    await server.close();
    return 0;
  } finally {
    process.off('SIGINT', requestStop);
    process.off('SIGTERM', requestStop);
  }
}

async function users(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'add': {
      const { values } = parse(rest, { username: { type: 'string' }, role: { type: 'string' }, email: { type: 'string' }, 'display-name': { type: 'string' }, 'password-stdin': { type: 'boolean' } }, 0);
      if (values.username === undefined || values.role === undefined) throw new UsageError('users add needs --username and --role');
      if (!values['password-stdin']) throw new UsageError('users add reads the password from standard input: pass --password-stdin');
      const password = await readPassword(io.stdin);
      return withAdmin(dataDirOf(values, io.env), async (admin) => {
        const user = await admin.addUser({ username: values.username ?? '', role: values.role ?? '', email: values.email, displayName: values['display-name'], password });
        io.stdout.write(`created user ${user.username} (id ${user.id}) with role ${values.role ?? ''}\n`);
      });
    }
    case 'list': {
      const { values } = parse(rest, { json: { type: 'boolean' } }, 0);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        const list = admin.listUsers();
        if (values.json) io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        else for (const user of list) io.stdout.write(`${String(user.id).padStart(4)}  ${user.username.padEnd(20)} ${user.roles.join(',').padEnd(16)} ${user.email}\n`);
      });
    }
    case 'passwd': {
      const { values, positionals } = parse(rest, { 'password-stdin': { type: 'boolean' } }, 1);
      if (!values['password-stdin']) throw new UsageError('users passwd reads the new password from standard input: pass --password-stdin');
      const password = await readPassword(io.stdin);
      return withAdmin(dataDirOf(values, io.env), async (admin) => {
        await admin.changePassword(positionals[0] ?? '', password);
        io.stdout.write(`password changed for ${positionals[0] ?? ''}; their sessions were ended\n`);
      });
    }
    case 'remove': {
      const { values, positionals } = parse(rest, {}, 1);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        admin.removeUser(positionals[0] ?? '');
        io.stdout.write(`removed user ${positionals[0] ?? ''}\n`);
      });
    }
    default:
      throw new UsageError(`unknown users command "${action ?? ''}" (add, list, passwd, remove)`);
  }
}

async function roles(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      const { values } = parse(rest, {}, 0);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        for (const role of admin.listRoles()) io.stdout.write(`${role.name}: ${role.capabilities.join(' ')}\n`);
      });
    }
    case 'grant':
    case 'revoke': {
      const { values, positionals } = parse(rest, {}, 2);
      const [role = '', capability = ''] = positionals;
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        const changed = action === 'grant' ? admin.grant(role, capability) : admin.revoke(role, capability);
        const verb = action === 'grant' ? 'granted to' : 'revoked from';
        io.stdout.write(changed ? `${capability} ${verb} ${role}\n` : `${role} ${action === 'grant' ? 'already has' : 'did not have'} ${capability}\n`);
      });
    }
    default:
      throw new UsageError(`unknown roles command "${action ?? ''}" (list, grant, revoke)`);
  }
}

async function withAdmin(dataDir: string, work: (admin: ReturnType<typeof userAdminFor>) => void | Promise<void>): Promise<number> {
  const db = openDataDirDatabase(dataDir);
  try {
    await work(userAdminFor(db));
    return 0;
  } finally {
    db.close();
  }
}

/** Runs one CLI command; returns the process exit code. Every failure is one line on standard error. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, io);
      case 'users':
        return await users(rest, io);
      case 'roles':
        return await roles(rest, io);
      case 'import':
        return await importCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout.write(USAGE);
        return command === undefined ? EXIT_USAGE : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof KeychainUnavailableError || error instanceof DatabaseTooNewError) {
      io.stderr.write(`tillbase: ${error.message}${error instanceof UsageError ? ' (see tillbase --help)' : ''}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof AdminError) {
      io.stderr.write(`tillbase: ${error.message}\n`);
      return EXIT_REFUSED;
    }
    io.stderr.write(`tillbase: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_REFUSED;
  }
}
