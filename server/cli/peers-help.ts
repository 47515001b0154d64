/** The help of `tillbase peers` and its commands (help.ts renders it). */
interface PeersTopic {
  usage: string;
  summary: string;
  examples: string[];
  options: Array<[string, string]>;
}

const SECRET_STORE_OPTION: [string, string] = [
  '--secret-store STORE',
  "where the shop's keys are kept: auto, keychain or file, the store the server uses (default $TILLBASE_SECRET_STORE, else auto)",
];
const BESIDE_THE_SERVER = 'It works while the server runs on the same data directory (started with --lan-port), which picks up the change within seconds.';
const EXISTING_DATABASE = 'It works on the database an earlier `tillbase serve` created, and refuses a directory without one.';

export const PEERS_SUMMARY = "The shop's other tills: pairing over a 6-digit code, then mutual TLS between them.";

export const PEERS_HELP: Record<'invite' | 'join' | 'list' | 'remove' | 'restore', PeersTopic> = {
  invite: {
    usage: 'tillbase peers invite [--json]',
    summary:
      'Make a pairing invitation: a 6-digit code valid 5 minutes (5 wrong codes end it), the address of the pairing listener, and the SHA-256 fingerprint ' +
      "of the shop CA, made by the shop's first invitation. The code is shown once; the till keeps only its SRP-6a verifier. " +
      BESIDE_THE_SERVER,
    examples: ['tillbase peers invite --json --data-dir /srv/till-a'],
    options: [['--json', 'print JSON: code, address, fingerprint, expires_at'], SECRET_STORE_OPTION],
  },
  join: {
    usage: 'tillbase peers join HOST:PORT --code-stdin [--name NAME] [--fingerprint SHA256]',
    summary:
      'Pair this till with the shop of the till that showed the code: the code is proven by SRP-6a (never sent), and this till gets its certificate from the shop CA. ' +
      "Refused when this till's id is already paired (a copy of another till's data). " +
      BESIDE_THE_SERVER,
    examples: ["printf '%s\\n' 123456 | tillbase peers join 192.168.1.20:8789 --code-stdin"],
    options: [
      ['--code-stdin', 'read the 6-digit code from standard input (required)'],
      ['--name NAME', 'what the shop calls this till (default the next letter: Till B, Till C...)'],
      ['--fingerprint SHA256', "the shop CA's fingerprint the invitation showed: pairing is refused if the CA handed over differs"],
      SECRET_STORE_OPTION,
    ],
  },
  list: {
    usage: 'tillbase peers list [--json]',
    summary: `The other tills paired with this one: id, name, address, last seen, and how many of their entries are not held here yet. ${EXISTING_DATABASE}`,
    examples: ['tillbase peers list --json'],
    options: [['--json', 'print JSON: id, name, address, last_seen_gmt, behind'], SECRET_STORE_OPTION],
  },
  remove: {
    usage: 'tillbase peers remove ID',
    summary: "Remove a till from the shop: its certificate is refused by this till's listener from the next connection on. " + BESIDE_THE_SERVER,
    examples: ['tillbase peers remove 2b7e1c1e-5d0c-4a8e-9f37-0d1f6c9a8b11'],
    options: [SECRET_STORE_OPTION],
  },
  restore: {
    usage: 'tillbase peers restore HOST:PORT --code-stdin [--till ID] [--address HOST:PORT]',
    summary:
      'Rebuild a dead till of the shop on this machine, from a living till that invited it (tillbase peers invite there): its sales, refunds, ' +
      "drawer sessions and journal, its WooCommerce outbox (every sale and refund to be looked up before anything is sent), and the shop's catalogue, " +
      'settings and users. Pairs with the code as that till (a new certificate for the same id; the old one is refused), into an empty data directory, with no server running on it. ' +
      'Refused for a till heard from in the last minute: a running till must not be copied.',
    examples: ["printf '%s\\n' 123456 | tillbase peers restore 192.168.1.20:8789 --code-stdin --data-dir /srv/till-new --secret-store file"],
    options: [
      ['--code-stdin', 'read the 6-digit code from standard input (required)'],
      ['--till ID', 'the dead till to rebuild; left out, the one paired till the living till has not heard from'],
      ['--address HOST:PORT', "where the other tills will reach this till's listener (--lan-port, or --lan-advertise); default the dead till's address"],
      ['--fingerprint SHA256', "the shop CA's fingerprint the invitation showed: refused if the CA handed over differs"],
      SECRET_STORE_OPTION,
    ],
  },
};
