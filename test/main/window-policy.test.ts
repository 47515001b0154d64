import { describe, expect, it } from 'vitest';
import {
  denyPermissionRequests,
  guardNavigation,
  isAppUrl,
  secureWebPreferences,
  type GuardedContents,
  type NavigationEvent,
  type WindowOpenDecision,
  type WindowOpenRequest,
} from '../../main/window-policy.js';

const APP_ORIGIN = 'http://127.0.0.1:41234';
const PRELOAD = '/opt/tillbase/dist/main/preload.cjs';

/** A stand-in for Electron's WebContents that records the listeners the policy installs. */
function fakeContents() {
  const listeners = new Map<string, (event: NavigationEvent) => void>();
  let openHandler: ((details: WindowOpenRequest) => WindowOpenDecision) | undefined;
  const contents: GuardedContents = {
    on(event, listener) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler) {
      openHandler = handler;
    },
  };
  const opened: string[] = [];
  guardNavigation(contents, { appOrigin: APP_ORIGIN, preloadPath: PRELOAD, openExternal: (url) => opened.push(url) });
  return {
    opened,
    navigateTo(url: string, event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate' = 'will-navigate'): boolean {
      let prevented = false;
      listeners.get(event)!({ url, preventDefault: () => (prevented = true) });
      return prevented;
    },
    openWindow: (url: string) => openHandler!({ url }),
  };
}

describe('secure web preferences', () => {
  it('isolate the page from Node and keep only the preload bridge', () => {
    expect(secureWebPreferences(PRELOAD)).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('navigation guard', () => {
  it('lets the window move between pages of the embedded server', () => {
    const window = fakeContents();
    expect(window.navigateTo(`${APP_ORIGIN}/app/#/settings`)).toBe(false);
    expect(window.navigateTo(`${APP_ORIGIN}/app/index.html`)).toBe(false);
    expect(window.opened).toEqual([]);
  });

  it('cancels navigation off the origin and hands web links to the browser', () => {
    const window = fakeContents();
    expect(window.navigateTo('https://example.com/help')).toBe(true);
    expect(window.navigateTo('http://example.com/')).toBe(true);
    expect(window.opened).toEqual(['https://example.com/help', 'http://example.com/']);
  });

  it('cancels redirects and frame navigations off the origin, opening nothing', () => {
    const window = fakeContents();
    for (const event of ['will-redirect', 'will-frame-navigate'] as const) {
      expect(window.navigateTo('https://example.com/login', event)).toBe(true);
      expect(window.navigateTo('file:///etc/passwd', event)).toBe(true);
      expect(window.navigateTo(`${APP_ORIGIN}/app/#/sell`, event)).toBe(false);
    }
    expect(window.opened).toEqual([]);
  });

  it('treats another port or host of the same machine as foreign', () => {
    const window = fakeContents();
    expect(window.navigateTo('http://127.0.0.1:8787/app/')).toBe(true);
    expect(window.navigateTo('http://localhost:41234/app/')).toBe(true);
    expect(window.navigateTo('https://127.0.0.1:41234/app/')).toBe(true);
  });

  it('cancels other schemes without opening anything', () => {
    const window = fakeContents();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'tillbase://open', 'data:text/html,hi', 'not a url']) {
      expect(window.navigateTo(url)).toBe(true);
    }
    expect(window.opened).toEqual([]);
  });
});

describe('window open handler', () => {
  it('denies windows off the origin and opens web links in the browser', () => {
    const window = fakeContents();
    expect(window.openWindow('https://example.com/receipt')).toEqual({ action: 'deny' });
    expect(window.openWindow('file:///tmp/x.html')).toEqual({ action: 'deny' });
    expect(window.openWindow('http://localhost:41234/app/')).toEqual({ action: 'deny' });
    expect(window.opened).toEqual(['https://example.com/receipt', 'http://localhost:41234/app/']);
  });

  it('gives a window on the app origin the same locked-down preferences', () => {
    const window = fakeContents();
    expect(window.openWindow(`${APP_ORIGIN}/app/`)).toEqual({
      action: 'allow',
      overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(PRELOAD) },
    });
    expect(window.opened).toEqual([]);
  });
});

describe('origin matching', () => {
  it('compares scheme, host and port', () => {
    expect(isAppUrl(`${APP_ORIGIN}/pos/v1/products`, APP_ORIGIN)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:41234.evil.example/', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('http://user@127.0.0.1:41235/', APP_ORIGIN)).toBe(false);
  });
});

describe('permission requests', () => {
  it('are all refused', () => {
    const answers: boolean[] = [];
    let handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    denyPermissionRequests({ setPermissionRequestHandler: (installed) => (handler = installed) });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) handler!({}, permission, (granted) => answers.push(granted));
    expect(answers).toEqual([false, false, false, false]);
  });
});
