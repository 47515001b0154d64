import type { JournalToVerify, SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import { Decimal } from '../../model/money.js';
import { isList, metaValue } from '../shop/answers.js';
import { listOurOrders, isSale, META, ourOrdersOf, type OurOrder } from '../shop/our-orders.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';
import type { SyncProofFinding, SyncProofRegister } from '../../../shared/resources/sync-screens.js';

/**
 * The proof of issue 23, item 6: every journal sale and refund up to the last synced sequence of each
 * register is in WooCommerce exactly once, as the till made it. WooCommerce is read, never written:
 * our orders (shop/our-orders.ts, the same that the duplicate sweep reads) and the refunds of those
 * that have any (§5.4), each matched to its journal entry by the `_tillbase_uuid` meta that the push
 * writes, and compared with the journal by the hash, register and sequence meta and the amount.
 */

/** Outbox states in which an entry may not have been sent yet: absent from WooCommerce is then no fault. */
const ON_ITS_WAY = new Set(['pending', 'sending', 'unknown']);

// The proof's parts are the answer's own (`POST /sync/verify`), so the CLI's lines and the till's screen read one shape.
export type Finding = SyncProofFinding;
export type FindingKind = Finding['kind'];
export type RegisterProof = SyncProofRegister;

export type SyncProof =
  { kind: 'read'; registers: RegisterProof[]; findings: Finding[] } | { kind: 'failed'; outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }> };

const isAmount = (value: unknown): value is string => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);

function group(records: readonly OurOrder[]): Map<string, OurOrder[]> {
  const byUuid = new Map<string, OurOrder[]>();
  for (const record of records) {
    const { uuid } = record;
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

function alterations(entry: JournalToVerify, { record }: OurOrder): string[] {
  const wrong: string[] = [];
  const hash = metaValue(record, META.hash);
  if (hash !== entry.hash) wrong.push(`hash ${hash === undefined ? 'absent' : `${hash.slice(0, 12)}…`} where the journal has ${entry.hash.slice(0, 12)}…`);
  if (metaValue(record, META.sequence) !== String(entry.sequence)) wrong.push(`sequence ${metaValue(record, META.sequence) ?? 'absent'}`);
  if (metaValue(record, META.register) !== String(entry.register_id)) wrong.push(`register ${metaValue(record, META.register) ?? 'absent'}`);
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
  const listed = await listOurOrders(client);
  if ('failed' in listed) return { kind: 'failed', outcome: listed.failed };
  const liveOrders = listed.orders.filter(isSale);
  const refunds: OurOrder[] = [];
  for (const order of liveOrders) {
    const orderRefunds = order.record.refunds;
    if (!isList(orderRefunds) || orderRefunds.length === 0) continue;
    const read = await client.getAll(`orders/${order.id}/refunds`);
    if (read.outcome.kind !== 'ok') return { kind: 'failed', outcome: read.outcome };
    refunds.push(...ourOrdersOf(read.records));
  }
  const salesByUuid = group(liveOrders);
  const refundsByUuid = group(refunds);
  const setAside = group(listed.orders.filter((order) => !isSale(order)));

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
    const [first] = found;
    if (first === undefined) {
      const aside = setAside.get(entry.uuid)?.map((order) => `#${order.id} (${order.status})`) ?? [];
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
    const wrong = alterations(entry, first);
    if (wrong.length > 0) {
      findings.push({ kind: 'altered', entry: describeEntry(entry), woo_ids: wooIds, detail: wrong.join('; ') });
      continue;
    }
    tally.found++;
  }
  return { kind: 'read', registers: [...registers.values()], findings };
}
