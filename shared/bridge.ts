/**
 * The preload bridge of the desktop app (`window.tillbase`), typed once for both sides: the preload
 * script that exposes it, the main process that answers its IPC calls, and the renderer that uses it.
 * Type-only on purpose: a sandboxed preload script cannot load other modules at run time.
 *
 * Refresh tokens never cross it: the main process logs in, refreshes and logs out itself, keeps
 * the active profile's refresh token in the OS keychain, and hands the page access tokens only.
 * Other saved profiles are names only: switching to one is a login with that user's PIN or password.
 */
import type { RoleName } from './access.js';
import type { ApiErrorBody, ApiUser } from './api.js';

/** What the till remembers about a logged-in user besides the tokens: enough to offer "continue as". */
export interface SavedProfile {
  uuid: string;
  username: string;
  display_name: string;
  roles: RoleName[];
}

/** A login's or refresh's answer without its refresh token: what page script may hold. */
export interface AccessGrant {
  access_token: string;
  expires_at: string;
  user: ApiUser;
}

/** The outcome of a login or refresh: the grant, or the server's error (status 0: not reachable). */
export type AuthOutcome = { ok: true; grant: AccessGrant } | { ok: false; status: number; error: ApiErrorBody; retry_after: number | null };

/** The sessions of the users logged in on this till, kept by the main process. */
export interface SessionBridge {
  profiles(): Promise<SavedProfile[]>;
  /** A login with a password, or with a PIN (`kind` 'pin'); it becomes the active profile, and the previous one's session ends. */
  login(username: string, secret: string, kind?: 'password' | 'pin'): Promise<AuthOutcome>;
  /** A new access token for the active profile, from the refresh token main keeps for it; any other profile is refused. */
  refresh(uuid: string): Promise<AuthOutcome>;
  /** Ends the profile's session on the server and forgets its tokens. */
  logout(uuid: string): Promise<void>;
}

export interface TillbaseBridge {
  session: SessionBridge;
  /** Prints the window: silently to the default printer when the system has one, else with the dialog. */
  print(): Promise<{ printed: boolean; reason: string | null }>;
  /** Opens the customer display's window, or brings it forward: on a second screen when there is one. */
  openCustomerDisplay(): Promise<void>;
}

/** The IPC channel of each bridge method; the literal types keep preload and main in step. */
export interface SessionChannels {
  profiles: 'tillbase:session:profiles';
  login: 'tillbase:session:login';
  refresh: 'tillbase:session:refresh';
  logout: 'tillbase:session:logout';
  print: 'tillbase:print';
  customerDisplay: 'tillbase:customer-display';
}
