import { describe, expect, it } from 'vitest';
import { closeDevToolsWhenPackaged, CRASH_WINDOW_MS, lockDownShell, MAX_RELOADS, reloadAfterCrash, type ShellContents } from '../../main/shell.js';

/** A stand-in for Electron's WebContents that records listeners and loads. */
function fakeContents() {
  const listeners = new Map<string, (...args: any[]) => void>();
  const loaded: string[] = [];
  let devToolsClosed = 0;
  const contents: ShellContents = {
    on(event: string, listener: (...args: any[]) => void) {
      listeners.set(event, listener);
      return contents;
    },
    closeDevTools: () => {
      devToolsClosed += 1;
    },
    loadURL: (url) => {
      loaded.push(url);
      return Promise.resolve();
    },
  };
  return {
    contents,
    loaded,
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.(...args),
    devToolsClosed: () => devToolsClosed,
    has: (event: string) => listeners.has(event),
  };
}

describe('desktop shell', () => {
  it('removes the menu only in packaged builds', () => {
    const menus: null[] = [];
    lockDownShell({ setApplicationMenu: (menu) => menus.push(menu) }, false);
    expect(menus).toEqual([]);
    lockDownShell({ setApplicationMenu: (menu) => menus.push(menu) }, true);
    expect(menus).toEqual([null]);
  });

  it('closes DevTools opened in a packaged build, and leaves them in development', () => {
    const packaged = fakeContents();
    closeDevToolsWhenPackaged(packaged.contents, true);
    packaged.emit('devtools-opened');
    expect(packaged.devToolsClosed()).toBe(1);
    const development = fakeContents();
    closeDevToolsWhenPackaged(development.contents, false);
    expect(development.has('devtools-opened')).toBe(false);
  });

  it('reloads a crashed renderer with the reason for the page to show, but not a clean exit', () => {
    const window = fakeContents();
    reloadAfterCrash(window.contents, { appUrl: 'http://127.0.0.1:41234/app/', giveUp: () => undefined, reportError: () => undefined });
    window.emit('render-process-gone', {}, { reason: 'clean-exit' });
    expect(window.loaded).toEqual([]);
    window.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(window.loaded).toEqual(['http://127.0.0.1:41234/app/?recovered=crashed']);
  });

  it('gives up instead of looping when the renderer keeps crashing, and starts afresh after a quiet minute', () => {
    const window = fakeContents();
    let now = 0;
    const gaveUp: string[] = [];
    reloadAfterCrash(window.contents, {
      appUrl: 'http://127.0.0.1:41234/app/',
      giveUp: (reason) => gaveUp.push(reason),
      reportError: () => undefined,
      now: () => now,
    });
    for (let crash = 0; crash <= MAX_RELOADS; crash += 1) window.emit('render-process-gone', {}, { reason: 'oom' });
    expect(window.loaded).toHaveLength(MAX_RELOADS);
    expect(gaveUp).toEqual(['oom']);
    now += CRASH_WINDOW_MS;
    window.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(window.loaded).toHaveLength(MAX_RELOADS + 1);
  });
});
