import type { Router } from 'express';
import { tillbaseVersion } from '../../version.js';
import { apiBase } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type MountedRoute } from '../endpoints.js';
import { namespaceIndex, openApiDocument } from '../openapi/document.js';

/**
 * The API describing itself: WordPress's namespace index at `GET /pos/v1`, and `GET /pos/v1/openapi.json`,
 * both from the routes as they were mounted (`mountedRoutes`), with the schemas they validate with.
 */
export function createDiscoveryRouter({ auth }: AppContext, mountedRoutes: () => readonly MountedRoute[]): Router {
  const routes = endpointRouter(auth);
  const version = tillbaseVersion();

  routes.get('/', (req, res) => {
    const base = apiBase(req);
    res.json(namespaceIndex(new URL(base).origin, req.baseUrl.replace(/^\//, ''), mountedRoutes()));
  });

  routes.get('/openapi.json', (req, res) => {
    res.json(openApiDocument(apiBase(req), version, mountedRoutes()));
  });

  return routes.router;
}
