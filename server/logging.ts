import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/**
 * Structured logs on standard error (standard output carries only the listening line).
 * Redaction is a second line of defence: no code path passes tokens, PINs or passwords to the logger,
 * and the error renderer never passes a request body (server/http/middleware/errors.ts).
 */
export function createLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { app: 'tillbase' },
      redact: {
        paths: [
          ...['password', 'current_password', 'new_password', 'pin', 'token', 'access_token', 'refresh_token', 'approval', 'authorization', 'cookie', 'key', 'signing_key', 'body'].flatMap((field) => [field, `*.${field}`]),
          'headers.authorization',
          'headers.cookie',
          'headers["x-pos-approval"]',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}
