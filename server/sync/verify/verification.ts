import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import type { SyncVerifyView } from '../../../shared/resources/sync-screens.js';
import type { ApiError } from '../../domain/errors.js';
import { openShop, type ShopSecrets } from '../shop/open-shop.js';
import { proveSynced, type Finding, type RegisterProof } from './proof.js';

/**
 * The proof of proof.ts as people read it, for `tillbase sync verify` and `POST /pos/v1/sync/verify`
 * alike (issue 23, items 6 and 7): the client made from the connection and the secret, the journal's
 * chain checked beside it, and the words, one line a register and one a finding.
 */

/** What the journal's own check answers (domain/journal/journal.ts `verify()`). */
export type JournalCheck = { ok: true } | { ok: false; broken: { id: string; register_id: number; sequence: number; kind: string }; reason: string };

export interface SyncVerifyParts {
  connection: SyncConnectionRepository;
  outbox: SyncOutboxRepository;
  secrets: ShopSecrets;
  verifyJournal: () => JournalCheck;
}

export type SyncVerification =
  { kind: 'refused'; refusal: ApiError } | { kind: 'unreadable'; url: string; message: string } | { kind: 'proved'; proof: SyncVerifyView };

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

function findingLine(finding: Finding): string {
  const { entry } = finding;
  const what = `${entry.kind} of order ${entry.order_id ?? '?'} (register ${entry.register_id}, sequence ${entry.sequence}, uuid ${entry.uuid})`;
  const where = finding.woo_ids.length > 0 ? ` [WooCommerce ${finding.woo_ids.map((id) => `#${id}`).join(', ')}]` : '';
  return `${finding.kind}: ${what}: ${finding.detail}${where}`;
}

function registerLine(proof: RegisterProof, wrong: number, chain: string): string {
  const { sales, refunds } = proof;
  const asides = [
    ...(proof.handled > 0 ? [`${plural(proof.handled, 'entry', 'entries')} marked handled, not looked for`] : []),
    ...(proof.waiting > 0 ? [`${plural(proof.waiting, 'entry', 'entries')} not sent yet`] : []),
  ];
  const aside = asides.length > 0 ? ` (${asides.join('; ')})` : '';
  if (wrong === 0)
    return `all ${plural(sales.found, 'sale')} and ${plural(refunds.found, 'refund')} of register ${proof.register_id} up to sequence ${proof.up_to_sequence} are in WooCommerce${aside}, ${chain}`;
  return (
    `register ${proof.register_id} up to sequence ${proof.up_to_sequence}: ${sales.found} of ${plural(sales.expected, 'sale')} and ` +
    `${refunds.found} of ${plural(refunds.expected, 'refund')} are in WooCommerce as the till made them, ${plural(wrong, 'is', 'are')} wrong${aside}, ${chain}`
  );
}

/** The proof in words: a line per register, each finding under its register indented, and the journal's break if any. */
function proofLines(registers: readonly RegisterProof[], findings: readonly Finding[], journal: JournalCheck): string[] {
  const chain = journal.ok ? 'chain verified' : 'chain BROKEN';
  const lines: string[] = [];
  if (registers.length === 0) lines.push(`nothing has been synced yet: nothing to look for in WooCommerce, ${chain}`);
  for (const register of registers) {
    const wrong = findings.filter((f) => f.entry.register_id === register.register_id);
    lines.push(registerLine(register, wrong.length, chain));
    for (const finding of wrong) lines.push(`  ${findingLine(finding)}`);
  }
  if (!journal.ok) {
    const { broken } = journal;
    lines.push(`journal broken at entry ${broken.id} (register ${broken.register_id}, sequence ${broken.sequence}, ${broken.kind}): ${journal.reason}`);
  }
  return lines;
}

/** Reads WooCommerce with the connection's key (read only: nothing is written there) and proves the journal against it. */
export async function verifySync(parts: SyncVerifyParts): Promise<SyncVerification> {
  const shop = await openShop(parts.connection.find(), parts.secrets);
  if (shop.kind === 'refused') return shop;
  const proof = await proveSynced(shop.client, parts.outbox);
  if (proof.kind === 'failed') return { kind: 'unreadable', url: shop.connection.url, message: proof.outcome.message };
  const journal = parts.verifyJournal();
  return {
    kind: 'proved',
    proof: {
      ok: journal.ok && proof.findings.length === 0,
      chain_ok: journal.ok,
      registers: proof.registers,
      findings: proof.findings,
      lines: proofLines(proof.registers, proof.findings, journal),
    },
  };
}
