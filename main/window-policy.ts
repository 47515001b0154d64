/**
 * What the till's window may do: it runs the app's own pages from the embedded server and nothing
 * else. Takes the Electron objects it needs as parameters, so that it is tested without Electron.
 */

/** `webPreferences` of every window: no Node in the page, a sandboxed renderer, only the preload bridge. */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  nodeIntegration: false;
  nodeIntegrationInSubFrames: false;
  sandbox: true;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  spellcheck: false;
}

export function secureWebPreferences(preloadPath: string): SecureWebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

export interface NavigationEvent {
  readonly url: string;
  preventDefault(): void;
}

export interface WindowOpenRequest {
  readonly url: string;
}

export type WindowOpenDecision = { action: 'deny' } | { action: 'allow'; overrideBrowserWindowOptions: { webPreferences: SecureWebPreferences } };

/** The part of Electron's `WebContents` the policy uses. */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: WindowOpenRequest) => WindowOpenDecision): void;
}

export interface NavigationPolicy {
  /** The embedded server's origin, e.g. `http://127.0.0.1:41234`. */
  appOrigin: string;
  preloadPath: string;
  /** Hands a web link to the user's browser (Electron's `shell.openExternal`). */
  openExternal: (url: string) => void;
}

/** The part of Electron's `Session` the policy uses. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** True for pages of the embedded server (same scheme, host and port). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  return originOf(url) === appOrigin;
}

/** True for links the user may follow in their own browser. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Keeps the window on the app's origin. Navigation away (a link, a redirect, a frame) is cancelled; a web link opens in the
 * user's browser instead, and any other scheme (file:, javascript:, custom protocols) goes nowhere.
 * A window the app opens on its own origin gets the same locked-down preferences, not inherited ones.
 */
export function guardNavigation(contents: GuardedContents, policy: NavigationPolicy): void {
  const { appOrigin, preloadPath, openExternal } = policy;
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, appOrigin)) return;
    event.preventDefault();
    if (isExternalWebUrl(event.url)) openExternal(event.url);
  });
  // A server redirect, or a frame inside the page, must not carry the window elsewhere either; they
  // are not the user's clicks, so nothing is handed to the browser.
  for (const name of ['will-redirect', 'will-frame-navigate'] as const) {
    contents.on(name, (event) => {
      if (!isAppUrl(event.url, appOrigin)) event.preventDefault();
    });
  }
  contents.setWindowOpenHandler(({ url }) => {
    if (isAppUrl(url, appOrigin)) return { action: 'allow', overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(preloadPath) } };
    if (isExternalWebUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** The till needs no camera, microphone, location or notifications: every permission request is refused. */
export function denyPermissionRequests(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => {
    callback(false);
  });
}
