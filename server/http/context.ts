import type { Database } from '../data/database.js';
import type { LogsRepository } from '../data/repositories/logs.js';
import type { AuthService } from '../domain/auth/auth-service.js';
import type { Logger } from '../logging.js';

/** What every router is built from: the database, the auth service and the log. */
export interface AppContext {
  db: Database;
  auth: AuthService;
  logs: LogsRepository;
  logger: Logger;
}
