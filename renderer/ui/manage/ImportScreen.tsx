/**
 * Product import (`POST /imports/products` with the CSV as it is, then `GET /imports/{id}` until it
 * is done): the server's progress and counts as it answers them, and its errors row by row.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ImportJobView as ImportJob } from '../../../shared/resources/imports.js';
import * as importsApi from '../../api/imports.js';
import { useTill } from '../context.js';
import { CheckField } from '../kit/Field.js';
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TableHead } from '../kit/TableHead.js';

/** How often the progress is asked for while an import runs. */
const POLL_MS = 400;

type ImportOptions = Parameters<typeof importsApi.startProducts>[2];

const STOCK_MODES: Choices = [
  ['set', 'Sets the stock (a full count)'],
  ['add', 'Adds to the stock (a delivery received)'],
];

/** The import as the server last answered it: its counts, its notes, and the rows it refused. */
function ImportProgress(props: { job: ImportJob }) {
  const { job } = props;
  const running = job.status === 'running';
  return (
    <section id="import-progress" class="card manage-form" aria-label="Import progress" aria-busy={running ? 'true' : 'false'}>
      <h2>{`${job.dry_run ? 'Dry run' : 'Import'} ${job.id}: ${job.status === 'running' ? `${job.phase}…` : job.status}`}</h2>
      <p class="hint">{job.file}</p>
      <progress
        id="import-bar"
        max={Math.max(job.total, 1)}
        value={job.status === 'running' ? job.processed : Math.max(job.total, 1)}
        aria-label="Rows processed"
      />
      <dl class="totals manage-counts">
        <dt>Rows processed</dt>
        <dd id="import-processed">{`${job.processed} of ${job.total}`}</dd>
        <dt>Created</dt>
        <dd id="import-created">{job.created}</dd>
        <dt>Updated</dt>
        <dd id="import-updated">{job.updated}</dd>
        <dt>Skipped</dt>
        <dd id="import-skipped">{job.skipped}</dd>
        <dt>Failed</dt>
        <dd id="import-failed">{job.failed}</dd>
      </dl>
      {job.notes.length > 0 && (
        <ul class="manage-notes">
          {job.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {job.errors_truncated && <p class="hint">{`The first ${job.errors.length} of ${job.failed} refused rows are listed.`}</p>}
      {job.errors.length > 0 && (
        <table id="import-errors" class="lines manage-table">
          <caption>Rows the server refused</caption>
          <TableHead columns={['Row', 'Column', 'Message']} actions={false} />
          <tbody>
            {job.errors.map((problem, index) => (
              <tr key={`${problem.row}-${index}`}>
                <td>{problem.row === 0 ? 'The file' : problem.row}</td>
                <td>{problem.column ?? '—'}</td>
                <td>{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The import started last, as the server answers it: asked for again every POLL_MS while it runs,
 * and no more once the screen closes.
 */
function useImportJob(): { job: ImportJob | null; start: (file: File, options: ImportOptions) => Promise<void> } {
  const { till } = useTill();
  const [job, setJob] = useState<ImportJob | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const follow = (id: number): void => {
    timer.current = window.setTimeout(() => {
      importsApi.get(till.client, id).then(
        (answer) => {
          setJob(answer);
          if (answer.status === 'running') follow(id);
          else till.info(answer.status === 'done' ? 'The import has finished.' : 'The import failed; see the errors below.');
        },
        (error: unknown) => {
          till.fail(error);
        },
      );
    }, POLL_MS);
  };

  const start = async (file: File, options: ImportOptions): Promise<void> => {
    till.clearStatus();
    try {
      // 202 with the job as it starts; its progress is asked for until it has finished.
      const started = await importsApi.startProducts(till.client, file, options);
      setJob(started);
      follow(started.id);
    } catch (error) {
      till.fail(error);
    }
  };
  return { job, start };
}

export function ImportScreen() {
  const { till } = useTill();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [stock, setStock] = useState<importsApi.StockMode>('set');
  const { job, start } = useImportJob();
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (file === null) {
      till.info('Choose a CSV file first.');
      return;
    }
    await start(file, { dryRun, stock });
  };

  const running = job?.status === 'running';
  return (
    <div class="manage-columns">
      <form id="import-form" class="card manage-form" aria-label="Import products" onSubmit={(event) => void submit(event)}>
        <h2>Import products from CSV</h2>
        <p class="hint">A WooCommerce product export (or the same columns). Rows with a known SKU update that product; the others are added.</p>
        <div class="manage-field">
          <label for="import-file">CSV file</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
            }}
          />
        </div>
        <SelectField
          id="import-stock"
          label="The Stock column"
          value={stock}
          options={STOCK_MODES}
          onChange={(value) => {
            setStock(value === 'add' ? 'add' : 'set');
          }}
        />
        <CheckField id="import-dry-run" label="Dry run: check the file, change nothing" checked={dryRun} onChange={setDryRun} />
        <div class="manage-actions">
          <button type="submit" class="button button-primary" disabled={running}>
            {dryRun ? 'Check file' : 'Import'}
          </button>
        </div>
      </form>
      {job !== null && <ImportProgress job={job} />}
    </div>
  );
}
