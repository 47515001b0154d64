import { createReadStream, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { backupDatabase } from '../../data/backup.js';
import { stripTillSecrets } from '../../data/repositories/till-restore.js';
import { errorSummary, type Logger } from '../../logging.js';

/** Where a till serves a copy of its database to a paired till being restored, on the tills' listener. */
export const SHOP_COPY_PATH = '/tills/v1/shop-copy';

/**
 * A consistent copy of this till's database (made as `tillbase backup` makes it), for a till being
 * rebuilt on a new machine: it keeps the shop's catalogue, settings, users and WooCommerce
 * connection from it and drops the rest (restore/shop-tables.ts). Why a copy of the database rather
 * than an export of its own: the shop-level tables are many (products, variations, terms, taxes,
 * coupons, templates, users and roles, the sync's ids...), and a copy carries them all exactly, as
 * the backup already proves, with no second format to keep in step. The sessions, refresh tokens and
 * pairing invitations are taken out before it leaves. Served to paired tills only (the tills'
 * listener has checked the caller's certificate before this runs).
 */
export function mountShopCopy(router: Router, databaseFile: string, logger: Logger): void {
  router.get(SHOP_COPY_PATH, (_req, res) => {
    const copy = `${databaseFile}.shop-copy-${randomBytes(6).toString('hex')}.tmp`;
    const done = () => {
      rmSync(copy, { force: true });
    };
    backupDatabase(databaseFile, copy)
      .then(() => {
        stripTillSecrets(copy);
        res.setHeader('content-type', 'application/vnd.sqlite3');
        const stream = createReadStream(copy);
        stream.on('close', done);
        stream.on('error', (error) => {
          res.destroy(error);
        });
        stream.pipe(res);
      })
      .catch((error: unknown) => {
        done();
        logger.error({ err: errorSummary(error) }, 'tills: a copy of the database for a restore failed');
        res.status(500).json({ code: 'tills_copy_failed', message: 'The copy of this till’s database failed; see its log.', data: { status: 500 } });
      });
  });
}
