import { createReadStream, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { backupDatabase } from '../../data/backup.js';
import { stripTillSecrets } from '../../data/repositories/till-restore.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { PeerTill } from '../peer-network.js';

/** Where a till serves a copy of its database to a paired till being restored, on the tills' listener. */
export const SHOP_COPY_PATH = '/tills/v1/shop-copy';
/** How long after its restore here a till may fetch the copy: the restore fetches it at once. */
export const SHOP_COPY_MINUTES = 10;

/** Whether a till was paired (or restored) here in the last SHOP_COPY_MINUTES, by its `paired_gmt`. */
export function pairedLately(pairedGmt: string | undefined, now = Date.now()): boolean {
  return pairedGmt !== undefined && Date.parse(`${pairedGmt}Z`) > now - SHOP_COPY_MINUTES * 60_000;
}

/**
 * A consistent copy of this till's database (made as `tillbase backup` makes it), for a till being
 * rebuilt on a new machine: it keeps the shop's catalogue, settings, users and WooCommerce
 * connection from it and drops the rest (restore/shop-tables.ts). Why a copy of the database rather
 * than an export of its own: the shop-level tables are many (products, variations, terms, taxes,
 * coupons, templates, users and roles, the sync's ids...), and a copy carries them all exactly, as
 * the backup already proves, with no second format to keep in step. The sessions, refresh tokens and
 * pairing invitations are taken out before it leaves. Served over the tills' listener (which has
 * checked the caller's certificate before this runs) to a till restored here minutes ago only.
 */
export function mountShopCopy(router: Router, databaseFile: string, deps: { logger: Logger; pairedGmt: (tillId: string) => string | undefined }): void {
  const { logger } = deps;
  router.get(SHOP_COPY_PATH, (_req, res) => {
    // The caller is a paired till (the listener checked its certificate); only one restored here just now is given the whole database.
    const caller = (res.locals.peer as PeerTill).id;
    if (!pairedLately(deps.pairedGmt(caller))) {
      res.status(403).json({
        code: 'tills_copy_refused',
        message: `A copy of this till's database goes only to a till restored here in the last ${SHOP_COPY_MINUTES} minutes.`,
        data: { status: 403 },
      });
      return;
    }
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
