/**
 * Logs (pino). JSON lines by default, which log collectors and `jq` read; on a terminal (a person
 * running `npm start`) readable lines instead, through pino-pretty in the same thread:
 * `[12:04:31] INFO: GET /blog 200 (4 ms)` (docs/ARCHITECTURE.md), the time as a clock in Winnipeg
 * reads it, whatever the machine's zone (the business's zone, app/modules/shared/calendar.ts); the
 * JSON lines keep pino's `time`, milliseconds since 1970 UTC, for machines. Secrets and customer contact details are
 * redacted either way, and so is the token of every customer's private link, wherever a line
 * holds one (decision 0177). A reader of the output that stops reading, or goes away, never holds
 * up the server or its exit (decision 0145).
 */
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import { LINK_PATH } from '#app/modules/quotes/link.ts';
import { wallClock } from '#app/modules/shared/calendar.ts';

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

/** A log line's time (pino's `time`, milliseconds since 1970) as a clock in Winnipeg reads it: `12:04:31`. */
export function terminalTime(time: unknown): string {
  const instant = new Date(typeof time === 'number' || typeof time === 'string' ? time : NaN);
  if (Number.isNaN(instant.getTime())) return String(time);
  const { hour, minute, second } = wallClock(instant);
  return [hour, minute, second].map((n) => String(n).padStart(2, '0')).join(':');
}

/** A separator of path segments in a JSON line: `/`, a backslash (escaped: `\\`), either encoded. */
const SEPARATOR = String.raw`(?:/|\\\\|%2f|%5c)`;
/** A path segment: up to a separator, the query, the fragment, a space, a JSON escape or quote. */
const SEGMENT = String.raw`(?:[^/\\?#"\s%]|%(?!2f|5c))*`;
/** The link's segment ('q') as a URL may spell it, in either case, each letter also percent-encoded. */
const LINK_SEGMENT = [...LINK_PATH.slice(1, -1)]
  .map((c) => {
    const codes = [c.toLowerCase(), c.toUpperCase()].map((l) => l.charCodeAt(0).toString(16));
    return `(?:${c}|%(?:${codes.join('|')}))`;
  })
  .join('');
/** A private link's path in a JSON log line: the link's segment, then the rest of the path. */
const PRIVATE_LINK = new RegExp(`(${SEPARATOR}${LINK_SEGMENT})((?:${SEPARATOR}${SEGMENT})+)`, 'gi');
const PATH_SEGMENT = new RegExp(`(${SEPARATOR})(${SEGMENT})`, 'gi');
/** What may follow the token unredacted: a photo's place (`/photos/2`), an empty or dot segment. */
const HARMLESS_SEGMENT = /^(?:|\.{1,2}|photos|\d{1,6})$/i;

/**
 * A JSON log line with the token of every private link in it replaced by `[token]` (decision 0177):
 * pino's last step before a line is written (`hooks.streamWrite`), so every line is covered, a
 * request's, a text logged with SMS_PROVIDER=log, an error's message and stack, whoever logged it.
 * Every spelling that opens the page is one: `/Q/…`, `/%71/…`, `/q/./…`, `/q\…`, a token
 * percent-encoded, an absolute URL. After the link's segment, every segment of the path but a
 * photo's place is left out, since any of them could be the token once the URL is normalised;
 * `.data` and the query stay.
 */
export function redactLinkTokens(line: string): string {
  return line.replace(
    PRIVATE_LINK,
    (_match, head: string, rest: string) =>
      head +
      rest.replace(PATH_SEGMENT, (_m, separator: string, segment: string) =>
        HARMLESS_SEGMENT.test(segment)
          ? separator + segment
          : `${separator}[token]${segment.toLowerCase().endsWith('.data') ? '.data' : ''}`,
      ),
  );
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
    hooks: { streamWrite: redactLinkTokens },
  };
  const format = options.format ?? logFormatFor(process.stdout);
  if (format === 'json') return pino(settings, options.destination ?? outputDestination(process.stdout));

  // loaded only for a terminal: a server that writes JSON never pays for it
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: PrettyOptions,
  ) => DestinationStream;
  const prettyOptions: PrettyOptions = {
    // Winnipeg's time, not the machine's zone (a server set to UTC, a laptop elsewhere)
    translateTime: false,
    customPrettifiers: { time: (time) => `[${terminalTime(time)}]` },
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
