/**
 * The logs and the audit trail (`GET /logs`, `source=audit`), newest first, with the server's
 * filters: source, level, dates and, for the audit trail, who, what and which register.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ManagedUser } from '../../../shared/api.js';
import { readableGmt } from '../../../shared/readable-date.js';
import * as logsApi from '../../api/logs.js';
import { auditMessage } from '../../audit-words.js';
import type { LogEntry, LogsPage } from '../../api/logs.js';
import * as usersApi from '../../api/users.js';
import { useTill, useTillState } from '../context.js';
import { errorFor, showRefusal, type FieldErrors } from './api.js';
import { SelectField, type Choices } from '../kit/SelectField.js';
import { TableHead } from '../kit/TableHead.js';
import { TextField } from '../kit/TextField.js';

const LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug'] as const;
const PER_PAGE = 50;

interface Filters {
  source: string;
  level: string;
  after: string;
  before: string;
  user: string;
  action: string;
  register: string;
}

const NO_FILTERS: Filters = { source: '', level: '', after: '', before: '', user: '', action: '', register: '' };
const AUDIT_ONLY = ['user', 'action', 'register', 'before'] as const;

/** The audit entry's amounts in a manager's words; an amount not named here shows under its own name. */
const AMOUNT_WORDS: Readonly<Record<string, string>> = { total: 'total', total_tax: 'tax', discount_total: 'discounts', amount: 'amount' };

/**
 * Who did it and how much, from the entry's context: messages such as "order.sale order 3" say
 * neither, though the entry holds both.
 */
function auditDetails(entry: LogEntry): string {
  const context = entry.context ?? {};
  const parts: string[] = [];
  const { username, amounts } = context;
  if (typeof username === 'string' && username !== '' && !entry.message.includes(username)) parts.push(`by ${username}`);
  if (typeof amounts === 'object' && amounts !== null) {
    for (const [name, value] of Object.entries(amounts as Record<string, unknown>)) {
      if (typeof value === 'string') parts.push(`${AMOUNT_WORDS[name] ?? name.replace(/_/g, ' ')} ${value}`);
    }
  }
  return parts.join(' · ');
}

function queryOf(filters: Filters, page: number): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = { per_page: PER_PAGE, page };
  for (const [name, value] of Object.entries(filters) as Array<[keyof Filters, string]>) {
    // The audit trail's own filters go only with source=audit; the server would refuse them otherwise.
    if (value === '' || ((AUDIT_ONLY as readonly string[]).includes(name) && filters.source !== 'audit')) continue;
    query[name] = value;
  }
  return query;
}

function FilterField(props: {
  name: keyof Filters;
  label: string;
  filters: Filters;
  errors: FieldErrors;
  type?: 'date' | 'number';
  onChange: (filters: Filters) => void;
}) {
  return (
    <TextField
      id={`logs-${props.name}`}
      label={props.label}
      type={props.type ?? 'text'}
      value={props.filters[props.name]}
      error={errorFor(props.errors, props.name)}
      onInput={(value) => {
        props.onChange({ ...props.filters, [props.name]: value });
      }}
    />
  );
}

/** The filters the server takes; those of the audit trail show once it is the source. */
function LogFilters(props: {
  filters: Filters;
  errors: FieldErrors;
  sources: LogsPage['sources'];
  users: readonly ManagedUser[];
  onChange: (filters: Filters) => void;
  onSubmit: () => void;
}) {
  const { filters, errors, onChange } = props;
  const pick = (name: keyof Filters) => (value: string) => {
    onChange({ ...filters, [name]: value });
  };
  const sources: Choices = [
    ['', 'All logs'],
    ...(props.sources.some((source) => source.source === 'audit') ? [] : [['audit', 'Audit trail'] as const]),
    ...props.sources.map((source) => [source.source, source.name] as const),
  ];
  const levels: Choices = [['', 'Any level'], ...LEVELS.map((level) => [level, level] as const)];
  const users: Choices = [['', 'Anyone'], ...props.users.map((user) => [String(user.id), `${user.display_name} (${user.username})`] as const)];
  return (
    <form
      id="logs-filters"
      class="card manage-form manage-filters"
      aria-label="Log filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <SelectField id="logs-source" label="Source" value={filters.source} options={sources} onChange={pick('source')} />
      <SelectField id="logs-level" label="Level" value={filters.level} options={levels} error={errors.level ?? null} onChange={pick('level')} />
      <FilterField name="after" label="From" type="date" filters={filters} errors={errors} onChange={onChange} />
      {filters.source === 'audit' && (
        <>
          <FilterField name="before" label="Until" type="date" filters={filters} errors={errors} onChange={onChange} />
          <SelectField id="logs-user" label="By" value={filters.user} options={users} error={errors.user ?? null} onChange={pick('user')} />
          <FilterField name="action" label="Action (e.g. user.create)" filters={filters} errors={errors} onChange={onChange} />
          <FilterField name="register" label="Register ID" type="number" filters={filters} errors={errors} onChange={onChange} />
        </>
      )}
      <div class="manage-actions">
        <button type="submit" class="button button-primary">
          Show entries
        </button>
      </div>
    </form>
  );
}

/**
 * The entries; `timeZone` is the store's, whose clock the API's UTC stamps are shown in, and each
 * source is shown by the name the server gives it (`sources`).
 */
function LogTable(props: { entries: readonly LogEntry[]; loading: boolean; timeZone: string | undefined; sources: LogsPage['sources'] }) {
  const sourceName = (source: string): string => props.sources.find((known) => known.source === source)?.name ?? (source === 'audit' ? 'Audit trail' : source);
  return (
    <table id="logs-table" class="lines manage-table" aria-busy={props.loading ? 'true' : 'false'}>
      <caption class="visually-hidden">Log entries</caption>
      <TableHead columns={['Time', 'Level', 'Source', 'Entry']} actions={false} />
      <tbody>
        {props.entries.map((entry, index) => (
          <tr key={`${entry.source}-${entry.id ?? index}-${entry.timestamp}`}>
            <td>{readableGmt(entry.timestamp, props.timeZone)}</td>
            <td>{entry.level}</td>
            <td>{sourceName(entry.source)}</td>
            <td>
              {entry.source === 'audit' ? auditMessage(entry.message, entry.context?.action) : entry.message}
              {entry.source === 'audit' && auditDetails(entry) !== '' && <span class="audit-details">{` — ${auditDetails(entry)}`}</span>}
              {entry.source === 'audit' && typeof entry.context?.action === 'string' && (
                // The action's code, which the Action filter takes: for whoever searches the trail, folded away.
                <details class="status-details">
                  <summary>Details</summary>
                  {entry.context.action}
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LogsScreen() {
  const { till } = useTill();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [answer, setAnswer] = useState<LogsPage | null>(null);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [page, setPage] = useState(1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [users, setUsers] = useState<ManagedUser[] | null>(null);
  const [loading, setLoading] = useState(false);
  const timeZone = useTillState((state) => state.store?.timezone);

  const load = async (nextPage: number): Promise<void> => {
    setLoading(true);
    setErrors({});
    try {
      const found = await logsApi.page(till.client, queryOf(filters, nextPage));
      setAnswer(found);
      setEntries(nextPage === 1 ? found.entries : [...entries, ...found.entries]);
      setPage(nextPage);
    } catch (error) {
      // A refused filter leaves no entries of an earlier search under it.
      setEntries([]);
      showRefusal(till, error, setErrors);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load(1);
    // The first page once, when the screen opens; later pages and filters load on request.
  }, []);
  const audit = filters.source === 'audit';
  useEffect(() => {
    if (!audit || users !== null) return;
    setUsers([]);
    usersApi.list(till.client).then(setUsers, (error: unknown) => {
      till.fail(error);
    });
  }, [audit, users, till]);
  return (
    <div class="manage-panel">
      <LogFilters filters={filters} errors={errors} sources={answer?.sources ?? []} users={users ?? []} onChange={setFilters} onSubmit={() => void load(1)} />
      {answer?.has_fatal_errors === true && (
        <p class="form-error" role="note">
          The log holds critical errors.
        </p>
      )}
      <LogTable entries={entries} loading={loading} timeZone={timeZone} sources={answer?.sources ?? []} />
      {entries.length === 0 && !loading && <p class="empty">No entries match.</p>}
      {answer !== null && answer.entries.length === PER_PAGE && (
        <button type="button" class="button load-more" disabled={loading} onClick={() => void load(page + 1)}>
          Older entries
        </button>
      )}
    </div>
  );
}
