import type { Server } from 'node:net';
import type { Socket } from 'node:net';

/**
 * Every socket a listener accepted, so that closing it can end them all. Node's
 * `closeAllConnections()` knows only the connections that reached HTTP: on an HTTPS listener a
 * socket still in its TLS handshake is not one of them, and `server.close()` waits for it until the
 * handshake times out, two minutes later (a peer that connected as its till went down, or a
 * half-open connection; seen as a till's shutdown hanging past a minute in CI). The raw socket is
 * the one the listener's 'connection' event hands over, before any TLS.
 */
export class ListenerSockets {
  readonly #sockets = new Set<Socket>();

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  /**
   * Stops accepting, lets the requests under way finish for `graceMs`, then ends every connection
   * left, idle, busy or still shaking hands; resolves once the listener is closed.
   */
  close(graceMs = 0): Promise<void> {
    return new Promise((resolve) => {
      // Called back with ERR_SERVER_NOT_RUNNING when it was not listening: closed either way.
      this.server.close(() => {
        resolve();
      });
      const idle = (this.server as Partial<{ closeIdleConnections: () => void }>).closeIdleConnections;
      idle?.call(this.server);
      const endAll = (): void => {
        for (const socket of this.#sockets) socket.destroy();
      };
      if (graceMs <= 0) endAll();
      else setTimeout(endAll, graceMs).unref();
    });
  }
}
