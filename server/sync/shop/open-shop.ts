import { ApiError } from '../../domain/errors.js';
import type { SyncConnectionRecord } from '../../model/records/sync.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { WooCommerceClient, type WooCommerceOutcome } from './client.js';
import type { ConnectionRequest } from './key-check.js';

/** The secret store's name for the connection's consumer secret (never in the database, a log or an answer). */
export const CONSUMER_SECRET_ACCOUNT = 'sync-woocommerce-consumer-secret';

/** Where the consumer secret is read from: the server's secret store, or the one the CLI was pointed at. */
export type ShopSecrets = Pick<SecretStore, 'get'>;

/** Why the shop cannot be opened: the same two refusals wherever the sync is asked to reach the shop. */
export const notConnected = (): ApiError =>
  new ApiError(409, 'pos_sync_not_connected', 'The till is not connected to a WooCommerce: connect it first (tillbase sync connect, or the Sync screen).');

const noSecret = (): ApiError =>
  new ApiError(
    409,
    'pos_sync_no_secret',
    "The connection's consumer secret is not in the secret store: connect again (from the command line, with the --secret-store the server uses).",
  );

export type StoredKey = { kind: 'key'; connection: SyncConnectionRecord; key: ConnectionRequest } | { kind: 'refused'; refusal: ApiError };
export type OpenedShop = { kind: 'open'; connection: SyncConnectionRecord; client: WooCommerceClient } | { kind: 'refused'; refusal: ApiError };

/** The stored connection's key: its URL and consumer key from the row, its secret from the secret store. */
export async function storedKey(connection: SyncConnectionRecord | undefined, secrets: ShopSecrets): Promise<StoredKey> {
  if (connection === undefined) return { kind: 'refused', refusal: notConnected() };
  const secret = await secrets.get(CONSUMER_SECRET_ACCOUNT);
  if (secret === null) return { kind: 'refused', refusal: noSecret() };
  return { kind: 'key', connection, key: { url: connection.url, consumerKey: connection.consumer_key, consumerSecret: secret } };
}

/**
 * The client over the stored connection, for every part of the sync that talks to the shop: the
 * push, the pull, the proof, the connector's first pull and `tillbase sync pull`. The secret is read
 * at each opening, so a connection made or ended by the CLI while the server runs takes effect at the
 * server's next look, without a restart.
 */
export async function openShop(
  connection: SyncConnectionRecord | undefined,
  secrets: ShopSecrets,
  onOutcome?: (outcome: WooCommerceOutcome) => void,
): Promise<OpenedShop> {
  const stored = await storedKey(connection, secrets);
  if (stored.kind === 'refused') return stored;
  const { key } = stored;
  return {
    kind: 'open',
    connection: stored.connection,
    client: new WooCommerceClient({
      url: key.url,
      consumerKey: key.consumerKey,
      consumerSecret: key.consumerSecret,
      timeoutMs: stored.connection.settings.request_timeout_seconds * 1000,
      ...(onOutcome === undefined ? {} : { onOutcome }),
    }),
  };
}
