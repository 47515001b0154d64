import { randomUUID } from 'node:crypto';
import { createReadStream, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { gmtNow, gmtToLocal } from '../../model/dates.js';
import { ApiError } from '../../domain/errors.js';
import { errorSummary } from '../../logging.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';

/** The copies being sent live beside the database, in the data directory only its owner can enter. */
const COPY_PREFIX = 'backup-download-';
const COPY_SUFFIX = '.sqlite.tmp';

/** `tillbase-20260131-174502.sqlite`, in the store's local time: the name people at the shop see. */
function backupFileName(timezone: string): string {
  const local = gmtToLocal(gmtNow(), timezone) ?? gmtNow();
  return `tillbase-${local.slice(0, 10).replaceAll('-', '')}-${local.slice(11, 19).replaceAll(':', '')}.sqlite`;
}

/** Copies a crash left behind while sending: one server per data directory, so none of them is still in use. */
function removeLeftCopies(dataDir: string): void {
  try {
    for (const name of readdirSync(dataDir)) if (name.startsWith(COPY_PREFIX) && name.endsWith(COPY_SUFFIX)) rmSync(join(dataDir, name), { force: true });
  } catch {
    // An unreadable data directory fails the server in other ways first.
  }
}

/**
 * `GET /backup`: a consistent copy of the live database, made as `tillbase backup` makes it (SQLite's
 * online backup in one read transaction, then the integrity check), sent as a download. The live
 * file is never sent; the copy (mode 0600) is removed once sent, or when sending fails.
 */
export function createBackupRouter({ auth, logger, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { stores, backup } = services;
  const dataDir = backup.dataDirectory;
  removeLeftCopies(dataDir);

  routes.get('/backup', async (_req, res) => {
    const copy = join(dataDir, `${COPY_PREFIX}${randomUUID()}${COPY_SUFFIX}`);
    try {
      let facts;
      try {
        facts = await backup.copyTo(copy);
      } catch (error) {
        logger.error({ fault: errorSummary(error) }, 'the database could not be backed up');
        throw new ApiError(500, 'pos_backup_failed', 'The database could not be backed up. The details are in the server log.');
      }
      res.setHeader('Content-Type', 'application/vnd.sqlite3');
      res.setHeader('Content-Disposition', `attachment; filename="${backupFileName(stores.defaultStore().timezone)}"`);
      res.setHeader('Content-Length', String(facts.bytes));
      res.setHeader('X-Tillbase-Schema-Version', String(facts.schemaVersion));
      logger.info({ user_id: principalOf(res).user.id, bytes: facts.bytes }, 'database backup downloaded');
      // A client that goes away half-way ends the pipeline with an error: nothing to answer then.
      await pipeline(createReadStream(copy), res).catch(() => undefined);
    } finally {
      rmSync(copy, { force: true });
    }
  });

  return routes.router;
}
