import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * Logs a server can keep: structured JSON (pino) to stdout, as process managers expect, or to
 * LOG_FILE, rotated daily and at 50 MB with the last 14 files kept (pino-roll, in a worker thread);
 * one line per request when it is answered, with its status and duration in milliseconds; a
 * request slower than SLOW_REQUEST_MS (500) at warn. LOG_LEVEL=silent: no logger at all.
 */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logFile
      ? {
          transport: {
            target: 'pino-roll',
            options: {
              file: config.logFile,
              frequency: 'daily',
              size: '50m',
              mkdir: true,
              limit: { count: 14 },
            },
          },
        }
      : {}),
  };
}

export function registerRequestLog(app: FastifyInstance, config: AppConfig): void {
  if (config.logLevel === 'silent') return;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: ms };
    if (ms > config.slowRequestMs) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request completed');
    done();
  });
}
