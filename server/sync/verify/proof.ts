import type { JournalToVerify, SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import { Decimal } from '../../model/money.js';
import { CREATED_VIA, uuidOf } from '../push/order-body.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';
import type { SyncProofFinding, SyncProofRegister } from '../../../shared/resources/sync-screens.js';

/**
 * The proof of issue 23, item 6: every journal sale and refund up to the last synced sequence of each
 * register is in WooCommerce exactly once, as the till made it. WooCommerce is read, never written:
 * our orders by `created_via` (docs/woocommerce-observed.md §3.2) and the refunds of those that have
 * any (§5.4), each matched to its journal entry by the `_tillbase_uuid` meta that push/order-body.ts
 * writes, and compared with the journal by the hash, register and sequence meta and the amount.
 */

/** Orders that are not sales: a draft left by a refused coupon (§4.2), and the duplicates the sweep cancelled. */
const NOT_A_SALE = new Set(['checkout-draft', 'cancelled', 'trash', 'failed']);
/** Outbox states in which an entry may not have been sent yet: absent from WooCommerce is then no fault. */
const ON_ITS_WAY = new Set(['pending', 'sending', 'unknown']);

// The proof's parts are the answer's own (`POST /sync/verify`), so the CLI's lines and the till's screen read one shape.
export type Finding = SyncProofFinding;
export type FindingKind = Finding['kind'];
export type RegisterProof = SyncProofRegister;

export type SyncProof =
  { kind: 'read'; registers: RegisterProof[]; findings: Finding[] } | { kind: 'failed'; outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }> };

interface WooRecord {
  id: number;
  status?: string;
  total?: unknown;
  amount?: unknown;
  refunds?: unknown[];
  meta_data?: Array<{ key?: unknown; value?: unknown }>;
}

const metaOf = (record: WooRecord, key: string): string | undefined => {
  const value = record.meta_data?.find((m) => m.key === key)?.value;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

const isAmount = (value: unknown): value is string => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);

function group(records: readonly WooRecord[]): Map<string, WooRecord[]> {
  const byUuid = new Map<string, WooRecord[]>();
  for (const record of records) {
    const uuid = uuidOf(record);
    if (uuid !== undefined) byUuid.set(uuid, [...(byUuid.get(uuid) ?? []), record]);
  }
  return byUuid;
}

/**
 * What WooCommerce should say of the entry's amount: the sale's total as the till made it plus the
 * difference the push recorded when WooCommerce first answered (its own tax rounding), so that only
 * a change made since is an alteration. A refund's amount is taken as it was sent.
 */
function expectedAmount(entry: JournalToVerify): Decimal {
  const till = new Decimal(entry.amount ?? '0');
  return entry.kind === 'sale' && isAmount(entry.totals_difference) ? till.plus(entry.totals_difference) : till;
}

function alterations(entry: JournalToVerify, record: WooRecord): string[] {
  const wrong: string[] = [];
  const hash = metaOf(record, '_tillbase_hash');
  if (hash !== entry.hash) wrong.push(`hash ${hash === undefined ? 'absent' : `${hash.slice(0, 12)}…`} where the journal has ${entry.hash.slice(0, 12)}…`);
  if (metaOf(record, '_tillbase_sequence') !== String(entry.sequence)) wrong.push(`sequence ${metaOf(record, '_tillbase_sequence') ?? 'absent'}`);
  if (metaOf(record, '_tillbase_register') !== String(entry.register_id)) wrong.push(`register ${metaOf(record, '_tillbase_register') ?? 'absent'}`);
  const woo = entry.kind === 'sale' ? record.total : record.amount;
  const expected = expectedAmount(entry);
  if (!isAmount(woo) || !new Decimal(woo).equals(expected))
    wrong.push(`${entry.kind === 'sale' ? 'total' : 'amount'} ${isAmount(woo) ? woo : 'absent'} where ${expected.toFixed(2)} was sent`);
  return wrong;
}

const describeEntry = (entry: JournalToVerify): Finding['entry'] => ({
  uuid: entry.uuid,
  register_id: entry.register_id,
  sequence: entry.sequence,
  kind: entry.kind,
  order_id: entry.order_id,
});

/** Reads what WooCommerce has of this till's sales and refunds and holds the journal against it. */
export async function proveSynced(client: WooCommerceClient, outbox: SyncOutboxRepository): Promise<SyncProof> {
  const expected = outbox.journalToVerify();
  const listed = await client.getAll('orders', { created_via: CREATED_VIA });
  if (listed.outcome.kind !== 'ok') return { kind: 'failed', outcome: listed.outcome };
  const orders = listed.records as WooRecord[];
  const liveOrders = orders.filter((order) => !NOT_A_SALE.has(order.status ?? ''));
  const refunds: WooRecord[] = [];
  for (const order of liveOrders) {
    if (!Array.isArray(order.refunds) || order.refunds.length === 0) continue;
    const read = await client.getAll(`orders/${order.id}/refunds`);
    if (read.outcome.kind !== 'ok') return { kind: 'failed', outcome: read.outcome };
    refunds.push(...(read.records as WooRecord[]));
  }
  const salesByUuid = group(liveOrders);
  const refundsByUuid = group(refunds);
  const setAside = group(orders.filter((order) => NOT_A_SALE.has(order.status ?? '')));

  const findings: Finding[] = [];
  const registers = new Map<number, RegisterProof>();
  for (const entry of expected) {
    const proof = registers.get(entry.register_id) ?? {
      register_id: entry.register_id,
      up_to_sequence: 0,
      sales: { expected: 0, found: 0 },
      refunds: { expected: 0, found: 0 },
      handled: 0,
      waiting: 0,
    };
    registers.set(entry.register_id, proof);
    proof.up_to_sequence = Math.max(proof.up_to_sequence, entry.sequence);
    if (entry.state === 'handled') {
      proof.handled++;
      continue;
    }
    const tally = entry.kind === 'sale' ? proof.sales : proof.refunds;
    const found = (entry.kind === 'sale' ? salesByUuid : refundsByUuid).get(entry.uuid) ?? [];
    if (found.length === 0 && entry.state !== null && ON_ITS_WAY.has(entry.state)) {
      proof.waiting++;
      continue;
    }
    tally.expected++;
    const wooIds = found.map((record) => record.id).sort((a, b) => a - b);
    if (found.length === 0) {
      const aside = setAside.get(entry.uuid)?.map((order) => `#${order.id} (${order.status ?? ''})`) ?? [];
      const detail =
        entry.state === 'rejected'
          ? 'WooCommerce refused it when it was sent'
          : aside.length > 0
            ? `only ${aside.join(', ')} in WooCommerce`
            : entry.state === null
              ? 'not in WooCommerce, and not in the outbox'
              : 'not in WooCommerce';
      findings.push({ kind: 'missing', entry: describeEntry(entry), woo_ids: [], detail });
      continue;
    }
    if (found.length > 1) {
      findings.push({ kind: 'doubled', entry: describeEntry(entry), woo_ids: wooIds, detail: `${found.length} times in WooCommerce` });
      continue;
    }
    const [record] = found as [WooRecord];
    const wrong = alterations(entry, record);
    if (wrong.length > 0) {
      findings.push({ kind: 'altered', entry: describeEntry(entry), woo_ids: wooIds, detail: wrong.join('; ') });
      continue;
    }
    tally.found++;
  }
  return { kind: 'read', registers: [...registers.values()], findings };
}
