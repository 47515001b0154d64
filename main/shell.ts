/**
 * The desktop shell around the till's window: no menu and no DevTools in packaged builds, and a
 * renderer that crashes is reloaded with a note for the cashier instead of leaving a blank window.
 * Takes the Electron objects it needs as parameters, so that it is tested without Electron.
 */

/** The part of Electron's `Menu` the shell uses. */
export interface MenuLike {
  setApplicationMenu(menu: null): void;
}

/** The parts of Electron's `WebContents` the shell uses. */
export interface ShellContents {
  on(event: 'devtools-opened', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string }) => void): unknown;
  closeDevTools(): void;
  loadURL(url: string): Promise<void>;
}

/**
 * Packaged builds have no application menu (and so no View → Toggle DevTools or its shortcut), and
 * DevTools opened any other way are closed again: a cashier has no use for them, and they would
 * let anyone at the till read the page's access token. Development builds keep both.
 */
export function lockDownShell(menu: MenuLike, packaged: boolean): void {
  if (packaged) menu.setApplicationMenu(null);
}

export function closeDevToolsWhenPackaged(contents: ShellContents, packaged: boolean): void {
  if (!packaged) return;
  contents.on('devtools-opened', () => {
    contents.closeDevTools();
  });
}

export interface CrashPolicy {
  /** The page to load again, e.g. `http://127.0.0.1:41234/app/`. */
  appUrl: string;
  /** Called when crashes come too fast to keep reloading. */
  giveUp: (reason: string) => void;
  reportError: (context: string, error: unknown) => void;
  now?: () => number;
}

/** Reloads at most this many times within CRASH_WINDOW_MS; a renderer that keeps dying is not looped. */
export const MAX_RELOADS = 3;
export const CRASH_WINDOW_MS = 60_000;

/**
 * A renderer that is gone (crashed, killed, out of memory) is reloaded on the app's page with
 * `?recovered=<reason>`, which the page shows as a note: the cart is a server order, so nothing is lost.
 */
export function reloadAfterCrash(contents: ShellContents, policy: CrashPolicy): void {
  const now = policy.now ?? Date.now;
  let recent: number[] = [];
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    const at = now();
    recent = [...recent.filter((time) => at - time < CRASH_WINDOW_MS), at];
    if (recent.length > MAX_RELOADS) {
      policy.giveUp(details.reason);
      return;
    }
    const url = new URL(policy.appUrl);
    url.searchParams.set('recovered', details.reason);
    contents.loadURL(url.toString()).catch((error: unknown) => {
      policy.reportError('reloading the window after a crash', error);
    });
  });
}
