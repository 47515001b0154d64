import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/**
 * Structured logs on standard error (standard output carries only the listening line).
 * Redaction is a second line of defence: no code path passes tokens or passwords to the logger.
 */
export function createLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { app: 'tillbase' },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'access_token', 'refresh_token', '*.access_token', '*.refresh_token', 'authorization', '*.authorization', 'headers.authorization', 'key', '*.key'],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}
