/**
 * Logs (pino). JSON lines by default, which log collectors and `jq` read; on a terminal (a person
 * running `npm start`) readable lines instead, through pino-pretty in the same thread:
 * `12:04:31 INFO: GET /blog 200 (4 ms)` (DESIGN §7). Secrets and customer contact details are
 * redacted either way. A reader of the output that stops reading, or goes away, never holds up the
 * server or its exit (decision 0145).
 */
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/** Readable text when the output is a terminal, JSON otherwise (a file, a pipe, a log collector). */
export function logFormatFor(output: { isTTY?: boolean }): LogFormat {
  return output.isTTY ? 'pretty' : 'json';
}

type RequestLog = {
  msg?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/**
 * One short line per event: a request as 'GET /blog 200 (4 ms)' rather than pino-http's
 * 'request completed' followed by its objects; any other message with the request it was about.
 */
export function prettyMessage(log: RequestLog): string {
  const msg = typeof log.msg === 'string' ? log.msg : '';
  const request = log.req?.method ? `${log.req.method} ${log.req.url ?? ''}` : '';
  if (request && log.res?.statusCode !== undefined && /^request (completed|errored)$/.test(msg)) {
    const took = typeof log.responseTime === 'number' ? ` (${Math.round(log.responseTime)} ms)` : '';
    return `${request} ${log.res.statusCode}${took}`;
  }
  return request ? `${msg} (${request})` : msg;
}

export function createLogger(
  level: string,
  options: { format?: LogFormat; destination?: DestinationStream; colorize?: boolean } = {},
): Logger {
  const settings: LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  const format = options.format ?? logFormatFor(process.stdout);
  if (format === 'json') return pino(settings, options.destination ?? outputDestination(process.stdout));

  // loaded only for a terminal: a server that writes JSON never pays for it
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: PrettyOptions,
  ) => DestinationStream;
  const prettyOptions: PrettyOptions = {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime',
    messageFormat: (log) => prettyMessage(log as RequestLog),
    singleLine: true,
    // a person reads this as it happens, and a fatal line must be out before the process exits
    sync: true,
    ...(options.colorize === undefined ? {} : { colorize: options.colorize }),
    ...(options.destination ? { destination: options.destination as NodeJS.WritableStream } : {}),
  };
  return pino(settings, pretty(prettyOptions));
}

/** Log output queued for a reader that is not reading, past which lines are dropped (~10,000 lines). */
export const MAX_QUEUED_LOG_BYTES = 4 * 1024 * 1024;

/**
 * The JSON lines' way to standard output (decision 0145). Node writes to a pipe without blocking
 * and queues what the reader has not taken yet, and does not wait for that queue at exit; pino's
 * own destination, by contrast, retries a full pipe forever when the process exits, so a server
 * whose reader had stopped reading never ended. Past `maxQueued` bytes waiting, lines are dropped
 * rather than kept in memory. A reader that closed the pipe (EPIPE) ends the logging, not the
 * process. `flush` (pino's `logger.flush`) calls back once what was written has been taken.
 */
export function outputDestination(
  output: Pick<Writable, 'write' | 'on' | 'destroyed' | 'writableLength'>,
  maxQueued = MAX_QUEUED_LOG_BYTES,
): DestinationStream & { flush(done: () => void): void } {
  output.on('error', () => {});
  return {
    write(line: string) {
      if (!output.destroyed && output.writableLength < maxQueued) output.write(line);
    },
    flush(done: () => void) {
      // writes complete in order: an empty one completes once everything before it has
      if (output.destroyed) done();
      else output.write('', () => done());
    },
  };
}
