import { ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { ApiErrorBody } from '../../shared/api.js';
import type { CommitGroup, CommitLost } from '../data/commit-group.js';
import type { Logger } from '../logging.js';

type End = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
// Node's own `end`, called on each response as `this`: unbound on purpose.
// eslint-disable-next-line @typescript-eslint/unbound-method
const sendEnd = ServerResponse.prototype.end as unknown as End;

const NOT_SAVED: ApiErrorBody = {
  code: 'pos_not_saved',
  message: 'The change could not be saved, and nothing of it was kept. Try again; if it fails again, the till needs attention (see the server log).',
  data: { status: 503 },
};

/**
 * Every response of `app` that ends while `group` has writes waiting for their COMMIT is sent once
 * they are committed, in the order the responses ended: a client is told "sold" only when the sale
 * is on disk, and never reads what could still be lost. When the group is lost, each held response
 * becomes a 503 `pos_not_saved` (or, if it had started streaming, its connection is cut).
 *
 * It overrides `end` on the app's own response prototype (`app.response`), not on each response:
 * an own property added per response would take every response off its fast shape (app-server.ts).
 */
export function answerAfterCommit(app: Express, group: CommitGroup, logger: Logger): void {
  let lastLogged: CommitLost | undefined;
  const holdingEnd = function (this: ServerResponse, ...args: unknown[]): ServerResponse {
    if (!group.pending) return sendEnd.apply(this, args);
    group.whenCommitted((lost) => {
      if (lost === undefined) {
        sendEnd.apply(this, args);
        return;
      }
      if (lost !== lastLogged) {
        lastLogged = lost;
        logger.error({ fault: lost.message }, 'writes were not saved; the requests that made them are answered 503');
      }
      answerNotSaved(this);
    });
    return this;
  };
  Object.defineProperty(app.response, 'end', { value: holdingEnd, writable: true, configurable: true });
}

/**
 * Sends `chunks` as the whole body of `res`, on a held `end`'s terms: not before what the answer
 * read could still be rolled back with `group`. For an answer too large to copy into the one buffer
 * `res.send` takes (the sync audit of 300,000 variations is 17 MB; joining its brackets to it cost a
 * copy and 16 MB of resident memory).
 */
export function sendChunks(res: ServerResponse, group: CommitGroup | undefined, chunks: readonly Uint8Array[]): void {
  const send = () => {
    res.setHeader(
      'Content-Length',
      chunks.reduce((bytes, chunk) => bytes + chunk.byteLength, 0),
    );
    for (const chunk of chunks) res.write(chunk);
    // Node's own `end`: what was read is committed, and a group opened since was not read.
    sendEnd.call(res);
  };
  if (group === undefined) {
    send();
    return;
  }
  group.whenCommitted((lost) => {
    if (lost === undefined) send();
    else answerNotSaved(res);
  });
}

function answerNotSaved(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The CORS headers stay, so that a browser till can read why; the rest described the lost answer.
  for (const name of res.getHeaderNames()) if (!name.startsWith('access-control-') && name !== 'vary') res.removeHeader(name);
  const body = JSON.stringify(NOT_SAVED);
  res.statusCode = 503;
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Retry-After', '1');
  sendEnd.call(res, body);
}
