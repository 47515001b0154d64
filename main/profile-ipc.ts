/**
 * The main-process side of the preload bridge (`window.tillbase.profiles`): the refresh token of
 * each logged-in profile, kept in the SecretStore (the OS keychain) under `profile:<user uuid>`,
 * plus a list of the profiles so that the login screen can offer them after a restart.
 * Only the app's own pages may call it; every argument is checked, since a renderer is untrusted.
 */
import { z } from 'zod';
import { ROLES } from '../shared/access.js';
import type { ProfileChannels, SavedProfile } from '../shared/bridge.js';
import type { SecretStore } from '../server/secrets/secret-store.js';

export const PROFILE_CHANNELS: ProfileChannels = {
  list: 'tillbase:profiles:list',
  refreshToken: 'tillbase:profiles:refresh-token',
  save: 'tillbase:profiles:save',
  remove: 'tillbase:profiles:remove',
};

/** The SecretStore account of a profile's refresh token. */
export function profileAccount(uuid: string): string {
  return `profile:${uuid}`;
}

/** The SecretStore account of the list of saved profiles (names and roles, no tokens). */
export const PROFILE_INDEX_ACCOUNT = 'profile-index';

/** The part of Electron's `IpcMainInvokeEvent` the handlers use. */
export interface ProfileIpcEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` the handlers use. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: ProfileIpcEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** A refused call; the message names the problem, never a token. */
export class ProfileIpcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileIpcError';
  }
}

const uuidSchema = z.uuid();
const refreshTokenSchema = z
  .string()
  .max(4096)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'a compact JWT');
const profileSchema = z.strictObject({
  uuid: uuidSchema,
  username: z.string().min(1).max(200),
  display_name: z.string().max(200),
  roles: z.array(z.enum(ROLES)).max(ROLES.length),
});

const listArgs = z.tuple([]);
const refreshTokenArgs = z.tuple([uuidSchema]);
const saveArgs = z.tuple([profileSchema, refreshTokenSchema]);
const removeArgs = z.tuple([uuidSchema]);

function parseArgs<T>(schema: z.ZodType<T>, channel: string, args: unknown[]): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new ProfileIpcError(`${channel}: invalid arguments (${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ')})`);
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

/**
 * Registers the bridge's handlers on `ipc`, answering only frames of `appOrigin`.
 * Returns a function that removes them again (before the server and its SecretStore close).
 */
export function registerProfileIpc(ipc: IpcMainLike, secrets: SecretStore, appOrigin: string): () => void {
  // Changes of the profile list are read-modify-write: one at a time, so concurrent saves do not lose entries.
  let indexQueue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = indexQueue.then(task, task);
    indexQueue = run.catch(() => undefined);
    return run;
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

  const handle = <T>(channel: string, listener: (...args: unknown[]) => Promise<T>): void => {
    ipc.handle(channel, async (event, ...args) => {
      const origin = senderOrigin(event);
      if (origin !== appOrigin) throw new ProfileIpcError(`${channel}: refused a call from ${origin ?? 'a frame without an origin'}`);
      return await listener(...args);
    });
  };

  handle(PROFILE_CHANNELS.list, (...args) => {
    parseArgs(listArgs, PROFILE_CHANNELS.list, args);
    return serialized(readIndex);
  });

  handle(PROFILE_CHANNELS.refreshToken, (...args) => {
    const [uuid] = parseArgs(refreshTokenArgs, PROFILE_CHANNELS.refreshToken, args);
    return secrets.get(profileAccount(uuid));
  });

  handle(PROFILE_CHANNELS.save, (...args) => {
    const [profile, refreshToken] = parseArgs(saveArgs, PROFILE_CHANNELS.save, args);
    return serialized(async () => {
      await secrets.set(profileAccount(profile.uuid), refreshToken);
      const others = (await readIndex()).filter((saved) => saved.uuid !== profile.uuid);
      await writeIndex([...others, profile]);
    });
  });

  handle(PROFILE_CHANNELS.remove, (...args) => {
    const [uuid] = parseArgs(removeArgs, PROFILE_CHANNELS.remove, args);
    return serialized(async () => {
      await secrets.delete(profileAccount(uuid));
      const profiles = await readIndex();
      const remaining = profiles.filter((saved) => saved.uuid !== uuid);
      if (remaining.length !== profiles.length) await writeIndex(remaining);
    });
  });

  return () => {
    for (const channel of [PROFILE_CHANNELS.list, PROFILE_CHANNELS.refreshToken, PROFILE_CHANNELS.save, PROFILE_CHANNELS.remove]) ipc.removeHandler(channel);
  };
}
