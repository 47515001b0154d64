/**
 * The desktop app's life: start the embedded server, then open the window; on quit, close the
 * server (and with it the database) exactly once before the process ends. Electron's `before-quit`
 * cannot wait for a promise, so the first quit is held back until the server has closed and then
 * requested again.
 */

export interface ClosableServer {
  close(): Promise<void>;
}

export interface LifecycleHooks<Server extends ClosableServer> {
  startServer(): Promise<Server>;
  /** Registers what needs the server (IPC, the window); returns what to undo before the server closes. */
  onServerReady(server: Server): Promise<() => void> | (() => void);
  /** Asks the app to quit again (Electron's `app.quit`). */
  quit(): void;
  reportError(context: string, error: unknown): void;
}

export interface QuitEvent {
  preventDefault(): void;
}

export class AppLifecycle<Server extends ClosableServer> {
  private starting: Promise<Server> | null = null;
  private server: Server | null = null;
  private undoReady: (() => void) | null = null;
  private closing: Promise<void> | null = null;
  private quitPending = false;
  private closed = false;

  constructor(private readonly hooks: LifecycleHooks<Server>) {}

  /** Starts the server, then what depends on it. Calling it again returns the same start. */
  start(): Promise<Server> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  private async startOnce(): Promise<Server> {
    const server = await this.hooks.startServer();
    this.server = server;
    // A quit that came during the start must not open a window on a server that is closing.
    if (this.closing === null) this.undoReady = await this.hooks.onServerReady(server);
    return server;
  }

  /** Closes the server once; every later call returns the same promise. */
  shutdown(): Promise<void> {
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private async closeOnce(): Promise<void> {
    if (this.starting !== null) {
      try {
        await this.starting;
      } catch {
        // A failed start was reported by whoever called start(); a server it did open is closed below.
      }
    }
    if (this.undoReady !== null) {
      this.undoReady();
      this.undoReady = null;
    }
    const server = this.server;
    this.server = null;
    if (server !== null) await server.close();
  }

  /**
   * Windows' `session-end` (log off, shut down): the OS ends the process soon without a quit, so
   * the server and its database are closed now; the WAL is checkpointed and nothing is left half-written.
   */
  handleSessionEnd(): Promise<void> {
    return this.shutdown().catch((error: unknown) => {
      this.hooks.reportError('closing the server at the end of the session', error);
    });
  }

  /** Electron's `before-quit`: hold the quit until the server has closed, then quit for real. */
  handleBeforeQuit(event: QuitEvent): void {
    if (this.closed) return;
    event.preventDefault();
    if (this.quitPending) return;
    this.quitPending = true;
    void this.shutdown()
      .catch((error: unknown) => {
        this.hooks.reportError('closing the server', error);
      })
      .finally(() => {
        this.closed = true;
        this.hooks.quit();
      });
  }
}
