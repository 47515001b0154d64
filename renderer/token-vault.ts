/**
 * The tokens of the till's users. Access tokens stay in this page's memory only. Refresh tokens are
 * kept by a SessionKeeper: in the desktop app the main process (through the preload bridge), so
 * page script never sees one; in a plain browser the tab's sessionStorage, for the active user only,
 * so that a reload keeps them logged in and no other user's token lingers there.
 * Free of DOM globals so that it also runs under Node.
 */
import type { ApiErrorBody, ApiUser, TokenResponse } from '../shared/api.js';
import type { AccessGrant, AuthOutcome, SavedProfile, SessionBridge } from '../shared/bridge.js';
import { ROLES, type RoleName } from '../shared/access.js';

/** The part of the Web Storage interface the keepers use. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** How a keeper that talks to the server itself sends its requests: the API client's own transport. */
export interface AuthTransport {
  post(path: string, body: unknown, accessToken: string | null): Promise<{ status: number; body: unknown; retryAfter: number | null }>;
}

/** Who holds the refresh tokens; see the module comment. */
export interface SessionKeeper {
  /** Users offered on the login screen (names only). */
  profiles(): Promise<SavedProfile[]>;
  /** A login with a password, or with a PIN (`kind` 'pin': switching at the till, the same session). */
  login(transport: AuthTransport, username: string, secret: string, kind?: LoginKind): Promise<AuthOutcome>;
  refresh(transport: AuthTransport, uuid: string): Promise<AuthOutcome>;
  logout(transport: AuthTransport, uuid: string, accessToken: string | null): Promise<void>;
}

/** How a user proves themselves at login: their password, or their PIN. */
export type LoginKind = 'password' | 'pin';

const SESSION_KEY = 'tillbase.session';
const RECENT_USERS_KEY = 'tillbase.recent-users';
/** Where an earlier version kept every profile's refresh token; removed on sight. */
const LEGACY_PROFILES_KEY = 'tillbase.profiles';
const ACTIVE_PROFILE_KEY = 'tillbase.active-profile';
const MAX_RECENT_USERS = 6;

export function savedProfileOf(user: ApiUser): SavedProfile {
  return { uuid: user.uuid, username: user.username, display_name: user.display_name, roles: [...user.roles] };
}

function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function isSavedProfile(value: unknown): value is SavedProfile {
  if (typeof value !== 'object' || value === null) return false;
  const profile = value as Partial<Record<keyof SavedProfile, unknown>>;
  return (
    typeof profile.uuid === 'string' &&
    typeof profile.username === 'string' &&
    typeof profile.display_name === 'string' &&
    Array.isArray(profile.roles) &&
    profile.roles.every(isRoleName)
  );
}

function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? 'null');
  } catch {
    // A damaged entry counts as none: the user logs in again.
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const body = value as Partial<ApiErrorBody> | null;
  return (
    typeof body === 'object' && body !== null && typeof body.code === 'string' && typeof body.message === 'string' && typeof body.data?.status === 'number'
  );
}

function failure(status: number, body: unknown, retryAfter: number | null): AuthOutcome {
  const error = isErrorBody(body) ? body : { code: `http_${status}`, message: `The server answered ${status}`, data: { status } };
  return { ok: false, status, error, retry_after: retryAfter };
}

function grantOf(tokens: TokenResponse): AccessGrant {
  return { access_token: tokens.access_token, expires_at: tokens.expires_at, user: tokens.user };
}

const NO_SAVED_SESSION: AuthOutcome = {
  ok: false,
  status: 401,
  error: { code: 'pos_auth_refresh_invalid', message: 'This profile has no saved session.', data: { status: 401 } },
  retry_after: null,
};

/**
 * The browser's keeper: one session (the active user's refresh token) in `storage`, plus a list of
 * recent users without tokens. A new login ends the session it replaces on the server.
 */
export function browserSessionKeeper(storage: StorageLike): SessionKeeper {
  storage.removeItem(LEGACY_PROFILES_KEY);
  const readSession = (): { profile: SavedProfile; refresh_token: string } | null => {
    const stored = parseJson(storage.getItem(SESSION_KEY)) as { profile?: unknown; refresh_token?: unknown } | null;
    if (stored === null || typeof stored !== 'object' || !isSavedProfile(stored.profile) || typeof stored.refresh_token !== 'string') return null;
    return { profile: stored.profile, refresh_token: stored.refresh_token };
  };
  const readRecent = (): SavedProfile[] => {
    const stored = parseJson(storage.getItem(RECENT_USERS_KEY));
    return Array.isArray(stored) ? stored.filter(isSavedProfile) : [];
  };
  const keep = (tokens: TokenResponse): void => {
    const profile = savedProfileOf(tokens.user);
    storage.setItem(SESSION_KEY, JSON.stringify({ profile, refresh_token: tokens.refresh_token }));
    const recent = [profile, ...readRecent().filter((candidate) => candidate.uuid !== profile.uuid)].slice(0, MAX_RECENT_USERS);
    storage.setItem(RECENT_USERS_KEY, JSON.stringify(recent));
  };
  const endStoredSession = async (transport: AuthTransport): Promise<void> => {
    const stored = readSession();
    if (stored === null) return;
    storage.removeItem(SESSION_KEY);
    // Revoking by refresh token needs no access token: refresh once, then log out with the new access token.
    try {
      const refreshed = await transport.post('/auth/refresh', { refresh_token: stored.refresh_token }, null);
      const tokens = refreshed.body as TokenResponse | null;
      if (refreshed.status === 200 && tokens !== null) await transport.post('/auth/logout', undefined, tokens.access_token);
    } catch {
      // Unreachable: the session then ends when its refresh token expires.
    }
  };
  return {
    profiles: () => Promise.resolve(readRecent()),
    async login(transport, username, secret, kind = 'password') {
      const response = await transport.post('/auth/login', kind === 'pin' ? { username, pin: secret } : { username, password: secret }, null);
      if (response.status !== 200) return failure(response.status, response.body, response.retryAfter);
      const tokens = response.body as TokenResponse;
      const previous = readSession();
      if (previous !== null) await endStoredSession(transport);
      keep(tokens);
      return { ok: true, grant: grantOf(tokens) };
    },
    async refresh(transport, uuid) {
      const stored = readSession();
      if (stored?.profile.uuid !== uuid) return NO_SAVED_SESSION;
      const response = await transport.post('/auth/refresh', { refresh_token: stored.refresh_token }, null);
      if (response.status !== 200) {
        if (response.status === 401) storage.removeItem(SESSION_KEY);
        return failure(response.status, response.body, response.retryAfter);
      }
      const tokens = response.body as TokenResponse;
      keep(tokens);
      return { ok: true, grant: grantOf(tokens) };
    },
    async logout(transport, uuid, accessToken) {
      const stored = readSession();
      if (stored?.profile.uuid === uuid) storage.removeItem(SESSION_KEY);
      if (accessToken !== null) await transport.post('/auth/logout', undefined, accessToken);
    },
  };
}

/** The desktop app's keeper: every call goes to the main process, which holds the refresh tokens. */
export function bridgeSessionKeeper(bridge: SessionBridge): SessionKeeper {
  return {
    profiles: () => bridge.profiles(),
    login: (_transport, username, secret, kind) => (kind === undefined ? bridge.login(username, secret) : bridge.login(username, secret, kind)),
    refresh: (_transport, uuid) => bridge.refresh(uuid),
    logout: (_transport, uuid) => bridge.logout(uuid),
  };
}

/** Sessions for the life of the page only: where no storage is available, and under Node. */
export function memorySessionKeeper(): SessionKeeper {
  const memory = new Map<string, string>();
  return browserSessionKeeper({
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => memory.set(key, value),
    removeItem: (key) => memory.delete(key),
  });
}

interface LiveSession {
  accessToken: string;
  user: ApiUser;
}

export class TokenVault {
  private readonly live = new Map<string, LiveSession>();
  private activeId: string | null;

  /**
   * @param keeper who holds the refresh tokens
   * @param activeSlot remembers which profile is active across a reload of the window (its id, never a token)
   */
  constructor(
    readonly keeper: SessionKeeper,
    private readonly activeSlot: StorageLike | null = null,
  ) {
    this.activeId = activeSlot?.getItem(ACTIVE_PROFILE_KEY) ?? null;
  }

  /** The profile requests are made for, or null when the login screen is showing. */
  activeProfileId(): string | null {
    return this.activeId;
  }

  activeUser(): ApiUser | null {
    return this.activeId === null ? null : this.user(this.activeId);
  }

  /** The user as the server last described it, or null before this page has a token for the profile. */
  user(uuid: string): ApiUser | null {
    return this.live.get(uuid)?.user ?? null;
  }

  accessToken(uuid: string): string | null {
    return this.live.get(uuid)?.accessToken ?? null;
  }

  profiles(): Promise<SavedProfile[]> {
    return this.keeper.profiles();
  }

  /** Keeps a login's or refresh's access token; the active profile does not change. */
  save(grant: AccessGrant): void {
    this.live.set(grant.user.uuid, { accessToken: grant.access_token, user: grant.user });
  }

  activate(uuid: string): void {
    this.activeId = uuid;
    this.activeSlot?.setItem(ACTIVE_PROFILE_KEY, uuid);
  }

  /** Back to the login screen. */
  deactivate(): void {
    this.activeId = null;
    this.activeSlot?.removeItem(ACTIVE_PROFILE_KEY);
  }

  /** Drops a profile's access token from this page, after a logout or when its session ended. */
  forget(uuid: string): void {
    this.live.delete(uuid);
    if (this.activeId === uuid) this.deactivate();
  }
}
