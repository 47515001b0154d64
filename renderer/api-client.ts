/**
 * The POS client of CONTRACT 5. Every request carries the active profile's bearer token. After a
 * 401 or 403 the client refreshes the tokens once (one refresh per profile in flight, shared by all
 * concurrent requests) and repeats the request once; if that is still 401 or 403 it gives up with
 * STILL_UNAUTHORIZED_MESSAGE. A refresh refused with 401 ends the profile's session.
 * Free of DOM globals so that it also runs under Node.
 */
import { STILL_UNAUTHORIZED_MESSAGE, type ApiErrorBody, type ApiUser, type TokenResponse } from '../shared/api.js';
import type { SavedProfile } from '../shared/bridge.js';
import type { TokenVault } from './token-vault.js';

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Why a profile's session ended: the refresh was refused, so the user has to log in again. */
export interface SessionEnd {
  profile: SavedProfile | null;
  code: string;
  reason: string | null;
}

export interface ApiClientOptions {
  /** The API root, e.g. `http://127.0.0.1:8787/pos/v1`. */
  baseUrl: string;
  fetch: FetchFunction;
  tokens: TokenVault;
  onSessionEnded: (ended: SessionEnd) => void;
}

export type QueryValue = string | number | boolean;

/** A failed request: the server's error body, or a transport failure (status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's `data.reason` (e.g. `missing_capability`, `token_expired`), when it gave one. */
  readonly reason: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** Seconds from a `Retry-After` header (429), when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(body: ApiErrorBody, retryAfterSeconds: number | null = null, message: string = body.message) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = body.data.status;
    this.code = body.code;
    this.reason = typeof body.data.reason === 'string' ? body.data.reason : null;
    this.data = body.data;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The repeated request was still 401/403: the same sentence for a token and a permission failure. */
export class StillUnauthorizedError extends ApiRequestError {
  constructor(body: ApiErrorBody) {
    super(body, null, STILL_UNAUTHORIZED_MESSAGE);
    this.name = 'StillUnauthorizedError';
  }
}

/** The refresh was refused with 401; the profile's tokens are gone and the user must log in again. */
export class SessionEndedError extends ApiRequestError {
  constructor(body: ApiErrorBody) {
    super(body);
    this.name = 'SessionEndedError';
  }
}

function isAuthFailure(status: number): boolean {
  return status === 401 || status === 403;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  const data = body.data as Record<string, unknown> | null | undefined;
  return typeof body.code === 'string' && typeof body.message === 'string' && typeof data === 'object' && data !== null && typeof data.status === 'number';
}

async function errorFrom(response: Response): Promise<ApiErrorBody> {
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) return body;
  } catch {
    // Not JSON (a proxy's page, an empty body): described by the status below.
  }
  return { code: `http_${response.status}`, message: `The server answered ${response.status} ${response.statusText}`.trim(), data: { status: response.status } };
}

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? null : JSON.parse(text);
}

function unreachable(): ApiRequestError {
  return new ApiRequestError({ code: 'network_error', message: 'The Tillbase server could not be reached.', data: { status: 0 } });
}

function noActiveProfile(): ApiRequestError {
  return new ApiRequestError({ code: 'pos_rest_unauthorized', message: 'Nobody is logged in.', data: { status: 401, reason: 'no_token' } });
}

export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchFn: FetchFunction;
  private readonly tokens: TokenVault;
  private readonly onSessionEnded: (ended: SessionEnd) => void;
  /** CONTRACT 5: at most one refresh per profile at a time; concurrent requests await the same one. */
  private readonly refreshes = new Map<string, Promise<void>>();

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch;
    this.tokens = options.tokens;
    this.onSessionEnded = options.onSessionEnded;
  }

  /** Logs a user in, keeps their tokens as a new profile and makes it the active one. */
  async login(username: string, password: string): Promise<ApiUser> {
    const response = await this.send('POST', '/auth/login', { username, password }, null);
    if (!response.ok) throw new ApiRequestError(await errorFrom(response), retryAfterOf(response));
    const tokens = (await bodyOf(response)) as TokenResponse;
    await this.tokens.save(tokens);
    this.tokens.activate(tokens.user.uuid);
    return tokens.user;
  }

  /** Revokes the active profile's session on the server and forgets its tokens here in any case. */
  async logout(): Promise<void> {
    const profileId = this.tokens.activeProfileId();
    if (profileId === null) return;
    try {
      await this.requestAs(profileId, 'POST', '/auth/logout', undefined, false);
    } catch (error) {
      // The local tokens go whatever the server said; an unreachable server cannot keep the user in.
      if (!(error instanceof ApiRequestError)) throw error;
    } finally {
      await this.tokens.forget(profileId);
    }
  }

  /** Makes a saved profile active, refreshing its tokens when this page holds none for it yet. */
  async resume(profileId: string): Promise<ApiUser> {
    this.tokens.activate(profileId);
    if (this.tokens.accessToken(profileId) === null) await this.refresh(profileId, true);
    const user = this.tokens.user(profileId);
    if (user === null) throw noActiveProfile();
    return user;
  }

  get<T>(path: string, query: Readonly<Record<string, QueryValue | undefined>> = {}): Promise<T> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return this.request<T>('GET', search === '' ? path : `${path}?${search}`);
  }

  /** A request as the active profile, with the refresh-once-and-repeat rule of CONTRACT 5. */
  request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const profileId = this.tokens.activeProfileId();
    if (profileId === null) return Promise.reject(noActiveProfile());
    return this.requestAs<T>(profileId, method, path, body, true);
  }

  private async requestAs<T>(profileId: string, method: string, path: string, body: unknown, notifySessionEnd: boolean): Promise<T> {
    let refreshed = false;
    if (this.tokens.accessToken(profileId) === null) {
      // After a reload only the refresh token is left: refresh first instead of sending a request bound to fail.
      await this.refresh(profileId, notifySessionEnd);
      refreshed = true;
    }
    const usedToken = this.tokens.accessToken(profileId);
    let response = await this.send(method, path, body, usedToken);
    if (isAuthFailure(response.status) && !refreshed) {
      const pending = this.refreshes.get(profileId);
      if (pending !== undefined) await pending;
      // A refresh that finished while this request was on its way already replaced the token.
      else if (this.tokens.accessToken(profileId) === usedToken) await this.refresh(profileId, notifySessionEnd);
      response = await this.send(method, path, body, this.tokens.accessToken(profileId));
    }
    if (isAuthFailure(response.status)) throw new StillUnauthorizedError(await errorFrom(response));
    if (!response.ok) throw new ApiRequestError(await errorFrom(response), retryAfterOf(response));
    return (await bodyOf(response)) as T;
  }

  private refresh(profileId: string, notifySessionEnd: boolean): Promise<void> {
    let pending = this.refreshes.get(profileId);
    if (pending === undefined) {
      pending = this.runRefresh(profileId, notifySessionEnd).finally(() => this.refreshes.delete(profileId));
      this.refreshes.set(profileId, pending);
    }
    return pending;
  }

  private async runRefresh(profileId: string, notifySessionEnd: boolean): Promise<void> {
    const refreshToken = await this.tokens.refreshToken(profileId);
    if (refreshToken === null) {
      throw await this.endSession(profileId, { code: 'pos_auth_refresh_invalid', message: 'This profile has no saved session.', data: { status: 401 } }, notifySessionEnd);
    }
    const response = await this.send('POST', '/auth/refresh', { refresh_token: refreshToken }, null);
    if (response.status === 401) throw await this.endSession(profileId, await errorFrom(response), notifySessionEnd);
    if (!response.ok) throw new ApiRequestError(await errorFrom(response), retryAfterOf(response));
    await this.tokens.save((await bodyOf(response)) as TokenResponse);
  }

  /** Forgets the profile, tells the UI (unless the user is logging out anyway) and returns the error to throw. */
  private async endSession(profileId: string, body: ApiErrorBody, notify: boolean): Promise<SessionEndedError> {
    const profile = (await this.tokens.profiles()).find((candidate) => candidate.uuid === profileId) ?? null;
    await this.tokens.forget(profileId);
    const error = new SessionEndedError(body);
    if (notify) this.onSessionEnded({ profile, code: error.code, reason: error.reason });
    return error;
  }

  private async send(method: string, path: string, body: unknown, accessToken: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const fetchFn = this.fetchFn;
    try {
      return await fetchFn(`${this.baseUrl}${path}`, init);
    } catch {
      throw unreachable();
    }
  }
}
