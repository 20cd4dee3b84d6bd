import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config.ts';

/** Where the log goes when it is not a file: standard output, a terminal or not. */
export interface LogOutput {
  /** Whether it is a terminal (`process.stdout.isTTY`). */
  isTTY: boolean;
  /** Where readable lines are written (standard output by default). */
  destination?: NodeJS.WritableStream;
}

/** The process's standard output, as the logger sees it. */
export function standardOutput(): LogOutput {
  return { isTTY: process.stdout.isTTY === true };
}

/**
 * Whether the log is written for a person: standard output is a terminal (someone ran
 * `npm start`) and no LOG_FILE is set. Off a terminal (a process manager, a pipe, a file) it is
 * JSON, one object a line.
 */
export function readableLogs(config: AppConfig, output: LogOutput = standardOutput()): boolean {
  return config.logLevel !== 'silent' && config.logFile === undefined && output.isTTY;
}

/** A request's line as a person reads it: `GET /fa/api/store/products/ 200 3.1 ms`. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = typeof log[messageKey] === 'string' ? (log[messageKey] as string) : '';
  if (log.responseTime === undefined) return message;
  const line = `${String(log.method)} ${String(log.url)} ${String(log.statusCode)} ${String(log.responseTime)} ms`;
  return message === 'slow request' ? `${line} (slow)` : line;
}

/**
 * Logs a server can keep: structured JSON (pino) to stdout, as process managers expect, or to
 * LOG_FILE, rotated daily and at 50 MB with the last 14 files kept (pino-roll, in a worker thread);
 * one line per request when it is answered, with its status and duration in milliseconds; a
 * request slower than SLOW_REQUEST_MS (500) at warn. On a terminal without LOG_FILE (`npm start`
 * by hand) the same lines are written readably (pino-pretty, in this thread, so that they keep
 * their order with what main.ts prints itself). LOG_LEVEL=silent: no logger at all.
 */
export function loggerOptions(
  config: AppConfig,
  output: LogOutput = standardOutput(),
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(readableLogs(config, output)
      ? {
          stream: pretty({
            destination: output.destination ?? process.stdout,
            sync: true,
            colorize: output.isTTY,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
            messageFormat: readableMessage,
          }),
        }
      : {}),
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

/** pino's levels by name (`silent` above them all). */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The request log's onResponse hook: one line per request at info, a slow one at warn. At a level
 * that writes neither (error, fatal) no hook is added at all, so that no request pays for a line
 * that is never written; at warn only a slow request builds its line. Returns whether the hook was
 * added.
 */
export function registerRequestLog(app: FastifyInstance, config: AppConfig): boolean {
  const level = LEVELS[app.log.level] ?? LEVELS.info!;
  if (config.logLevel === 'silent' || level > LEVELS.warn!) return false;
  const everyRequest = level <= LEVELS.info!;
  const slowFrom = config.slowRequestMs;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const slow = ms > slowFrom;
    if (slow || everyRequest) {
      const line = {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: ms,
      };
      if (slow) request.log.warn(line, 'slow request');
      else request.log.info(line, 'request completed');
    }
    done();
  });
  return true;
}
