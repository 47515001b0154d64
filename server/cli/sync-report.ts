import { createServices } from '../composition.js';
import { ConfigError, defaultServeOptions, parseChoice, SECRET_STORE_CHOICES } from '../config.js';
import type { Database } from '../data/database.js';
import { Decimal } from '../model/money.js';
import { openSecretStore } from '../secrets/open-secret-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { openDataDirDatabase } from '../start.js';
import { CONSUMER_SECRET_ACCOUNT } from '../sync/shop/open-shop.js';
import type { StateFigures, SyncStatusView } from '../sync/status/status.js';
import { plural, verifySync } from '../sync/verify/verification.js';
import { dataDirOf, EXIT_REFUSED, existingDataDir, parse, type CliIo } from './args.js';

/**
 * `tillbase sync status` and `tillbase sync verify` (issue 23, items 6 and 7): what the sync with the
 * shop's WooCommerce has done, in plain words, and the proof that every sale and refund is there
 * exactly once. Both read the database beside a running server (the server's own connection writes).
 */

/** What each command's `--help` prints, also for the `sync` help topic. */
export const SYNC_STATUS_HELP = {
  usage: 'tillbase sync status [--secret-store STORE]',
  summary:
    "Print the connection to the shop's WooCommerce, whether it could be reached and since when, what waits to go up " +
    '(sales and refunds with their amounts, the oldest waiting sale), what went up, what needs attention, and the last push and pull; ' +
    'on a paired till, also its sales no other till holds yet.',
  options: [['--secret-store STORE', 'where the server keeps the consumer secret: auto, keychain, file or memory (default auto)']] as Array<[string, string]>,
  examples: ['tillbase sync status --data-dir /srv/till-1'],
};

export const SYNC_VERIFY_HELP = {
  usage: 'tillbase sync verify [--secret-store STORE]',
  summary:
    "Read WooCommerce's orders made by Tillbase (created_via tillbase) and their refunds, and prove that every journal sale and refund " +
    'of each register, up to the last one synced, is there exactly once with its hash, register, sequence and amount, and that the ' +
    "journal's chain holds. Prints each one missing, doubled or altered; exits 0 when all is there, 1 when anything is wrong, 2 when " +
    'WooCommerce cannot be read.',
  options: [['--secret-store STORE', 'where the server keeps the consumer secret: auto, keychain, file or memory (default auto)']] as Array<[string, string]>,
  examples: ['tillbase sync verify --data-dir /srv/till-1 --secret-store file'],
};

function helpOf(topic: typeof SYNC_STATUS_HELP): string {
  const options = [...topic.options, ['--data-dir DIR', 'the data directory'], ['-h, --help', 'print this help and exit']];
  const width = Math.max(...options.map(([flag = '']) => flag.length)) + 2;
  return [
    `Usage: ${topic.usage}`,
    '',
    topic.summary,
    '',
    'Options:',
    ...options.map(([flag = '', what = '']) => `  ${flag.padEnd(width)}${what}`),
    '',
    'Example:',
    `  ${topic.examples[0] ?? ''}`,
    '',
  ].join('\n');
}

const asksForHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');

interface Opened {
  db: Database;
  services: ReturnType<typeof createServices>;
  secrets: () => Promise<SecretStore>;
}

function open(command: string, args: string[], io: CliIo): Opened {
  const { values } = parse(command, args, { 'secret-store': { type: 'string' } }, 0);
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const choice =
    values['secret-store'] === undefined
      ? defaultServeOptions(io.env).secretStore
      : parseChoice(values['secret-store'], SECRET_STORE_CHOICES, '--secret-store');
  const db = openDataDirDatabase(dataDir);
  return {
    db,
    services: createServices(db),
    secrets: () => openSecretStore({ choice, dataDir, warn: (message) => io.stderr.write(`tillbase: ${message}\n`) }),
  };
}

const gmt = (value: string | null): string => (value === null ? 'never' : `${value.replace('T', ' ').slice(0, 19)} UTC`);

/** "14 sales (312.40), 1 refund (5.00), 2 other entries", or "nothing". */
function figures(f: StateFigures): string {
  const parts: string[] = [];
  if (f.sales > 0) parts.push(`${plural(f.sales, 'sale')} (${f.sales_amount})`);
  if (f.refunds > 0) parts.push(`${plural(f.refunds, 'refund')} (${f.refunds_amount})`);
  const others = f.count - f.sales - f.refunds;
  if (others > 0) parts.push(`${plural(others, 'other entry', 'other entries')} (customers, stock)`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

/** The status in plain words, one fact a line. */
function statusLines(status: SyncStatusView, secretKept: boolean): string[] {
  const lines: string[] = [];
  const { connection, states } = status;
  if (connection === null) {
    lines.push('not connected to a WooCommerce: sales stay at the till (connect with tillbase sync connect)');
  } else {
    lines.push(`connected to ${connection.url} since ${gmt(connection.connected_at_gmt)}`);
    if (connection.state === 'paused') lines.push(`paused: ${connection.paused_reason ?? 'no reason given'}; nothing goes up until it is resumed`);
    if (!secretKept) lines.push('the consumer secret is not in the secret store: nothing goes up until the till is connected again');
    if (connection.link === 'degraded')
      lines.push(
        `degraded since ${gmt(connection.offline_since_gmt)}: the shop's address answers, but not as WooCommerce (${connection.degraded_reason ?? 'no reason given'})`,
      );
    else lines.push(connection.online ? 'WooCommerce could be reached at the last attempt' : `offline since ${gmt(connection.offline_since_gmt)}`);
    lines.push(`last push ${gmt(connection.last_push_gmt)}, last pull ${gmt(connection.last_pull_gmt)}`);
  }
  lines.push(`waiting to go up: ${figures(status.waiting)}`);
  if (status.oldest_waiting_sale !== null)
    lines.push(
      `oldest waiting sale: order ${status.oldest_waiting_sale.order_id ?? '?'}, made ${gmt(status.oldest_waiting_sale.date_created_gmt)} (${status.oldest_waiting_sale.age_seconds} s ago)`,
    );
  if (states.unknown.count > 0) lines.push(`outcome unknown, being looked up before anything is sent again: ${figures(states.unknown)}`);
  if (states.rejected.count > 0) lines.push(`needs attention (refused by WooCommerce): ${figures(states.rejected)}`);
  lines.push(`in WooCommerce: ${figures(states.synced)}`);
  if (states.handled.count > 0) lines.push(`marked handled by hand: ${figures(states.handled)}`);
  return lines;
}

/** On a paired till: its sales no other till holds yet (the running server learns it from its peers' pulls). */
function singleCopyLines(r: Opened['services']['repositories']): string[] {
  if (r.tills.identity() === undefined) return [];
  const sales = r.shopReplica.salesAfter(r.shopReplica.heldByAPeer());
  if (sales.length === 0) return ['on this till only: nothing (another till holds every sale)'];
  const amount = sales.reduce((sum, sale) => sum.plus(sale.total), new Decimal(0)).toFixed(2);
  return [
    `on this till only (no other till holds them yet): ${plural(sales.length, 'sale')} (${amount}), the oldest made ${gmt(sales[0]?.date_created_gmt ?? null)}`,
  ];
}

/** `tillbase sync status`: the sync in plain words. Exits 0 whatever the sync's state: it only reports. */
export async function syncStatusCommand(args: string[], io: CliIo): Promise<number> {
  if (asksForHelp(args)) {
    io.stdout.write(helpOf(SYNC_STATUS_HELP));
    return 0;
  }
  const { db, services, secrets } = open('sync status', args, io);
  try {
    const status = services.syncStatus.status();
    const secretKept = status.connection === null || (await (await secrets()).get(CONSUMER_SECRET_ACCOUNT)) !== null;
    io.stdout.write(`${[...statusLines(status, secretKept), ...singleCopyLines(services.repositories)].join('\n')}\n`);
    return 0;
  } finally {
    db.close();
  }
}

/**
 * `tillbase sync verify`: proves that WooCommerce has every sale and refund up to the last synced
 * sequence of each register exactly once with its hash, and that the journal's chain holds.
 * Exits 0 when it all holds, 1 when anything is missing, doubled, altered or the chain is broken.
 */
export async function syncVerifyCommand(args: string[], io: CliIo): Promise<number> {
  if (asksForHelp(args)) {
    io.stdout.write(helpOf(SYNC_VERIFY_HELP));
    return 0;
  }
  const { db, services, secrets } = open('sync verify', args, io);
  try {
    const verification = await verifySync({
      connection: services.repositories.syncConnection,
      outbox: services.repositories.syncOutbox,
      // The store is opened only once the connection is known to exist: not connected, nothing asks the keychain.
      secrets: { get: async (account) => (await secrets()).get(account) },
      verifyJournal: () => services.journal.verify(),
    });
    if (verification.kind === 'refused') throw new ConfigError(verification.refusal.message);
    if (verification.kind === 'unreadable') throw new ConfigError(`cannot read WooCommerce's orders at ${verification.url}: ${verification.message}`);
    for (const line of verification.proof.lines) io.stdout.write(`${line}\n`);
    return verification.proof.ok ? 0 : EXIT_REFUSED;
  } finally {
    db.close();
  }
}
