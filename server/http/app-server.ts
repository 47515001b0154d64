import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type Initialiser<Args extends unknown[]> = (this: object, ...args: Args) => void;

/** Node's request and response are constructor functions (not classes) that can set up an object made elsewhere. */
const isConstructorFunction = (constructor: object): boolean => !Function.prototype.toString.call(constructor).startsWith('class');

/**
 * The HTTP server of `app`, whose requests and responses are born with Express's own prototypes
 * (`app.request`, `app.response`). Express gives every request and response those prototypes as it
 * starts handling them (`Object.setPrototypeOf`), and V8 pays for that dearly: the objects leave
 * their fast shapes, and every later property access on them, Node's own included, goes the slow
 * way. Born with the prototype, Express's call changes nothing. Measured on a 2-core machine: an
 * Express 5 route answering 2 KB took 65 µs of CPU a request this way and 21 µs born right, where
 * node:http alone takes 15 µs. (`Reflect.construct` would make them too, at 107 µs: it is not
 * optimised for this.) Should Node's constructors ever become classes, the server is made plainly.
 */
export function createAppServer(app: Express, tls?: Pick<HttpsOptions, 'key' | 'cert'>): Server {
  return keepingIdleConnections(madeServer(app, tls));
}

/**
 * Node closes an idle kept-alive connection after 5 s, and a client drops its own a little sooner
 * (fetch: 4 s). A client slowed down by a busy machine can send on its connection just as the
 * server closes it, and gets ECONNRESET for a request the server never saw (seen on a loaded CI
 * run, a catalogue page read). The tills' clients are on the same machine or the shop's network:
 * idle connections kept a minute cost nothing, and the clients let theirs go long before.
 */
function keepingIdleConnections(server: Server): Server {
  server.keepAliveTimeout = 65_000;
  // Node's advice: longer than keepAliveTimeout, so that a request's headers are not cut short by it.
  server.headersTimeout = 66_000;
  return server;
}

function madeServer(app: Express, tls: Pick<HttpsOptions, 'key' | 'cert'> | undefined): Server {
  if (!isConstructorFunction(IncomingMessage) || !isConstructorFunction(ServerResponse))
    return tls === undefined ? createServer(app) : createHttpsServer(tls, app);
  const initRequest = IncomingMessage as unknown as Initialiser<[Socket]>;
  const initResponse = ServerResponse as unknown as Initialiser<[IncomingMessage, object | undefined]>;
  function AppRequest(this: object, socket: Socket): void {
    initRequest.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: object, req: IncomingMessage, options?: object): void {
    initResponse.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  const born = { IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse };
  // HTTPS (a non-loopback --host): the same server over TLS with the till's certificate.
  return tls === undefined ? createServer(born, app) : createHttpsServer({ ...born, ...tls }, app);
}
