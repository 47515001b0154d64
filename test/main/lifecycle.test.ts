import { describe, expect, it } from 'vitest';
import { AppLifecycle, type LifecycleHooks } from '../../main/lifecycle.js';

interface FakeServer {
  origin: string;
  close(): Promise<void>;
}

/** Records what the lifecycle does with a stand-in server, window and app. */
function harness(options: { startFails?: boolean; closeFails?: boolean; startDelay?: Promise<void> } = {}) {
  const calls: string[] = [];
  const errors: string[] = [];
  let closeCount = 0;
  const server: FakeServer = {
    origin: 'http://127.0.0.1:41234',
    close: async () => {
      closeCount += 1;
      calls.push('close server');
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (options.closeFails === true) throw new Error('database busy');
    },
  };
  const quitRequested: Array<() => void> = [];
  const hooks: LifecycleHooks<FakeServer> = {
    startServer: async () => {
      calls.push('start server');
      await options.startDelay;
      if (options.startFails === true) throw new Error('port in use');
      return server;
    },
    onServerReady: (ready) => {
      calls.push(`open window on ${ready.origin}`);
      return () => calls.push('unregister ipc');
    },
    quit: () => {
      calls.push('quit');
      quitRequested.forEach((listener) => {
        listener();
      });
    },
    reportError: (context, error) => errors.push(`${context}: ${(error as Error).message}`),
  };
  const lifecycle = new AppLifecycle(hooks);
  const quitEvent = () => {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    lifecycle.handleBeforeQuit(event);
    return event;
  };
  const waitForQuit = () => new Promise<void>((resolve) => quitRequested.push(resolve));
  return { lifecycle, calls, errors, quitEvent, waitForQuit, closeCount: () => closeCount };
}

describe('app lifecycle', () => {
  it('starts the server, then opens the window on its origin', async () => {
    const { lifecycle, calls } = harness();
    const server = await lifecycle.start();
    expect(server.origin).toBe('http://127.0.0.1:41234');
    expect(calls).toEqual(['start server', 'open window on http://127.0.0.1:41234']);
    expect(lifecycle.start()).toBe(lifecycle.start());
  });

  it('holds the first quit, closes the server once, then quits for real', async () => {
    const { lifecycle, calls, quitEvent, waitForQuit, closeCount } = harness();
    await lifecycle.start();
    const quitting = waitForQuit();

    expect(quitEvent().prevented).toBe(true);
    // A second quit request (window-all-closed, Cmd-Q twice) while the server is closing.
    expect(quitEvent().prevented).toBe(true);
    await quitting;

    expect(closeCount()).toBe(1);
    expect(calls).toEqual(['start server', 'open window on http://127.0.0.1:41234', 'unregister ipc', 'close server', 'quit']);
    // The quit that app.quit() raises again goes through, and closes nothing more.
    expect(quitEvent().prevented).toBe(false);
    await lifecycle.shutdown();
    expect(closeCount()).toBe(1);
  });

  it('closes the server once however often shutdown is called', async () => {
    const { lifecycle, closeCount } = harness();
    await lifecycle.start();
    await Promise.all([lifecycle.shutdown(), lifecycle.shutdown(), lifecycle.shutdown()]);
    expect(closeCount()).toBe(1);
  });

  it('does not open a window when quit comes while the server is starting, but still closes it', async () => {
    let finishStart!: () => void;
    const { lifecycle, calls, quitEvent, waitForQuit, closeCount } = harness({ startDelay: new Promise((resolve) => (finishStart = resolve)) });
    const starting = lifecycle.start();
    const quitting = waitForQuit();
    expect(quitEvent().prevented).toBe(true);
    finishStart();
    await starting;
    await quitting;
    expect(calls).toEqual(['start server', 'close server', 'quit']);
    expect(closeCount()).toBe(1);
  });

  it('quits even when closing the server fails, and reports why', async () => {
    const { lifecycle, errors, quitEvent, waitForQuit } = harness({ closeFails: true });
    await lifecycle.start();
    const quitting = waitForQuit();
    quitEvent();
    await quitting;
    expect(errors).toEqual(['closing the server: database busy']);
    expect(quitEvent().prevented).toBe(false);
  });

  it('quits without closing anything when the server never started', async () => {
    const { lifecycle, calls, quitEvent, waitForQuit, closeCount } = harness({ startFails: true });
    await expect(lifecycle.start()).rejects.toThrow('port in use');
    const quitting = waitForQuit();
    quitEvent();
    await quitting;
    expect(closeCount()).toBe(0);
    expect(calls).toEqual(['start server', 'quit']);
  });

  it('closes the server at the end of a Windows session, once, without quitting twice', async () => {
    const { lifecycle, calls, closeCount } = harness();
    await lifecycle.start();
    await Promise.all([lifecycle.handleSessionEnd(), lifecycle.handleSessionEnd()]);
    expect(closeCount()).toBe(1);
    expect(calls).toEqual(['start server', 'open window on http://127.0.0.1:41234', 'unregister ipc', 'close server']);
  });
});
