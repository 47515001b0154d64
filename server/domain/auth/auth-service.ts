import { randomUUID } from 'node:crypto';
import type { Capability, RoleName } from '../../../shared/access.js';
import type { ApiUser, TokenResponse } from '../../../shared/api.js';
import type { SessionsRepository } from '../../data/repositories/sessions.js';
import type { RefreshTokenRecord, SessionRecord } from '../../model/records/sessions.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import type { UserRecord } from '../../model/records/users.js';
import { ApiError } from '../errors.js';
import { type TillCredential, verifyTillCredential } from '../users/pins.js';
import type { LoginThrottle } from './throttle.js';
import { newTokenId, type TokenSigner } from './tokens.js';

/** Within this many seconds of a rotation, the retired refresh token still works once more (CONTRACT 2). */
export const REFRESH_GRACE_SECONDS = 30;
/** Session activity is written at most this often, so that reads do not turn into writes. */
const TOUCH_INTERVAL_SECONDS = 60;

export interface AuthSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /**
   * false: a refresh answers the same refresh token again, for clients that keep only the new access
   * token (WCPOS). Such a token stays good until it expires or its session ends, and reuse can no
   * longer be told from normal use. Default true.
   */
  refreshRotation?: boolean | undefined;
}

export interface ClientInfo {
  address: string;
  userAgent: string;
}

/** Who is calling, once the access token has been checked. */
export interface Principal {
  user: UserRecord;
  sessionId: string;
  roles: RoleName[];
  capabilities: Capability[];
}

export type AuthenticationFailure = 'token_invalid' | 'token_expired' | 'token_revoked';
export type AuthenticationResult = { ok: true; principal: Principal } | { ok: false; reason: AuthenticationFailure };

export interface SessionView {
  id: string;
  created_at: string;
  last_active_at: string;
  user_agent: string;
  current: boolean;
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function refreshFailure(code: 'pos_auth_refresh_expired' | 'pos_auth_refresh_invalid', reason: string): ApiError {
  const message =
    code === 'pos_auth_refresh_expired' ? 'The refresh token has expired. Please log in again.' : 'The refresh token is not valid. Please log in again.';
  return new ApiError(401, code, message, { reason, current_user: 0 });
}

/** What AuthService is built from (server/composition.ts builds each once). */
export interface AuthServiceParts {
  users: UsersRepository;
  sessions: SessionsRepository;
  signer: TokenSigner;
  throttle: LoginThrottle;
  settings: AuthSettings;
  now?: () => number;
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly signer: TokenSigner;
  private readonly throttle: LoginThrottle;
  private readonly settings: AuthSettings;
  private readonly now: () => number;

  constructor(parts: AuthServiceParts) {
    this.users = parts.users;
    this.sessions = parts.sessions;
    this.signer = parts.signer;
    this.throttle = parts.throttle;
    this.settings = parts.settings;
    this.now = parts.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /**
   * Signs a user in with their password, or with their PIN (for switching at a till: the same
   * session and capabilities as the password). A PIN try is throttled on the login throttle and on
   * `pinThrottle`, the counter the approvals and `POST /auth/pin` share, so that a login cannot
   * reset PIN guesses made elsewhere. A wrong PIN, or a PIN for a user who has none, answers the same
   * 401 as a wrong password, so that whether a user has a PIN is not revealed.
   */
  async login(login: string, credential: string | TillCredential, client: ClientInfo, pinThrottle?: LoginThrottle): Promise<TokenResponse> {
    const user = this.users.findByLogin(login);
    // One throttle key per account, whether it is named by username or by email.
    const throttleKey = user?.username ?? login;
    const byPin = typeof credential !== 'string' && 'pin' in credential;
    const throttles = byPin && pinThrottle !== undefined ? [this.throttle, pinThrottle] : [this.throttle];
    const retryAfter = Math.max(...throttles.map((throttle) => throttle.retryAfter(throttleKey, client.address)));
    if (retryAfter > 0) {
      throw new ApiError(429, 'pos_auth_too_many_attempts', 'Too many failed login attempts. Please wait before trying again.', { retry_after: retryAfter });
    }
    const valid = await verifyTillCredential(user, typeof credential === 'string' ? { password: credential } : credential);
    if (!user || !valid) {
      for (const throttle of throttles) throttle.recordFailure(throttleKey, client.address);
      throw new ApiError(401, 'pos_auth_invalid_credentials', 'The username or password is incorrect.', { reason: 'invalid_credentials', current_user: 0 });
    }
    for (const throttle of throttles) throttle.recordSuccess(throttleKey, client.address);

    const now = this.now();
    const sessionId = randomUUID();
    const refresh: RefreshTokenRecord = {
      jti: newTokenId(),
      session_id: sessionId,
      issued_at: now,
      expires_at: now + this.settings.refreshTtlSeconds,
      rotated_at: null,
      replaced_by: null,
    };
    this.sessions.transaction(() => {
      this.sessions.create({
        id: sessionId,
        user_id: user.id,
        created_at: now,
        refresh_expires_at: refresh.expires_at,
        user_agent: client.userAgent.slice(0, 512),
        client_address: client.address,
      });
      this.sessions.addRefreshToken(refresh);
    });
    this.users.touchLastAccess(user.id, iso(now));
    return this.tokenResponse(user, sessionId, refresh, now);
  }

  /** Exchanges a refresh token for new tokens: rotation, reuse detection and the grace window of CONTRACT 2. */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const verified = await this.signer.verify(refreshToken, 'refresh');
    if (!verified.ok) {
      throw verified.reason === 'token_expired'
        ? refreshFailure('pos_auth_refresh_expired', 'refresh_expired')
        : refreshFailure('pos_auth_refresh_invalid', 'refresh_invalid');
    }
    const { claims } = verified;
    const stored = this.sessions.findRefreshToken(claims.jti);
    const session = this.sessions.find(claims.sessionId);
    if (stored?.session_id !== claims.sessionId || !session || session.user_id !== claims.userId)
      throw refreshFailure('pos_auth_refresh_invalid', 'refresh_unknown');
    if (session.revoked_at !== null) throw refreshFailure('pos_auth_refresh_invalid', 'session_revoked');
    const user = this.users.findById(session.user_id);
    if (!user) throw refreshFailure('pos_auth_refresh_invalid', 'user_removed');

    const now = this.now();
    if (stored.rotated_at === null && this.settings.refreshRotation === false) {
      this.sessions.touch(session.id, now);
      return this.tokenResponse(user, session.id, stored, now);
    }
    if (stored.rotated_at === null) {
      const successor: RefreshTokenRecord = {
        jti: newTokenId(),
        session_id: session.id,
        issued_at: now,
        expires_at: now + this.settings.refreshTtlSeconds,
        rotated_at: null,
        replaced_by: null,
      };
      const rotated = this.sessions.transaction(() => {
        if (!this.sessions.markRotated(stored.jti, now, successor.jti)) return false;
        this.sessions.addRefreshToken(successor);
        this.sessions.extend(session.id, successor.expires_at);
        this.sessions.touch(session.id, now);
        return true;
      });
      if (rotated) return this.tokenResponse(user, session.id, successor, now);
      // Another request rotated this token between our read and our write: treat it as the grace case.
      return this.refresh(refreshToken);
    }

    const successor = stored.replaced_by === null ? undefined : this.sessions.findRefreshToken(stored.replaced_by);
    if (now - stored.rotated_at <= REFRESH_GRACE_SECONDS && successor) {
      // Two requests of one till refreshing at once: both get working tokens for the same session.
      return this.tokenResponse(user, session.id, successor, now);
    }
    // A retired token presented again after the grace window: it may have been stolen (RFC 9700 4.14).
    this.sessions.revoke(session.id, now, 'refresh_token_reuse');
    throw refreshFailure('pos_auth_refresh_invalid', 'refresh_reused');
  }

  /**
   * Checks an access token and the state behind it (session, user, capabilities) on every request:
   * one statement reads the session, its user and the access version; roles and capabilities come
   * from memory unless access changed since (see `UsersRepository.accessOf`).
   */
  async authenticate(accessToken: string): Promise<AuthenticationResult> {
    const verified = await this.signer.verify(accessToken, 'access');
    if (!verified.ok) return verified;
    const found = this.sessions.findWithUser(verified.claims.sessionId);
    if (!found || found.session.revoked_at !== null || found.session.user_id !== verified.claims.userId) return { ok: false, reason: 'token_revoked' };
    const { session, user } = found;
    // A disabled user is refused on the very next request, whatever token they still hold.
    if (user.disabled_at !== null) return { ok: false, reason: 'token_revoked' };
    const now = this.now();
    if (now - session.last_active_at >= TOUCH_INTERVAL_SECONDS) this.sessions.touch(session.id, now);
    const { roles, capabilities } = this.users.accessOf(user.id, found.accessVersion);
    return { ok: true, principal: { user, sessionId: session.id, roles, capabilities } };
  }

  logout(principal: Principal): void {
    this.sessions.revoke(principal.sessionId, this.now(), 'logout');
  }

  listSessions(principal: Principal): SessionView[] {
    return this.sessions
      .activeForUser(principal.user.id)
      .filter((session) => this.isLive(session))
      .map((session) => this.sessionView(session, principal.sessionId));
  }

  /** Revokes one of the caller's sessions; a `manage_pos` user may revoke anyone's. Others' sessions are 404, not 403. */
  revokeSession(principal: Principal, sessionId: string): void {
    const session = this.sessions.find(sessionId);
    const mayRevoke = session !== undefined && (session.user_id === principal.user.id || principal.capabilities.includes('manage_pos'));
    if (!session || !mayRevoke || session.revoked_at !== null) throw new ApiError(404, 'pos_rest_session_invalid_id', 'No such session.');
    this.sessions.revoke(sessionId, this.now(), 'revoked');
  }

  /** Ends every session of a user, as after a password change or removal. */
  revokeAllSessions(userId: number, reason: string): number {
    return this.sessions.revokeAllForUser(userId, this.now(), reason);
  }

  apiUser(user: UserRecord): ApiUser {
    const { roles, capabilities } = this.users.accessOf(user.id, this.users.accessVersion());
    return { id: user.id, uuid: user.uuid, username: user.username, email: user.email ?? '', display_name: user.display_name, roles, capabilities };
  }

  private isLive(session: SessionRecord): boolean {
    return session.refresh_expires_at > this.now();
  }

  private sessionView(session: SessionRecord, currentSessionId: string): SessionView {
    return {
      id: session.id,
      created_at: iso(session.created_at),
      last_active_at: iso(session.last_active_at),
      user_agent: session.user_agent,
      current: session.id === currentSessionId,
    };
  }

  private async tokenResponse(user: UserRecord, sessionId: string, refresh: RefreshTokenRecord, now: number): Promise<TokenResponse> {
    const accessExpiresAt = now + this.settings.accessTtlSeconds;
    const [accessToken, refreshToken] = await Promise.all([
      this.signer.sign('access', { userId: user.id, sessionId, jti: newTokenId(), issuedAt: now, expiresAt: accessExpiresAt }),
      this.signer.sign('refresh', { userId: user.id, sessionId, jti: refresh.jti, issuedAt: refresh.issued_at, expiresAt: refresh.expires_at }),
    ]);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: this.settings.accessTtlSeconds,
      expires_at: iso(accessExpiresAt),
      refresh_expires_at: iso(refresh.expires_at),
      user: this.apiUser(user),
    };
  }
}
