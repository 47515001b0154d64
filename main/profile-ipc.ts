/**
 * The main-process side of the preload bridge's sessions (`window.tillbase.session`). Main logs the
 * till's users in, refreshes and logs out over the embedded server's pos/v1 API itself, keeps each
 * profile's refresh token in the SecretStore (the OS keychain) under `profile:<user uuid>`, and
 * answers the page with access tokens only: a refresh token never reaches page script, so a script
 * injected into the page could at worst use a 30-minute access token, not mint new ones for weeks.
 * Only the app's own pages may call it; every argument is checked, since a renderer is untrusted.
 *
 * Main keeps one session: the active profile's. Logging in as someone else (a switch, with that
 * user's PIN or password) ends the previous user's session on the server and drops its refresh
 * token, keeping only its name for the "switch to" buttons; `refresh` answers the active profile
 * only. So page script can never obtain a token for another user without their PIN or password.
 */
import { z } from 'zod';
import { ROLES } from '../shared/access.js';
import type { ApiErrorBody, TokenResponse } from '../shared/api.js';
import type { AuthOutcome, SavedProfile, SessionChannels } from '../shared/bridge.js';
import type { SecretStore } from '../server/secrets/secret-store.js';

export const SESSION_CHANNELS: SessionChannels = {
  profiles: 'tillbase:session:profiles',
  login: 'tillbase:session:login',
  refresh: 'tillbase:session:refresh',
  logout: 'tillbase:session:logout',
  print: 'tillbase:print',
  customerDisplay: 'tillbase:customer-display',
};

/** The SecretStore account of a profile's refresh token. */
export function profileAccount(uuid: string): string {
  return `profile:${uuid}`;
}

/** The SecretStore account of the list of saved profiles (names and roles, no tokens). */
export const PROFILE_INDEX_ACCOUNT = 'profile-index';

/** The SecretStore account naming the active profile (its uuid), so that a restart resumes that one only. */
export const ACTIVE_PROFILE_ACCOUNT = 'profile-active';

/** The part of Electron's `IpcMainInvokeEvent` the handlers use. */
export interface ProfileIpcEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` the handlers use. */
export interface IpcMainLike<Event extends ProfileIpcEvent = ProfileIpcEvent> {
  handle(channel: string, listener: (event: Event, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** A refused call; the message names the problem, never a token or password. */
export class ProfileIpcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileIpcError';
  }
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string>; headers: { get(name: string): string | null } }>;

const uuidSchema = z.uuid();
const profileSchema = z.strictObject({
  uuid: uuidSchema,
  username: z.string().min(1).max(200),
  display_name: z.string().max(200),
  roles: z.array(z.enum(ROLES)).max(ROLES.length),
});

const noArgs = z.tuple([]);
const loginUsername = z.string().trim().min(1).max(254);
const loginSecret = z.string().min(1).max(1024);
const loginArgs = z.union([z.tuple([loginUsername, loginSecret]), z.tuple([loginUsername, loginSecret, z.enum(['password', 'pin'])])]);
const uuidArgs = z.tuple([uuidSchema]);

export function parseArgs<T>(schema: z.ZodType<T>, channel: string, args: unknown[]): T {
  const parsed = schema.safeParse(args);
  // Issues name the argument's position and the rule, never its value (it may be a password).
  if (!parsed.success)
    throw new ProfileIpcError(
      `${channel}: invalid arguments (${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ')})`,
    );
  return parsed.data;
}

function senderOrigin(event: ProfileIpcEvent): string | null {
  const url = event.senderFrame?.url;
  if (url === undefined) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Registers `listener` on `channel`, answering only frames of `appOrigin`. */
export function handleFromApp<Event extends ProfileIpcEvent>(
  ipc: IpcMainLike<Event>,
  appOrigin: string,
  channel: string,
  listener: (event: Event, ...args: unknown[]) => Promise<unknown>,
): void {
  ipc.handle(channel, async (event, ...args) => {
    const origin = senderOrigin(event);
    if (origin !== appOrigin) throw new ProfileIpcError(`${channel}: refused a call from ${origin ?? 'a frame without an origin'}`);
    return await listener(event, ...args);
  });
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const body = value as Partial<ApiErrorBody> | null;
  return (
    typeof body === 'object' && body !== null && typeof body.code === 'string' && typeof body.message === 'string' && typeof body.data?.status === 'number'
  );
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter: number | null;
}

const UNREACHABLE: Answer = {
  status: 0,
  body: { code: 'network_error', message: 'The Tillbase server could not be reached.', data: { status: 0 } },
  retryAfter: null,
};

function outcomeOf(answer: Answer): AuthOutcome {
  if (answer.status === 200) {
    const tokens = answer.body as TokenResponse;
    return { ok: true, grant: { access_token: tokens.access_token, expires_at: tokens.expires_at, user: tokens.user } };
  }
  const error = isErrorBody(answer.body)
    ? answer.body
    : { code: `http_${answer.status}`, message: `The server answered ${answer.status}`, data: { status: answer.status } };
  return { ok: false, status: answer.status, error, retry_after: answer.retryAfter };
}

/**
 * Registers the session handlers on `ipc` for pages of `appOrigin`, talking to the API at `apiUrl`.
 * Returns a function that removes them again (before the server and its SecretStore close).
 */
export function registerProfileIpc(ipc: IpcMainLike, secrets: SecretStore, appOrigin: string, apiUrl: string, fetchFn: FetchLike): () => void {
  /** The latest access token of each profile, so that main can log a profile out. */
  const accessTokens = new Map<string, string>();
  // Changes of a profile's tokens and of the profile list are read-modify-write: one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const post = async (path: string, body: unknown, accessToken: string | null): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetchFn(`${apiUrl}${path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await response.text();
      const retryAfter = response.headers.get('Retry-After');
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON: described by its status.
      }
      return { status: response.status, body: parsed, retryAfter: retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null };
    } catch {
      return UNREACHABLE;
    }
  };

  const readIndex = async (): Promise<SavedProfile[]> => {
    const stored = await secrets.get(PROFILE_INDEX_ACCOUNT);
    if (stored === null) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored);
    } catch {
      // A damaged list only costs the "continue as" buttons; the tokens stay in their own accounts.
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      const profile = profileSchema.safeParse(item);
      return profile.success ? [profile.data] : [];
    });
  };
  const writeIndex = (profiles: SavedProfile[]): Promise<void> => secrets.set(PROFILE_INDEX_ACCOUNT, JSON.stringify(profiles));

  const keep = async (tokens: TokenResponse): Promise<void> => {
    const profile: SavedProfile = {
      uuid: tokens.user.uuid,
      username: tokens.user.username,
      display_name: tokens.user.display_name,
      roles: [...tokens.user.roles],
    };
    accessTokens.set(profile.uuid, tokens.access_token);
    await secrets.set(profileAccount(profile.uuid), tokens.refresh_token);
    const others = (await readIndex()).filter((saved) => saved.uuid !== profile.uuid);
    await writeIndex([...others, profile]);
  };

  const forget = async (uuid: string): Promise<void> => {
    accessTokens.delete(uuid);
    await secrets.delete(profileAccount(uuid));
    const profiles = await readIndex();
    const remaining = profiles.filter((saved) => saved.uuid !== uuid);
    if (remaining.length !== profiles.length) await writeIndex(remaining);
  };

  /** Ends a profile's session on the server (best effort) and drops its tokens; its name stays listed. */
  const endServerSession = async (uuid: string): Promise<void> => {
    let accessToken = accessTokens.get(uuid) ?? null;
    let answer = accessToken === null ? null : await post('/auth/logout', undefined, accessToken);
    if (answer === null || answer.status === 401 || answer.status === 403) {
      const refreshToken = await secrets.get(profileAccount(uuid));
      const refreshed = refreshToken === null ? null : await post('/auth/refresh', { refresh_token: refreshToken }, null);
      accessToken = refreshed?.status === 200 ? (refreshed.body as TokenResponse).access_token : null;
      answer = accessToken === null ? null : await post('/auth/logout', undefined, accessToken);
    }
    accessTokens.delete(uuid);
    await secrets.delete(profileAccount(uuid));
  };

  /** Ends a profile's session on the server (best effort) and forgets it here. */
  const endSession = async (uuid: string): Promise<void> => {
    await endServerSession(uuid);
    await forget(uuid);
    if ((await secrets.get(ACTIVE_PROFILE_ACCOUNT)) === uuid) await secrets.delete(ACTIVE_PROFILE_ACCOUNT);
  };

  const notActive: AuthOutcome = {
    ok: false,
    status: 401,
    error: { code: 'pos_auth_refresh_invalid', message: 'This user is not signed in on this till: sign in with their PIN or password.', data: { status: 401 } },
    retry_after: null,
  };

  const refresh = async (uuid: string): Promise<AuthOutcome> => {
    if ((await secrets.get(ACTIVE_PROFILE_ACCOUNT)) !== uuid) return notActive;
    const refreshToken = await secrets.get(profileAccount(uuid));
    if (refreshToken === null)
      return {
        ok: false,
        status: 401,
        error: { code: 'pos_auth_refresh_invalid', message: 'This profile has no saved session.', data: { status: 401 } },
        retry_after: null,
      };
    const answer = await post('/auth/refresh', { refresh_token: refreshToken }, null);
    if (answer.status === 200) await keep(answer.body as TokenResponse);
    else if (answer.status === 401) await forget(uuid);
    return outcomeOf(answer);
  };

  const login = async (username: string, secret: string, kind: 'password' | 'pin'): Promise<AuthOutcome> => {
    const answer = await post('/auth/login', kind === 'pin' ? { username, pin: secret } : { username, password: secret }, null);
    if (answer.status !== 200) return outcomeOf(answer);
    const tokens = answer.body as TokenResponse;
    // A new login of a saved profile (a switch back, an unlock) replaces its old session on the server;
    // any other profile that still holds a session (the user switched from) loses it.
    if ((await secrets.get(profileAccount(tokens.user.uuid))) !== null) await endSession(tokens.user.uuid);
    for (const profile of await readIndex()) {
      if (profile.uuid !== tokens.user.uuid && (await secrets.get(profileAccount(profile.uuid))) !== null) await endServerSession(profile.uuid);
    }
    await keep(tokens);
    await secrets.set(ACTIVE_PROFILE_ACCOUNT, tokens.user.uuid);
    return outcomeOf(answer);
  };

  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.profiles, (_event, ...args) => {
    parseArgs(noArgs, SESSION_CHANNELS.profiles, args);
    return serialized(readIndex);
  });
  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.login, (_event, ...args) => {
    const [username, secret, kind] = parseArgs(loginArgs, SESSION_CHANNELS.login, args);
    return serialized(() => login(username, secret, kind ?? 'password'));
  });
  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.refresh, (_event, ...args) => {
    const [uuid] = parseArgs(uuidArgs, SESSION_CHANNELS.refresh, args);
    return serialized(() => refresh(uuid));
  });
  handleFromApp(ipc, appOrigin, SESSION_CHANNELS.logout, (_event, ...args) => {
    const [uuid] = parseArgs(uuidArgs, SESSION_CHANNELS.logout, args);
    return serialized(() => endSession(uuid));
  });

  return () => {
    for (const channel of [SESSION_CHANNELS.profiles, SESSION_CHANNELS.login, SESSION_CHANNELS.refresh, SESSION_CHANNELS.logout]) ipc.removeHandler(channel);
  };
}
