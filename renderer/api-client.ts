/**
 * The POS client of CONTRACT 5. Every request carries the active profile's bearer token. After a
 * 401 or 403 the client refreshes the tokens once (one refresh per profile in flight, shared by all
 * concurrent requests) and repeats the request once; if that is still 401 or 403 it gives up with
 * STILL_UNAUTHORIZED_MESSAGE. A refresh refused with 401 ends the profile's session.
 * Free of DOM globals so that it also runs under Node.
 */
import { STILL_UNAUTHORIZED_MESSAGE, type ApiErrorBody, type ApiUser } from '../shared/api.js';
import type { AuthOutcome, SavedProfile } from '../shared/bridge.js';
import type { PathOf, PathParameterNames, RouteAnswers, RouteDocuments, RouteName } from '../shared/route-answers.js';
import type { AuthTransport, LoginKind, TokenVault } from './token-vault.js';

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
  /** Told after every request whether the server answered, for the "cannot reach the server" banner. */
  onReachability?: (reachable: boolean) => void;
}

/** Extra headers of one request, e.g. a checkout's `Idempotency-Key`. */
export interface RequestOptions {
  headers?: Readonly<Record<string, string>>;
  /** `text` for answers that are not JSON, such as a receipt rendered as HTML; `blob` for a file (a backup). */
  responseType?: 'json' | 'text' | 'blob';
}

/** A request body sent as it is (a CSV file) with its own Content-Type, instead of as JSON. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly data: string | Blob,
  ) {}
}

export type QueryValue = string | number | boolean;

type Query = Readonly<Record<string, QueryValue | undefined>>;

/** What a route answers as the till reads it: its JSON answer (shared/route-answers.ts), or a document as text or a file. */
export type AnswerOf<Route extends RouteName> = Route extends keyof RouteAnswers
  ? RouteAnswers[Route]
  : Route extends keyof RouteDocuments
    ? RouteDocuments[Route] extends 'blob'
      ? Blob
      : string
    : never;

type ParamsOf<Route extends RouteName> = [PathParameterNames<PathOf<Route>>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParameterNames<PathOf<Route>>, string | number> };

/** A call of a route: the values of its path's parameters (where it has any), its query, body and extra headers. */
export type RouteCall<Route extends RouteName> = ParamsOf<Route> &
  (Route extends keyof RouteDocuments ? { responseType: RouteDocuments[Route] } : { responseType?: undefined }) & {
    query?: Query;
    body?: unknown;
    headers?: Readonly<Record<string, string>>;
  };

/** A call as the transport reads it, whatever its route. */
interface LooseCall {
  params?: Readonly<Record<string, string | number>> | undefined;
  query?: Query;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  responseType?: 'text' | 'blob' | undefined;
}

/** The call may be left out where nothing of it is required. */
type CallArguments<Route extends RouteName> = Partial<RouteCall<Route>> extends RouteCall<Route> ? [call?: RouteCall<Route>] : [call: RouteCall<Route>];

/** The path with its query string; parameters left undefined are not sent. */
function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

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
  return {
    code: `http_${response.status}`,
    message: `The server answered ${response.status} ${response.statusText}`.trim(),
    data: { status: response.status },
  };
}

/** A 403 about a manager's approval (`pos_approval_required`, `_invalid`, `_denied`), read without consuming the body. */
async function approvalRefusal(response: Response): Promise<ApiErrorBody | null> {
  if (response.status !== 403) return null;
  const body = await errorFrom(response.clone());
  return body.code.startsWith('pos_approval_') ? body : null;
}

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

async function bodyOf(response: Response, type: 'json' | 'text' | 'blob' = 'json'): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  return text === '' ? null : JSON.parse(text);
}

function errorOfOutcome(outcome: Extract<AuthOutcome, { ok: false }>): ApiRequestError {
  return new ApiRequestError(outcome.error, outcome.retry_after);
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
  private readonly onReachability: (reachable: boolean) => void;
  /** CONTRACT 5: at most one refresh per profile at a time; concurrent requests await the same one. */
  private readonly refreshes = new Map<string, Promise<void>>();
  /** Login, refresh and logout of a keeper that talks to the server go through this client too. */
  private readonly transport: AuthTransport = {
    post: async (path, body, accessToken) => {
      const response = await this.send('POST', path, body, accessToken);
      return { status: response.status, body: await bodyOf(response).catch(() => null), retryAfter: retryAfterOf(response) };
    },
  };

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch;
    this.tokens = options.tokens;
    this.onSessionEnded = options.onSessionEnded;
    this.onReachability = options.onReachability ?? (() => undefined);
  }

  /** Logs a user in, keeps their tokens as a profile and makes it the active one. */
  async login(username: string, secret: string, kind: LoginKind = 'password'): Promise<ApiUser> {
    const outcome = await this.tokens.keeper.login(this.transport, username, secret, kind);
    if (!outcome.ok) throw errorOfOutcome(outcome);
    this.tokens.save(outcome.grant);
    this.tokens.activate(outcome.grant.user.uuid);
    return outcome.grant.user;
  }

  /** Revokes the active profile's session on the server and forgets its tokens here in any case. */
  async logout(): Promise<void> {
    const profileId = this.tokens.activeProfileId();
    if (profileId === null) return;
    try {
      await this.tokens.keeper.logout(this.transport, profileId, this.tokens.accessToken(profileId));
    } catch (error) {
      // The local tokens go whatever the server said; an unreachable server cannot keep the user in.
      if (!(error instanceof ApiRequestError)) throw error;
    } finally {
      this.tokens.forget(profileId);
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

  get<T>(path: string, query: Query = {}, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', withQuery(path, query), undefined, options);
  }

  /**
   * A route by its name in the shared map of answers (`GET /orders/{id}`, with `params: { id }`): the
   * answer is typed by the map's entry, so the till's endpoint modules never type an answer by hand.
   */
  call<Route extends RouteName>(route: Route, ...[call]: CallArguments<Route>): Promise<AnswerOf<Route>> {
    const { params, query = {}, body, headers, responseType }: LooseCall = call ?? {};
    const space = route.indexOf(' ');
    const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params?.[name])));
    const options: RequestOptions = {};
    if (headers !== undefined) options.headers = headers;
    if (responseType !== undefined) options.responseType = responseType;
    return this.request<AnswerOf<Route>>(route.slice(0, space), withQuery(path, query), body, options);
  }

  /** A request as the active profile, with the refresh-once-and-repeat rule of CONTRACT 5. */
  request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const profileId = this.tokens.activeProfileId();
    if (profileId === null) return Promise.reject(noActiveProfile());
    return this.requestAs<T>(profileId, method, path, body, options);
  }

  private async requestAs<T>(profileId: string, method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
    let refreshed = false;
    if (this.tokens.accessToken(profileId) === null) {
      // After a reload only the refresh token is left: refresh first instead of sending a request bound to fail.
      await this.refresh(profileId, true);
      refreshed = true;
    }
    const usedToken = this.tokens.accessToken(profileId);
    let response = await this.send(method, path, body, usedToken, options.headers);
    // A manager's approval missing or refused is not a token problem: refreshing would not help.
    const approval = await approvalRefusal(response);
    if (approval !== null) throw new ApiRequestError(approval);
    if (isAuthFailure(response.status) && !refreshed) {
      const pending = this.refreshes.get(profileId);
      if (pending !== undefined) await pending;
      // A refresh that finished while this request was on its way already replaced the token.
      else if (this.tokens.accessToken(profileId) === usedToken) await this.refresh(profileId, true);
      response = await this.send(method, path, body, this.tokens.accessToken(profileId), options.headers);
    }
    if (isAuthFailure(response.status)) throw new StillUnauthorizedError(await errorFrom(response));
    if (!response.ok) throw new ApiRequestError(await errorFrom(response), retryAfterOf(response));
    return (await bodyOf(response, options.responseType)) as T;
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
    const outcome = await this.tokens.keeper.refresh(this.transport, profileId);
    if (outcome.ok) {
      this.tokens.save(outcome.grant);
      return;
    }
    if (outcome.status === 401) throw await this.endSession(profileId, outcome.error, notifySessionEnd);
    if (outcome.status === 0) this.onReachability(false);
    throw errorOfOutcome(outcome);
  }

  /** Forgets the profile, tells the UI and returns the error to throw. */
  private async endSession(profileId: string, body: ApiErrorBody, notify: boolean): Promise<SessionEndedError> {
    const profile = (await this.tokens.profiles()).find((candidate) => candidate.uuid === profileId) ?? null;
    this.tokens.forget(profileId);
    const error = new SessionEndedError(body);
    if (notify) this.onSessionEnded({ profile, code: error.code, reason: error.reason });
    return error;
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    accessToken: string | null,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    const init: RequestInit = { method, headers };
    if (body instanceof RawBody) {
      headers['Content-Type'] = body.contentType;
      init.body = body.data;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const fetchFn = this.fetchFn;
    let response: Response;
    try {
      response = await fetchFn(`${this.baseUrl}${path}`, init);
    } catch {
      this.onReachability(false);
      throw unreachable();
    }
    this.onReachability(true);
    return response;
  }
}
