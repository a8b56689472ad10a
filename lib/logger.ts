import pino from 'pino';
import { env } from './env';

// Structured JSON logs on stdout; request-scoped loggers carry the request id.
export const logger = pino({
  level: env.logLevel,
  base: { service: 'spoke' },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: ['req.headers.authorization', 'req.headers.cookie', '*.secret', '*.password'],
});

export type Logger = typeof logger;
