/**
 * The preload bridge of the desktop app (`window.tillbase`), typed once for both sides: the preload
 * script that exposes it, the main process that answers its IPC calls, and the renderer that uses it.
 * Type-only on purpose: a sandboxed preload script cannot load other modules at run time.
 */
import type { RoleName } from './access.js';

/** What the till remembers about a logged-in user besides the tokens: enough to offer "continue as". */
export interface SavedProfile {
  uuid: string;
  username: string;
  display_name: string;
  roles: RoleName[];
}

/** Refresh tokens of the logged-in profiles, kept by the main process in the OS keychain. */
export interface ProfileBridge {
  list(): Promise<SavedProfile[]>;
  refreshToken(uuid: string): Promise<string | null>;
  save(profile: SavedProfile, refreshToken: string): Promise<void>;
  remove(uuid: string): Promise<void>;
}

export interface TillbaseBridge {
  profiles: ProfileBridge;
}

/** The IPC channel of each bridge method; the literal types keep preload and main in step. */
export interface ProfileChannels {
  list: 'tillbase:profiles:list';
  refreshToken: 'tillbase:profiles:refresh-token';
  save: 'tillbase:profiles:save';
  remove: 'tillbase:profiles:remove';
}
