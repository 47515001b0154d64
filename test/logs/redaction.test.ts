import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, errorSummary, type Logger } from '../../server/logging.js';

/**
 * The logger's own guards, as a unit: the redaction of credential and request-data fields at the top
 * of a record and one level down, and the error summary that keeps a message only when the engine or
 * SQLite wrote it about our code (a SyntaxError from JSON.parse quotes the text it parsed).
 */

/**
 * Logs through the server's logger and returns the records it wrote. The logger writes to fd 2
 * synchronously; its stream's write is taken over for the call, so the test reads the exact line
 * that would have gone to standard error.
 */
function recordsOf(log: (logger: Logger) => void): Array<Record<string, any>> {
  const logger = createLogger('info');
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  if (stream === undefined) throw new Error('the logger has no stream');
  const lines: string[] = [];
  stream.write = (line: string) => lines.push(line);
  log(logger);
  return lines.map((line) => JSON.parse(line) as Record<string, any>);
}

const SECRETS = {
  password: 'Pa55word-top',
  current_password: 'Pa55word-current',
  pin: '80417362',
  token: 'tok-3f9a1c',
  refresh_token: 'refresh-77e2',
  authorization: 'Bearer abc.def.ghi',
  approval: 'approval-5d1e',
  signing_key: 'key-0b0b0b',
};

describe('the log redaction', () => {
  it('redacts each credential field at the top of a record', () => {
    const [record] = recordsOf((logger) => {
      logger.info({ ...SECRETS, user_id: 7 }, 'top level');
    });
    const line = JSON.stringify(record);
    for (const [field, secret] of Object.entries(SECRETS)) {
      expect(line, field).not.toContain(secret);
      expect(record?.[field], field).toBe('[redacted]');
    }
    expect(record?.user_id).toBe(7);
  });

  it('redacts them one level down, inside any field', () => {
    const [record] = recordsOf((logger) => {
      logger.info({ login: { ...SECRETS, username: 'clerk' }, attempt: { pin: SECRETS.pin } }, 'one level down');
    });
    const line = JSON.stringify(record);
    for (const [field, secret] of Object.entries(SECRETS)) {
      expect(line, field).not.toContain(secret);
      expect(record?.login?.[field], field).toBe('[redacted]');
    }
    expect([record?.login?.username, record?.attempt?.pin]).toEqual(['clerk', '[redacted]']);
  });

  it("redacts what a client sent (body, query, headers), at the top and inside a request's fields", () => {
    const sent = { body: { password: SECRETS.password }, query: { token: SECRETS.token }, headers: { authorization: SECRETS.authorization } };
    const [top, nested] = recordsOf((logger) => {
      logger.warn(sent, 'top level');
      logger.warn({ request: { method: 'POST', ...sent } }, 'nested');
    });
    for (const field of ['body', 'query', 'headers']) {
      expect(top?.[field], field).toBe('[redacted]');
      expect(nested?.request?.[field], field).toBe('[redacted]');
    }
    expect(nested?.request?.method).toBe('POST');
    expect(JSON.stringify([top, nested])).not.toMatch(/Pa55word|tok-3f9a1c|abc\.def\.ghi/);
  });

  it('writes an error as its summary: a SyntaxError that quotes the parsed text loses its message', () => {
    const parsed = parseFailure('pin-80417362');
    expect(parsed.message).toContain('pin-80417362');
    const [record] = recordsOf((logger) => {
      logger.error({ err: parsed }, 'a body did not parse');
    });
    expect(record?.err).toMatchObject({ name: 'SyntaxError' });
    expect(JSON.stringify(record)).not.toContain('80417362');
  });
});

function parseFailure(text: string): Error {
  try {
    JSON.parse(text);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${text} parsed`);
}

describe('errorSummary', () => {
  it("keeps a SyntaxError's name, status and frames, never its message", () => {
    const error = Object.assign(parseFailure('{"password": Hunter2-secret}'), {
      status: 400,
      type: 'entity.parse.failed',
      body: '{"password": Hunter2-secret}',
    });
    expect(error.message).toContain('Hunter2');
    const summary = errorSummary(error);
    expect(summary).toMatchObject({ name: 'SyntaxError', status: 400, type: 'entity.parse.failed' });
    expect(summary.message).toBeUndefined();
    expect(summary.stack).toMatch(/^at /);
    expect(JSON.stringify(summary)).not.toContain('Hunter2');
  });

  it('keeps the message of errors the engine or SQLite writes about our code', () => {
    for (const error of [
      new TypeError('x.map is not a function'),
      new RangeError('Maximum call stack size exceeded'),
      Object.assign(new Error('no such table: nope'), { name: 'SqliteError', code: 'SQLITE_ERROR' }),
    ]) {
      expect(errorSummary(error), error.name).toMatchObject({ name: error.name, message: error.message });
    }
    expect(errorSummary(Object.assign(new Error('no such table: nope'), { name: 'SqliteError', code: 'SQLITE_ERROR' })).code).toBe('SQLITE_ERROR');
  });

  it('drops the message of any other error, which may quote a value the client sent', () => {
    for (const error of [new Error('[DecimalError] Invalid argument: 12.3.4-secret'), Object.assign(new Error('bad 12.3.4-secret'), { name: 'ZodError' })]) {
      const summary = errorSummary(error);
      expect(summary.message, error.name).toBeUndefined();
      expect(JSON.stringify(summary), error.name).not.toContain('secret');
    }
    expect(errorSummary('a thrown string with a secret')).toEqual({ type: 'string' });
  });
});
