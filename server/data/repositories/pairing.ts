import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { LanListenerKind, LanListenerRecord, PairingInvitationRecord } from '../../model/records/tills.js';

const NOW = "strftime('%Y-%m-%dT%H:%M:%S', 'now')";

/** Pairing invitations (their codes' SRP-6a verifiers) and where the running server listens (migration 24). */
export class PairingRepository {
  constructor(private readonly db: Database) {}

  /** A new invitation; the ones still open end, so only the latest code shown can pair. */
  createInvitation(salt: string, verifier: string, ttlSeconds: number): PairingInvitationRecord {
    return writeTransaction(this.db, () => {
      prepared(this.db, `UPDATE pairing_invitations SET ended_gmt = ${NOW}, ended_reason = 'replaced' WHERE ended_gmt IS NULL`).run();
      const id = prepared<[string, string, string], number>(
        this.db,
        `INSERT INTO pairing_invitations (salt, verifier, created_gmt, expires_gmt)
         VALUES (?, ?, ${NOW}, strftime('%Y-%m-%dT%H:%M:%S', 'now', ?)) RETURNING id`,
      )
        .pluck(true)
        .get(salt, verifier, `+${ttlSeconds} seconds`);
      const invitation = id === undefined ? undefined : this.invitation(id);
      if (invitation === undefined) throw new Error('the invitation was not saved');
      return invitation;
    });
  }

  invitation(id: number): PairingInvitationRecord | undefined {
    return prepared<[number], PairingInvitationRecord>(this.db, 'SELECT * FROM pairing_invitations WHERE id = ?').get(id);
  }

  /** The invitation a joining till may still answer: not ended, not expired. */
  openInvitation(): PairingInvitationRecord | undefined {
    return prepared<[], PairingInvitationRecord>(
      this.db,
      `SELECT * FROM pairing_invitations WHERE ended_gmt IS NULL AND expires_gmt > ${NOW} ORDER BY id DESC LIMIT 1`,
    ).get();
  }

  /** Counts a wrong code; at `limit` wrong codes the invitation ends. Answers how many tries are left. */
  countFailure(id: number, limit: number): number {
    return writeTransaction(this.db, () => {
      prepared(this.db, 'UPDATE pairing_invitations SET failures = failures + 1 WHERE id = ?').run(id);
      const failures = this.invitation(id)?.failures ?? limit;
      if (failures >= limit) {
        prepared(this.db, `UPDATE pairing_invitations SET ended_gmt = ${NOW}, ended_reason = 'wrong codes' WHERE id = ? AND ended_gmt IS NULL`).run(id);
      }
      return Math.max(0, limit - failures);
    });
  }

  /** Ends an open invitation once it has paired a till; false when it had ended meanwhile (used twice at once). */
  useInvitation(id: number): boolean {
    return writeTransaction(
      this.db,
      () =>
        prepared(
          this.db,
          `UPDATE pairing_invitations SET ended_gmt = ${NOW}, ended_reason = 'used' WHERE id = ? AND ended_gmt IS NULL AND expires_gmt > ${NOW}`,
        ).run(id).changes === 1,
    );
  }

  announceListener(kind: LanListenerKind, address: string, serial: string | null): void {
    writeTransaction(this.db, () => {
      prepared(this.db, `INSERT OR REPLACE INTO lan_listeners (kind, address, pid, serial, started_gmt) VALUES (?, ?, ?, ?, ${NOW})`).run(
        kind,
        address,
        process.pid,
        serial,
      );
    });
  }

  listener(kind: LanListenerKind): LanListenerRecord | undefined {
    return prepared<[string], LanListenerRecord>(this.db, 'SELECT * FROM lan_listeners WHERE kind = ?').get(kind);
  }

  /** At a clean stop: the CLI then knows no listener runs (after a kill, the pid it names is gone). */
  clearListeners(): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM lan_listeners WHERE pid = ?').run(process.pid);
    });
  }
}
