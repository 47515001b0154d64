import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/** Fields whose value is a credential wherever it appears in a log record, one level down too. */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'pin',
  'token',
  'access_token',
  'refresh_token',
  'approval',
  'authorization',
  'cookie',
  'key',
  'signing_key',
  // The sync's WooCommerce consumer secret (PUT /sync/connection's body field).
  'consumer_secret',
];
/** Fields that hold what a client sent: a parser attaches the raw body to its errors, passwords and all. */
const REQUEST_DATA_FIELDS = ['body', 'rawBody', 'raw_body', 'raw', 'params', 'query', 'headers'];

/**
 * Errors whose message is written by SQLite or the JavaScript engine about our code, never quoting
 * the client's bytes. Any other message may (JSON.parse quotes the text, decimal.js the value), so
 * it stays out of the log.
 */
const MESSAGE_IS_SAFE = new Set(['SqliteError', 'RangeError', 'TypeError', 'ReferenceError']);

/**
 * What a log may say about an error: what kind it is and where it was thrown, never what it carried.
 * Pino uses it for every `err` field, and the error responder for unexpected faults, so a request
 * body a parser attached to its error cannot reach the log by either path.
 */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & { code?: unknown; type?: unknown; status?: unknown; statusCode?: unknown };
  const summary: Record<string, unknown> = { name: error.name };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') summary.code = fields.code;
  if (typeof fields.type === 'string') summary.type = fields.type;
  const status = fields.status ?? fields.statusCode;
  if (typeof status === 'number') summary.status = status;
  if (MESSAGE_IS_SAFE.has(error.name)) summary.message = error.message;
  // The frames say where; the first line repeats the message, which may quote the request.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) summary.stack = frames.map((line) => line.trim()).join('\n');
  return summary;
}

/**
 * Structured logs on standard error (standard output carries only the listening line). The one
 * redaction of the server: no code path passes tokens, PINs or passwords to the logger, and these
 * paths and the `err` serializer make sure of it for any record that would.
 */
export function createLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { app: 'tillbase' },
      serializers: { err: errorSummary, error: errorSummary },
      redact: {
        paths: [...SECRET_FIELDS, ...REQUEST_DATA_FIELDS].flatMap((field) => [field, `*.${field}`]),
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}
