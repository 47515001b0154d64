import type { Database } from '../database.js';
import type { UserRecord } from '../../model/records/users.js';
import { untilWritten } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { SessionRecord, RefreshTokenRecord } from '../../model/records/sessions.js';

/** What checking an access token needs of its session: the session's state, its user, and the access version. */
export interface SessionWithUser {
  session: Pick<SessionRecord, 'id' | 'user_id' | 'last_active_at' | 'revoked_at'>;
  user: UserRecord;
  accessVersion: number;
}

interface SessionWithUserRow extends UserRecord {
  session_user_id: number;
  session_last_active_at: number;
  session_revoked_at: number | null;
  access_version: number;
}

/** Login sessions and the refresh tokens issued in them. Times are Unix seconds. */
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  create(session: Pick<SessionRecord, 'id' | 'user_id' | 'created_at' | 'refresh_expires_at' | 'user_agent' | 'client_address'>): void {
    prepared(
      this.db,
      'INSERT INTO sessions (id, user_id, created_at, last_active_at, refresh_expires_at, user_agent, client_address) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(session.id, session.user_id, session.created_at, session.created_at, session.refresh_expires_at, session.user_agent, session.client_address);
  }

  find(id: string): SessionRecord | undefined {
    return prepared<[string], SessionRecord>(this.db, 'SELECT * FROM sessions WHERE id = ?').get(id);
  }

  /**
   * The session with its user and the access version (migration 9), in one statement: the whole
   * read behind every authenticated request, so remembered until the next write anywhere (a
   * revocation, a disabled user, a role change, a touch all write). Undefined when either is gone.
   */
  findWithUser(id: string): SessionWithUser | undefined {
    return untilWritten(this.db, `sessions.with-user:${id}`, () => this.readWithUser(id));
  }

  private readWithUser(id: string): SessionWithUser | undefined {
    const row = prepared<[string], SessionWithUserRow>(
      this.db,
      `SELECT s.user_id AS session_user_id, s.last_active_at AS session_last_active_at, s.revoked_at AS session_revoked_at,
        (SELECT version FROM access_version WHERE slot = 1) AS access_version, u.*
      FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
    ).get(id);
    if (row === undefined) return undefined;
    const { session_user_id, session_last_active_at, session_revoked_at, access_version, ...user } = row;
    return {
      session: { id, user_id: session_user_id, last_active_at: session_last_active_at, revoked_at: session_revoked_at },
      user,
      accessVersion: access_version,
    };
  }

  activeForUser(userId: number): SessionRecord[] {
    return prepared<[number], SessionRecord>(this.db, 'SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at DESC').all(userId);
  }

  touch(id: string, at: number): void {
    prepared(this.db, 'UPDATE sessions SET last_active_at = ? WHERE id = ?').run(at, id);
  }

  extend(id: string, refreshExpiresAt: number): void {
    prepared(this.db, 'UPDATE sessions SET refresh_expires_at = ? WHERE id = ?').run(refreshExpiresAt, id);
  }

  revoke(id: string, at: number, reason: string): boolean {
    return prepared(this.db, 'UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL').run(at, reason, id).changes > 0;
  }

  revokeAllForUser(userId: number, at: number, reason: string): number {
    return prepared(this.db, 'UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE user_id = ? AND revoked_at IS NULL').run(at, reason, userId).changes;
  }

  addRefreshToken(token: RefreshTokenRecord): void {
    prepared(this.db, 'INSERT INTO refresh_tokens (jti, session_id, issued_at, expires_at, rotated_at, replaced_by) VALUES (?, ?, ?, ?, ?, ?)').run(
      token.jti,
      token.session_id,
      token.issued_at,
      token.expires_at,
      token.rotated_at,
      token.replaced_by,
    );
  }

  findRefreshToken(jti: string): RefreshTokenRecord | undefined {
    return prepared<[string], RefreshTokenRecord>(this.db, 'SELECT * FROM refresh_tokens WHERE jti = ?').get(jti);
  }

  /** Retires a token in favour of its successor; false if it was already retired (a concurrent rotation won). */
  markRotated(jti: string, at: number, replacedBy: string): boolean {
    return (
      prepared(this.db, 'UPDATE refresh_tokens SET rotated_at = ?, replaced_by = ? WHERE jti = ? AND rotated_at IS NULL').run(at, replacedBy, jti).changes > 0
    );
  }

  transaction<T>(work: () => T): T {
    return writeTransaction(this.db, work);
  }
}
