import { UsageError } from './args.js';
import { PEERS_HELP, PEERS_SUMMARY } from './peers-help.js';
import { SYNC_STATUS_HELP, SYNC_VERIFY_HELP } from './sync-report.js';

/** One command's help: what `tillbase COMMAND --help` and `tillbase help COMMAND` print. */
interface HelpTopic {
  usage: string[];
  summary: string;
  options?: Array<[string, string]>;
  env?: Array<[string, string]>;
  examples: string[];
  commands?: Record<string, HelpTopic>;
}

const DATA_DIR_OPTION: [string, string] = ['--data-dir DIR', 'the data directory (default: $XDG_DATA_HOME/tillbase or ~/.local/share/tillbase on Linux)'];
const HELP_OPTION: [string, string] = ['-h, --help', 'print this help and exit'];
const DATA_DIR_ENV: [string, string] = ['TILLBASE_DATA_DIR', 'the data directory when --data-dir is not given'];
const EXISTING_DATABASE = 'It works on the database an earlier `tillbase serve` created, and refuses a directory without one.';

function command(usage: string, summary: string, examples: string[], options: Array<[string, string]> = []): HelpTopic {
  return { usage: [usage], summary, options: [...options, DATA_DIR_OPTION, HELP_OPTION], env: [DATA_DIR_ENV], examples };
}

function group(name: string, summary: string, commands: Record<string, HelpTopic>): HelpTopic {
  const subcommands = Object.values(commands);
  return {
    usage: subcommands.flatMap((topic) => topic.usage),
    summary: `${summary} Run \`tillbase ${name} COMMAND --help\` for one command's options.`,
    options: [DATA_DIR_OPTION, HELP_OPTION],
    env: [DATA_DIR_ENV],
    examples: subcommands.map((topic) => topic.examples[0] ?? ''),
    commands,
  };
}

const SERVE: HelpTopic = {
  usage: ['tillbase serve [options]'],
  summary:
    'Run the pos/v1 server on the data directory, creating and migrating its database as needed. One server per data directory: ' +
    'a second one exits with code 2 naming the first. The browser UI is at the server root (http://127.0.0.1:8787/ by default). ' +
    "On an address that is not loopback (--host 0.0.0.0) it serves HTTPS with the till's certificate from the shop CA, never plain HTTP. " +
    'Ctrl-C or SIGTERM stops it cleanly.',
  options: [
    ['--host HOST', 'the address to listen on (default 127.0.0.1)'],
    ['--port PORT', 'the port; 0 picks a free one (default 8787)'],
    ['--access-ttl DURATION', 'access token lifetime: 90s, 30m, 12h, 30d (default 30m)'],
    ['--refresh-ttl DURATION', 'refresh token lifetime (default 30d)'],
    ['--allowed-origin URL', 'a browser origin allowed to call the API (repeatable)'],
    ['--allowed-host NAME', 'a Host name accepted besides loopback names (repeatable)'],
    ['--secret-store STORE', 'auto, keychain, file or memory (default auto)'],
    ['--demo, --no-demo', 'seed (or not) the demo store; by default only into an empty database'],
    ['--log-level LEVEL', 'fatal, error, warn, info, debug, trace or silent (default info)'],
    ['--refresh-rotation on|off', 'off: a refresh keeps the same refresh token, for clients that store only the access token (default on)'],
    [
      '--lan-port PORT',
      "the tills' mutual-TLS listener, for paired tills only; pairing listens on PORT + 1 (both ephemeral with 0). Without it the till is alone",
    ],
    ['--lan-host ADDR', "the address the tills' listeners bind (default 0.0.0.0)"],
    ['--lan-advertise HOST:PORT', 'where the other tills reach this one, when a forwarder or NAT is in between'],
    DATA_DIR_OPTION,
    HELP_OPTION,
  ],
  env: [
    ['TILLBASE_HOST, TILLBASE_PORT', 'defaults for --host and --port'],
    ['TILLBASE_ACCESS_TTL, TILLBASE_REFRESH_TTL', 'defaults for the token lifetimes'],
    ['TILLBASE_ALLOWED_ORIGINS, TILLBASE_ALLOWED_HOSTS', 'comma-separated lists added to the flags'],
    ['TILLBASE_SECRET_STORE, TILLBASE_DEMO, TILLBASE_LOG_LEVEL', 'defaults for the other flags'],
    DATA_DIR_ENV,
  ],
  examples: ['tillbase serve --port 8787 --data-dir /srv/till-1'],
};

const USERS = group('users', `Manage the people who log in. ${EXISTING_DATABASE}`, {
  add: command(
    'tillbase users add --username U --role R [--email E] [--display-name N] --password-stdin',
    `Create a user with one role (administrator, shop_manager or cashier). The password (8 characters or more) is read from standard input, never from the command line. ${EXISTING_DATABASE}`,
    ['printf \'%s\\n\' "$PASSWORD" | tillbase users add --username sam --role cashier --password-stdin'],
    [
      ['--username U', 'the login name (required)'],
      ['--role R', 'administrator, shop_manager or cashier (required)'],
      ['--email E', 'an email address'],
      ['--display-name N', 'the name shown in the till'],
      ['--password-stdin', 'read the password from standard input (required)'],
    ],
  ),
  list: command(
    'tillbase users list [--json]',
    `List users and their roles. ${EXISTING_DATABASE}`,
    ['tillbase users list --json'],
    [['--json', 'print JSON instead of a table']],
  ),
  passwd: command(
    'tillbase users passwd USERNAME --password-stdin',
    `Set a new password, read from standard input; the user's sessions end at once. ${EXISTING_DATABASE}`,
    ['printf \'%s\\n\' "$PASSWORD" | tillbase users passwd sam --password-stdin'],
    [['--password-stdin', 'read the new password from standard input (required)']],
  ),
  remove: command('tillbase users remove USERNAME', `Remove a user; their tokens stop working at once. ${EXISTING_DATABASE}`, ['tillbase users remove sam']),
});

const ROLES = group('roles', `Show and change what each role may do; a change applies to the next request, without a restart. ${EXISTING_DATABASE}`, {
  list: command('tillbase roles list', `Print each role and its capabilities. ${EXISTING_DATABASE}`, ['tillbase roles list']),
  grant: command('tillbase roles grant ROLE CAPABILITY', `Give a role a capability. ${EXISTING_DATABASE}`, ['tillbase roles grant cashier manage_pos']),
  revoke: command('tillbase roles revoke ROLE CAPABILITY', `Take a capability from a role. ${EXISTING_DATABASE}`, [
    'tillbase roles revoke cashier list_customers',
  ]),
});

const IMPORT = group('import', `Import a WooCommerce CSV export in one transaction: a failure leaves the database as it was. ${EXISTING_DATABASE}`, {
  products: command(
    'tillbase import products FILE.csv [--stock set|add]',
    `Create or update products and variations by SKU from WooCommerce's product CSV export (Products → Export). ${EXISTING_DATABASE}`,
    ['tillbase import products wc-product-export.csv', 'tillbase import products delivery.csv --stock add'],
    [
      [
        '--stock set|add',
        "what the Stock column does: set (the default) makes it the product's stock; add adds it to the stock there is, recorded in the stock ledger as received (a delivery)",
      ],
    ],
  ),
  taxes: command(
    'tillbase import taxes FILE.csv',
    `Add tax rates from WooCommerce's tax-rate CSV (Settings → Tax → a class → Export CSV); a rate already stored is not added twice. ${EXISTING_DATABASE}`,
    ['tillbase import taxes tax_rates.csv'],
  ),
});

const JOURNAL = group(
  'journal',
  `The sales journal: one hash-chained entry per paid order, refund and Z closure, numbered without gaps per register. ${EXISTING_DATABASE}`,
  {
    verify: command(
      'tillbase journal verify',
      `Check every register's chain: entries numbered 1, 2, 3... without a gap, each chained to the previous entry's hash, each hash matching what the entry holds. Exits 0 when it holds, 1 naming the first broken entry. ${EXISTING_DATABASE}`,
      ['tillbase journal verify --data-dir /srv/till-1'],
    ),
  },
);

const BACKUP = command(
  'tillbase backup FILE [--force]',
  "Copy the database into FILE (mode 0600) with SQLite's online backup: consistent, and safe while the server runs and sells. " +
    'Prints the size and schema version of the copy. Refuses to replace an existing FILE without --force.',
  ['tillbase backup /media/usb/till-$(date +%F).db'],
  [['--force', 'replace FILE if it exists']],
);

const RESTORE = command(
  'tillbase restore FILE [--export UNSENT.json --force]',
  "Replace the database with FILE, a backup. FILE must pass SQLite's integrity check, hold Tillbase's tables and have a schema " +
    'no newer than this Tillbase (an older one is migrated at the next start). Refused while a server uses the data directory: stop it first. ' +
    'Refused while sales, refunds, customers or stock changes of the current database are not in WooCommerce yet, unless they are ' +
    'exported with --export and --force is given. ' +
    'The replaced database is kept beside it as tillbase.db.before-restore-TIMESTAMP. A new data directory is created if needed.',
  ['tillbase restore /media/usb/till-2025-01-31.db'],
  [
    ['--export FILE', "write the current database's entries not yet in WooCommerce to FILE (JSON, mode 0600)"],
    ['--force', 'restore although entries are not in WooCommerce yet (with --export)'],
  ],
);

const SECRET_STORE_OPTION: [string, string] = [
  '--secret-store STORE',
  'where the consumer secret is kept: auto, keychain or file, the store the server uses (default $TILLBASE_SECRET_STORE, else auto)',
];

const SYNC = group(
  'sync',
  `The link with the shop's WooCommerce: its catalogue comes down, the till's sales, refunds, customers and stock changes go up. ${EXISTING_DATABASE}`,
  {
    connect: command(
      'tillbase sync connect --url URL --consumer-key KEY --consumer-secret-stdin [--secret-store STORE]',
      'Connect the till to WooCommerce with a REST API key (WooCommerce → Settings → Advanced → REST API, permissions Read/Write). The key is checked at once: ' +
        'a read, and a create WooCommerce must refuse, so nothing is made in the shop. Over https:// the key goes as HTTP Basic; over plain http:// requests ' +
        "are signed with OAuth 1.0a, for which URL must be the shop's home URL (WordPress → Settings → General → Site Address), with a warning unless the " +
        'address is loopback or private. The secret, read from standard input, goes to the secret store, never to the database. Then the whole catalogue is ' +
        'pulled, with progress on standard error and what changed on standard output. A server running on the data directory takes the connection at its next cycle.',
      ['printf \'%s\\n\' "$WC_SECRET" | tillbase sync connect --url https://shop.example --consumer-key ck_... --consumer-secret-stdin'],
      [
        ['--url URL', "the shop's home URL (required)"],
        ['--consumer-key KEY', 'the key, ck_... (required)'],
        ['--consumer-secret-stdin', 'read the secret, cs_..., from standard input (required)'],
        SECRET_STORE_OPTION,
      ],
    ),
    disconnect: command(
      'tillbase sync disconnect [--export FILE [--force]] [--secret-store STORE]',
      'End the connection: the key is forgotten and nothing more is queued for WooCommerce. Refused while sales, refunds, customers or stock changes have not ' +
        'reached WooCommerce, unless --force, which needs --export FILE: the unsent entries are written there as JSON, then marked handled. ' +
        EXISTING_DATABASE,
      ['tillbase sync disconnect --export unsent.json --force'],
      [
        ['--export FILE', 'write the unsent entries to FILE as JSON (mode 0600)'],
        ['--force', 'disconnect even with unsent entries (needs --export)'],
        SECRET_STORE_OPTION,
      ],
    ),
    resume: command(
      'tillbase sync resume [--secret-store STORE]',
      'Sending to WooCommerce stops when WooCommerce refuses the key (a 401 or 403). Once the key works again in the shop, this checks the saved key as ' +
        'connect does (a read, and a create WooCommerce must refuse) and, when it is accepted, sending goes on with the connection as it was, its settings ' +
        'kept. A key still refused exits 1 with WooCommerce’s reason: then connect again with a new key. ' +
        EXISTING_DATABASE,
      ['tillbase sync resume --secret-store file'],
      [SECRET_STORE_OPTION],
    ),
    pull: command(
      'tillbase sync pull [--full] [--secret-store STORE]',
      "Pull the catalogue's changes from WooCommerce now (by modified_after, then an audit of what was deleted), wait for the pull, and print what changed " +
        `per resource. The server pulls on its own every interval (60 s by default). ${EXISTING_DATABASE}`,
      ['tillbase sync pull'],
      [['--full', 'read the whole catalogue, not only what changed'], SECRET_STORE_OPTION],
    ),
    status: command(SYNC_STATUS_HELP.usage, SYNC_STATUS_HELP.summary, SYNC_STATUS_HELP.examples, SYNC_STATUS_HELP.options),
    verify: command(SYNC_VERIFY_HELP.usage, SYNC_VERIFY_HELP.summary, SYNC_VERIFY_HELP.examples, SYNC_VERIFY_HELP.options),
  },
);

const PEERS = group(
  'peers',
  `${PEERS_SUMMARY} All but restore work on the database an earlier \`tillbase serve\` created, and refuse a directory without one; restore builds a new one, into an empty directory.`,
  Object.fromEntries(Object.entries(PEERS_HELP).map(([name, topic]) => [name, command(topic.usage, topic.summary, topic.examples, topic.options)])),
);

const TILLBASE: HelpTopic = {
  usage: ['tillbase COMMAND [options]'],
  summary: 'Tillbase: the offline point-of-sale server and its administration.',
  options: [
    ['-h, --help', 'print help (also: tillbase help COMMAND, tillbase COMMAND --help)'],
    ['-v, --version', 'print the version'],
  ],
  env: [DATA_DIR_ENV],
  examples: ['tillbase serve', 'tillbase users add --username sam --role cashier --password-stdin', 'tillbase backup till.db'],
  commands: {
    serve: SERVE,
    users: USERS,
    roles: ROLES,
    import: IMPORT,
    journal: JOURNAL,
    backup: BACKUP,
    restore: RESTORE,
    sync: SYNC,
    peers: PEERS,
  },
};

/** What the command list of `tillbase --help` says about each command, one line each. */
const ONE_LINERS: Record<string, string> = {
  serve: 'the server; the till app is at its root URL',
  'users add': 'create a user; its password read from stdin',
  'users list': 'list the users and their roles',
  'users passwd': "set a new password; the user's sessions end",
  'users remove': 'remove a user; their tokens stop at once',
  'roles list': 'print each role and its capabilities',
  'roles grant': 'give a role a capability',
  'roles revoke': 'take a capability from a role',
  'import products': "products by SKU from WooCommerce's CSV export",
  'import taxes': "add tax rates from WooCommerce's tax-rate CSV",
  'journal verify': "check the sales journal's hash chains",
  backup: 'copy the live database into FILE',
  restore: 'replace the database with a backup',
  'sync connect': "link the till to the shop's WooCommerce",
  'sync disconnect': 'end the link; refused while anything is unsent',
  'sync resume': 'send again with the saved key',
  'sync pull': "pull the catalogue's changes now",
  'sync status': 'what waits to go up; the last push and pull',
  'sync verify': 'prove each sale is in WooCommerce exactly once',
  'peers invite': 'a 6-digit code for a new till to pair',
  'peers join': 'pair this till with the code another shows',
  'peers list': "the shop's other tills, last seen",
  'peers remove': 'remove a till: its certificate is refused',
  'peers restore': 'rebuild a dead till here from a living one',
};

/** Every line of help fits an 80-column terminal. */
const HELP_WIDTH = 80;
const INDENT = '  ';
const GAP = '  ';
/** The left column of the command list: a longer usage wraps inside it, so the columns never touch. */
const COMMAND_COLUMN = 30;
const TABLE_COLUMN_MAX = 26;

/** The words of a text that a line may break between: a usage's options stay whole. */
function unbreakable(text: string): string[] {
  const words: string[] = [];
  let depth = 0;
  for (const word of text.split(' ')) {
    const previous = words[words.length - 1];
    // A flag stays with its value (`--role R`), an option in brackets stays whole.
    if (previous !== undefined && (depth > 0 || (previous.startsWith('--') && /^[A-Z][A-Z.|_]*$/.test(word)))) words[words.length - 1] = `${previous} ${word}`;
    else words.push(word);
    depth += (word.match(/\[/g)?.length ?? 0) - (word.match(/\]/g)?.length ?? 0);
  }
  return words;
}

/** Words into lines of at most `width` characters; lines after the first start with `continuation`. */
function wrapWords(text: string, width: number, continuation = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of unbreakable(text)) {
    if (line.trim() !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = `${continuation}${word}`;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

/** Two columns: each side wrapped in its own width, a gap of two spaces between them. */
function columns(rows: Array<[string, string]>, leftWidth: number): string[] {
  const rightWidth = HELP_WIDTH - INDENT.length - leftWidth - GAP.length;
  return rows.flatMap(([left, right]) => {
    const lefts = wrapWords(left, leftWidth, '  ');
    const rights = wrapWords(right, rightWidth);
    return Array.from({ length: Math.max(lefts.length, rights.length) }, (_, index) =>
      `${INDENT}${(lefts[index] ?? '').padEnd(leftWidth)}${GAP}${rights[index] ?? ''}`.trimEnd(),
    );
  });
}

function table(rows: Array<[string, string]>): string[] {
  return columns(rows, Math.min(TABLE_COLUMN_MAX, Math.max(...rows.map(([left]) => left.length))));
}

/** A shell example too long for the width goes on over lines ending in a backslash, as a shell reads it. */
function example(text: string): string[] {
  const lines = wrapWords(text, HELP_WIDTH - INDENT.length - 2, '    ');
  return lines.map((line, index) => `${INDENT}${line}${index < lines.length - 1 ? ' \\' : ''}`);
}

/** The command list: every command of the dispatcher with its usage and one line of what it does. */
function commandRows(commands: Record<string, HelpTopic>, prefix = ''): Array<[string, string]> {
  return Object.entries(commands).flatMap(([name, sub]): Array<[string, string]> => {
    const path = `${prefix}${name}`;
    if (sub.commands !== undefined) return commandRows(sub.commands, `${path} `);
    return [[(sub.usage[0] ?? path).replace(/^tillbase /, ''), ONE_LINERS[path] ?? '']];
  });
}

function render(topic: HelpTopic, path: string[]): string {
  const margin = ' '.repeat('Usage: '.length);
  const usage = topic.usage.flatMap((line, index) =>
    wrapWords(line, HELP_WIDTH - margin.length, '    ').map((part, partIndex) => `${index === 0 && partIndex === 0 ? 'Usage: ' : margin}${part}`),
  );
  const lines = [...usage, '', ...wrapWords(topic.summary, HELP_WIDTH)];
  if (path.length === 0 && topic.commands !== undefined) {
    lines.push('', 'Commands:', ...columns(commandRows(topic.commands), COMMAND_COLUMN));
    lines.push('', ...wrapWords('Run `tillbase help COMMAND` or `tillbase COMMAND --help` for its options and environment variables.', HELP_WIDTH));
  }
  if (topic.options !== undefined) lines.push('', 'Options:', ...table(topic.options));
  if (topic.env !== undefined) lines.push('', 'Environment:', ...table(topic.env));
  lines.push('', topic.examples.length > 1 ? 'Examples:' : 'Example:', ...topic.examples.flatMap(example));
  return `${lines.join('\n')}\n`;
}

/**
 * The help for a command path such as `['users', 'add']`. Words past a command without
 * subcommands are its arguments and are ignored; an unknown command is a UsageError.
 */
export function helpText(words: readonly string[]): string {
  let topic = TILLBASE;
  const path: string[] = [];
  for (const word of words) {
    if (topic.commands === undefined) break;
    const next = topic.commands[word];
    if (next === undefined) {
      const known = Object.keys(topic.commands).join(', ');
      throw new UsageError(path.length === 0 ? `unknown command "${word}"` : `unknown ${path.join(' ')} command "${word}" (${known})`, path.join(' '));
    }
    topic = next;
    path.push(word);
  }
  return render(topic, path);
}
