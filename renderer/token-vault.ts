/**
 * The tokens of the users logged in on this till, one profile per user, so that the till can switch
 * user without logging the others out. Access tokens stay in memory only; refresh tokens go where
 * the environment allows: the desktop app's keychain through the preload bridge, or the tab's
 * sessionStorage in a plain browser. Free of DOM globals so that it also runs under Node.
 */
import type { ApiUser, TokenResponse } from '../shared/api.js';
import { ROLES, type RoleName } from '../shared/access.js';
import type { ProfileBridge, SavedProfile } from '../shared/bridge.js';

/** The part of the Web Storage interface the vault uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface StoredEntry {
  profile: SavedProfile;
  refresh_token: string;
}

const PROFILES_KEY = 'tillbase.profiles';
const ACTIVE_PROFILE_KEY = 'tillbase.active-profile';

export function savedProfileOf(user: ApiUser): SavedProfile {
  return { uuid: user.uuid, username: user.username, display_name: user.display_name, roles: [...user.roles] };
}

function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Record<keyof StoredEntry, unknown>>;
  const profile = entry.profile as Partial<Record<keyof SavedProfile, unknown>> | null | undefined;
  return (
    typeof entry.refresh_token === 'string' &&
    typeof profile === 'object' &&
    profile !== null &&
    typeof profile.uuid === 'string' &&
    typeof profile.username === 'string' &&
    typeof profile.display_name === 'string' &&
    Array.isArray(profile.roles) &&
    profile.roles.every(isRoleName)
  );
}

/** Profiles in the tab's sessionStorage: they survive a reload and end with the tab. */
export function sessionStorageProfiles(storage: StorageLike): ProfileBridge {
  const read = (): Map<string, StoredEntry> => {
    const entries = new Map<string, StoredEntry>();
    let parsed: unknown;
    try {
      parsed = JSON.parse(storage.getItem(PROFILES_KEY) ?? '[]');
    } catch {
      // A damaged entry is treated as no saved profiles: the user logs in again.
      return entries;
    }
    if (Array.isArray(parsed)) {
      for (const item of parsed) if (isStoredEntry(item)) entries.set(item.profile.uuid, item);
    }
    return entries;
  };
  const write = (entries: Map<string, StoredEntry>): void => {
    storage.setItem(PROFILES_KEY, JSON.stringify([...entries.values()]));
  };
  return {
    list: () => Promise.resolve([...read().values()].map((entry) => entry.profile)),
    refreshToken: (uuid) => Promise.resolve(read().get(uuid)?.refresh_token ?? null),
    save: (profile, refreshToken) => {
      const entries = read();
      entries.set(profile.uuid, { profile, refresh_token: refreshToken });
      write(entries);
      return Promise.resolve();
    },
    remove: (uuid) => {
      const entries = read();
      if (entries.delete(uuid)) write(entries);
      return Promise.resolve();
    },
  };
}

/** Profiles for the life of the page only, where no storage is available (and under Node). */
export function memoryProfiles(): ProfileBridge {
  const entries = new Map<string, StoredEntry>();
  return {
    list: () => Promise.resolve([...entries.values()].map((entry) => entry.profile)),
    refreshToken: (uuid) => Promise.resolve(entries.get(uuid)?.refresh_token ?? null),
    save: (profile, refreshToken) => {
      entries.set(profile.uuid, { profile, refresh_token: refreshToken });
      return Promise.resolve();
    },
    remove: (uuid) => {
      entries.delete(uuid);
      return Promise.resolve();
    },
  };
}

interface LiveSession {
  accessToken: string;
  user: ApiUser;
}

export class TokenVault {
  private readonly live = new Map<string, LiveSession>();
  private activeId: string | null;

  /**
   * @param store where refresh tokens and the profile list are kept
   * @param activeSlot remembers which profile is active across a reload of the window
   */
  constructor(
    private readonly store: ProfileBridge,
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

  refreshToken(uuid: string): Promise<string | null> {
    return this.store.refreshToken(uuid);
  }

  profiles(): Promise<SavedProfile[]> {
    return this.store.list();
  }

  /** Keeps a login's or refresh's tokens under the user's profile; the active profile does not change. */
  async save(tokens: TokenResponse): Promise<void> {
    this.live.set(tokens.user.uuid, { accessToken: tokens.access_token, user: tokens.user });
    await this.store.save(savedProfileOf(tokens.user), tokens.refresh_token);
  }

  activate(uuid: string): void {
    this.activeId = uuid;
    this.activeSlot?.setItem(ACTIVE_PROFILE_KEY, uuid);
  }

  /** Back to the login screen; every profile stays logged in. */
  deactivate(): void {
    this.activeId = null;
    this.activeSlot?.removeItem(ACTIVE_PROFILE_KEY);
  }

  /** Drops a profile's tokens, after a logout or when its session ended. */
  async forget(uuid: string): Promise<void> {
    this.live.delete(uuid);
    if (this.activeId === uuid) this.deactivate();
    await this.store.remove(uuid);
  }
}
