/**
 * Backup download (`GET /backup`, administrators only): the server hands over a consistent copy of
 * the SQLite database, which the browser saves as a file.
 */
import { useState } from 'preact/hooks';
import * as backupApi from '../../api/backup.js';
import { useTill } from '../context.js';
import { saveFile } from '../kit/download.js';

function backupName(): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `tillbase-backup-${stamp}.sqlite`;
}

export function BackupScreen() {
  const { till } = useTill();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ name: string; bytes: number } | null>(null);
  const download = async (): Promise<void> => {
    setBusy(true);
    till.clearStatus();
    try {
      const file = await backupApi.download(till.client);
      const name = backupName();
      saveFile(name, file);
      setLast({ name, bytes: file.size });
      till.info(`The backup ${name} is downloaded.`);
    } catch (error) {
      till.fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id="backup" class="card manage-form" aria-label="Backup">
      <h2>Back up the till’s database</h2>
      <p class="hint">
        A copy of everything on this till (products, orders, users, settings) as one SQLite file. Keep it somewhere safe: it holds the users’ password hashes.
      </p>
      <div class="manage-actions">
        <button type="button" class="button button-primary" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing…' : 'Download backup'}
        </button>
      </div>
      {last !== null && <p id="backup-done" role="status">{`${last.name}: ${Math.ceil(last.bytes / 1024)} KiB`}</p>}
    </section>
  );
}
