import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';

// Temporary: replaced by the helper that owns this area.
export function createStoresRouter({ auth }: AppContext): Router {
  return endpointRouter(auth).router;
}
