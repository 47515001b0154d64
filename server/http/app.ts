import { existsSync } from 'node:fs';
import express, { type Express, type RequestHandler } from 'express';
import { API_NAMESPACE } from '../../shared/api.js';
import type { AppContext } from './context.js';
import { cors } from './middleware/cors.js';
import { errorResponder, noRoute } from './middleware/errors.js';
import { hostGuard } from './middleware/host-guard.js';
import { methodOverride } from './middleware/method-override.js';
import { queryDates } from './middleware/query-dates.js';
import { dispatchByFirstSegment } from './middleware/router-dispatch.js';
import { inSequence } from './middleware/sequence.js';
import { parsedQueryOnce, parsePhpQuery } from './query-string.js';
import { ROUTERS } from './routers/index.js';
import { readAfresh } from '../data/sql.js';
import { enableCommitGroup } from '../data/commit-group.js';
import { answerAfterCommit } from './answers-after-commit.js';
import { mountedRoutesOf, type MountedRoute } from './endpoints.js';

const startOfRequest: RequestHandler = (_req, _res, next) => {
  readAfresh();
  next();
};

export interface AppOptions {
  allowedOrigins: readonly string[];
  allowedHosts: readonly string[];
  /** The build output holding `renderer/` and `shared/`, served as the till's own UI; absent headless builds skip it. */
  uiRoot?: string | undefined;
}

/** The whole HTTP application, without `listen`, so that tests and the desktop app can host it. */
export function createApp(context: AppContext, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', parsePhpQuery);
  app.set('etag', false);
  // The writes of one turn commit together, and nothing is answered before its writes are on disk.
  answerAfterCommit(app, enableCommitGroup(context.db), context.logger);

  // What every request passes first, in this order, as one step. First of all, reads remembered
  // until the next write ask again what other connections committed: a request sees every commit made before it.
  app.use(
    inSequence(
      startOfRequest,
      hostGuard(options.allowedHosts),
      cors(options.allowedOrigins),
      methodOverride(),
      parsedQueryOnce(),
      queryDates(() => context.services.stores.defaultStore().timezone, API_NAMESPACE),
      (_req, res, next) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'no-store');
        next();
      },
    ),
  );

  // One mount for all the API's routers: each request goes only to those with a route for its first segment.
  let mounted: readonly MountedRoute[] = [];
  const routers = ROUTERS.map((createRouter) => createRouter(context, () => mounted));
  mounted = routers.flatMap(mountedRoutesOf);
  app.use(API_NAMESPACE, dispatchByFirstSegment(routers));

  if (options.uiRoot !== undefined && existsSync(options.uiRoot)) {
    const ui = express.Router();
    ui.use((_req, res, next) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
      res.setHeader('Cache-Control', 'no-cache');
      next();
    });
    // `extensions`: /app/display is display.html, the customer display's window.
    ui.use('/app', express.static(`${options.uiRoot}/renderer`, { index: 'index.html', extensions: ['html'] }));
    ui.use('/shared', express.static(`${options.uiRoot}/shared`));
    ui.get('/', (_req, res) => {
      res.redirect('/app/');
    });
    app.use(ui);
  }

  app.use(noRoute());
  app.use(errorResponder(context.logger, context.logs));
  return app;
}
