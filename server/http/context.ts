import type { AppServices } from '../composition.js';
import type { Database } from '../data/database.js';
import type { LogsRepository } from '../data/repositories/logs.js';
import type { AuthService } from '../domain/auth/auth-service.js';
import type { Logger } from '../logging.js';

/** The services as the routers see them: the repositories behind them are not theirs to reach. */
export type RouterServices = Omit<AppServices, 'repositories' | 'db'>;

/**
 * What every router is built from: the services (built once at start-up, composition.ts), with the
 * auth service and the application log at hand, the logger, and the connection the commit group works on.
 */
export interface AppContext {
  db: Database;
  services: RouterServices;
  auth: AuthService;
  logs: LogsRepository;
  logger: Logger;
}
