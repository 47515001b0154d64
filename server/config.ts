import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SecretStoreChoice } from './secrets/secret-store.js';
import type { PeerNetwork } from './tills/peer-network.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const SECRET_STORE_CHOICES = ['auto', 'keychain', 'file', 'memory'] as const satisfies readonly SecretStoreChoice[];

/** The database's file name inside the data directory. */
export const DATABASE_FILE = 'tillbase.db';

/** Everything `tillbase serve` needs, after flags, environment and defaults are resolved. */
export interface ServeOptions {
  dataDir: string;
  host: string;
  port: number;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  allowedOrigins: string[];
  allowedHosts: string[];
  secretStore: SecretStoreChoice;
  /** `undefined`: seed the demo store only on first run (an empty database). */
  demo: boolean | undefined;
  logLevel: LogLevel;
  /** `--refresh-rotation on|off`: off answers a refresh with the same refresh token (README: WooCommerce and WCPOS clients). */
  refreshRotation?: boolean | undefined;
  /** `--lan-port`: the tills' mutual-TLS listener (pairing on the next port); undefined: the till is alone. */
  lanPort?: number | undefined;
  /** `--lan-host`: the address the tills' listeners bind (default 0.0.0.0: the shop's network). */
  lanHost?: string | undefined;
  /** `--lan-advertise HOST:PORT`: where the other tills reach this one, when a forwarder or NAT is in between. */
  lanAdvertise?: string | undefined;
  /** The shop's other tills, once pairing has made this till one of them: its journal is replicated with theirs. */
  peerNetwork?: PeerNetwork | undefined;
}

/** A flag or variable whose value cannot be used; the CLI prints the message and exits with 2. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `90s`, `30m`, `12h`, `30d` → seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^(\d{1,9})([smhd])$/.exec(value.trim());
  if (!match) throw new ConfigError(`${name} must be a duration such as 90s, 30m, 12h or 30d, not "${value}"`);
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  if (seconds < 1) throw new ConfigError(`${name} must be at least one second`);
  return seconds;
}

export function parsePort(value: string, name = '--port'): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) throw new ConfigError(`${name} must be a port number from 0 to 65535, not "${value}"`);
  return Number(value);
}

export function parseChoice<T extends string>(value: string, choices: readonly T[], name: string): T {
  if (!(choices as readonly string[]).includes(value)) throw new ConfigError(`${name} must be one of ${choices.join(', ')}, not "${value}"`);
  return value as T;
}

/** `https://pos.example.com` (scheme, host and port only: that is what a browser sends as `Origin`). */
export function parseOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(`--allowed-origin must be an origin such as https://pos.example.com, not "${value}"`);
  }
  return url.origin;
}

export function parseHostName(value: string): string {
  const host = value.trim().toLowerCase();
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(host)) throw new ConfigError(`--allowed-host must be a host name such as till-1.local, not "${value}"`);
  return host;
}

/** `HOST:PORT` as peers dial it (`till-2.local:8788`, `192.168.1.20:8788`, `[fe80::1]:8788`). */
export function parseHostPort(value: string, name: string): string {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(value.trim());
  if (!match || Number(match[2]) === 0 || Number(match[2]) > 65_535)
    throw new ConfigError(`${name} must be HOST:PORT, such as 192.168.1.20:8788, not "${value}"`);
  return value.trim();
}

/**
 * Whether an address to listen on is this machine's loopback: plain HTTP stays there, and only
 * there (every other address serves HTTPS with the shop's certificate).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || /^::ffff:127\./.test(bare);
}

/** The OS user's data directory (Linux: $XDG_DATA_HOME/tillbase or ~/.local/share/tillbase). */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Tillbase');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Tillbase');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'tillbase');
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function parseBooleanEnv(value: string, name: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

/** The defaults of CONTRACT section 1, overridden by the TILLBASE_* environment variables. */
export function defaultServeOptions(env: NodeJS.ProcessEnv): ServeOptions {
  return {
    dataDir: env.TILLBASE_DATA_DIR ?? defaultDataDir(env),
    host: env.TILLBASE_HOST ?? '127.0.0.1',
    port: env.TILLBASE_PORT === undefined ? 8787 : parsePort(env.TILLBASE_PORT, 'TILLBASE_PORT'),
    accessTtlSeconds: parseDuration(env.TILLBASE_ACCESS_TTL ?? '30m', 'TILLBASE_ACCESS_TTL'),
    refreshTtlSeconds: parseDuration(env.TILLBASE_REFRESH_TTL ?? '30d', 'TILLBASE_REFRESH_TTL'),
    allowedOrigins: commaList(env.TILLBASE_ALLOWED_ORIGINS).map(parseOrigin),
    allowedHosts: commaList(env.TILLBASE_ALLOWED_HOSTS).map(parseHostName),
    secretStore: parseChoice(env.TILLBASE_SECRET_STORE ?? 'auto', SECRET_STORE_CHOICES, 'TILLBASE_SECRET_STORE'),
    demo: env.TILLBASE_DEMO === undefined ? undefined : parseBooleanEnv(env.TILLBASE_DEMO, 'TILLBASE_DEMO'),
    logLevel: parseChoice(env.TILLBASE_LOG_LEVEL ?? 'info', LOG_LEVELS, 'TILLBASE_LOG_LEVEL'),
    refreshRotation: parseChoice(env.TILLBASE_REFRESH_ROTATION ?? 'on', ['on', 'off'], 'TILLBASE_REFRESH_ROTATION') === 'on',
  };
}
