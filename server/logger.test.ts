import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  logFormatFor,
  outputDestination,
  prettyMessage,
  redactLinkTokens,
  terminalTime,
} from './logger.ts';

function collect() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('are readable text on a terminal and JSON anywhere else', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });

  it('JSON: one object per line, secrets redacted', () => {
    const { lines, stream } = collect();
    const logger = createLogger('info', { format: 'json', destination: stream });
    logger.info({ req: { headers: { cookie: 'sid=secret' } } }, 'hello');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as {
      level: number;
      msg: string;
      req: { headers: { cookie: string } };
    };
    expect(line).toMatchObject({ level: 30, msg: 'hello', req: { headers: { cookie: '[redacted]' } } });
  });

  it('pretty: time, level and a short message per line; a request as method, path, status and time', () => {
    const { lines, stream } = collect();
    const logger = createLogger('info', { format: 'pretty', destination: stream, colorize: false });
    logger.info({ port: 3000, database: 'sqlite' }, 'listening on http://localhost:3000');
    logger.info(
      {
        req: { id: 'r1', method: 'GET', url: '/blog', remoteAddress: '::1' },
        res: { statusCode: 200 },
        responseTime: 4.2,
      },
      'request completed',
    );
    logger.warn({ req: { method: 'POST', url: '/api/leads' } }, 'slow upload');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\] INFO: listening on http:\/\/localhost:3000 \{"port":3000,"database":"sqlite"\}$/,
    );
    expect(lines[1]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/blog 200 \(4 ms\)$/);
    expect(lines[2]).toMatch(/WARN: slow upload \(POST \/api\/leads\)$/);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
  });

  describe('times on a terminal', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("are Winnipeg's, summer (CDT) and winter (CST), whatever the machine's zone", () => {
      expect(terminalTime(Date.parse('2026-07-01T17:04:31Z'))).toBe('12:04:31');
      expect(terminalTime(Date.parse('2026-01-15T17:04:31Z'))).toBe('11:04:31');
      // the night of the autumn change: 01:30 CDT, then 01:30 CST an hour later
      expect(terminalTime(Date.parse('2026-11-01T06:30:00Z'))).toBe('01:30:00');
      expect(terminalTime(Date.parse('2026-11-01T07:30:00Z'))).toBe('01:30:00');
      expect(terminalTime(Date.parse('2026-11-01T05:00:00Z'))).toBe('00:00:00');
      expect(terminalTime('not a time')).toBe('not a time');
    });

    it('lead each pretty line; the JSON lines keep milliseconds since 1970 (UTC)', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-07-01T17:04:31Z'));
      const pretty = collect();
      createLogger('info', { format: 'pretty', destination: pretty.stream, colorize: false }).info('ready');
      expect(pretty.lines).toEqual(['[12:04:31] INFO: ready']);
      const json = collect();
      createLogger('info', { format: 'json', destination: json.stream }).info('ready');
      expect((JSON.parse(json.lines[0]!) as { time: number }).time).toBe(Date.parse('2026-07-01T17:04:31Z'));
    });
  });

  it('prettyMessage leaves other messages as they are', () => {
    expect(prettyMessage({ msg: 'migrations applied' })).toBe('migrations applied');
    expect(prettyMessage({ msg: 'request completed', req: { method: 'GET', url: '/' } })).toBe(
      'request completed (GET /)',
    );
  });
});

describe("a customer's private link in a log line", () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUv_-';
  /** The line pino writes for a value, as redacted on its way out. */
  const logged = (value: string) =>
    (JSON.parse(redactLinkTokens(JSON.stringify({ url: value }))) as { url: string }).url;

  it.each([
    [`/q/${token}`, '/q/[token]'],
    [`/q/${token}?latest=1`, '/q/[token]?latest=1'],
    [`/q/${token}#top`, '/q/[token]#top'],
    [`/q/${token}/`, '/q/[token]/'],
    [`/q/${token}.data`, '/q/[token].data'],
    [`/q/${token}/photos/2?preview`, '/q/[token]/photos/2?preview'],
    [`/Q/${token}/PHOTOS/2`, '/Q/[token]/PHOTOS/2'],
    [`/%71/${token}`, '/%71/[token]'],
    [`/%51/${token}`, '/%51/[token]'],
    [`/q/./${token}`, '/q/./[token]'],
    [`/q/x/../${token}`, '/q/[token]/../[token]'],
    [`/x/../q/${token}`, '/x/../q/[token]'],
    [`/q\\${token}`, '/q\\[token]'],
    [`\\q\\${token}`, '\\q\\[token]'],
    [`/q%2F${token}`, '/q%2F[token]'],
    [`/q/%41bCdEfGhIjKlMnOpQrStUv_-`, '/q/[token]'],
    [`http://127.0.0.1:3000/q/${token}`, 'http://127.0.0.1:3000/q/[token]'],
    [
      `Your quote: https://partshunters.example/q/${token}\nReply YES to order.`,
      'Your quote: https://partshunters.example/q/[token]\nReply YES to order.',
    ],
    [`No route matches URL "/q/${token}"`, 'No route matches URL "/q/[token]"'],
    [`/admin/login?next=%2Fq%2F${token}`, '/admin/login?next=%2Fq%2F[token]'],
    // nothing else
    ['/quote', '/quote'],
    ['/api/leads/12/quote', '/api/leads/12/quote'],
    ['/faq/question', '/faq/question'],
    ['/q', '/q'],
    ['/catalog?q=trailer', '/catalog?q=trailer'],
  ])('%j is logged as %j', (value, expected) => {
    expect(logged(value)).toBe(expected);
  });

  it('leaves the token out of every line, JSON or pretty, whatever logged it and wherever', () => {
    for (const format of ['json', 'pretty'] as const) {
      const { lines, stream } = collect();
      const logger = createLogger('info', { format, destination: stream, colorize: false });
      logger.info(
        { req: { method: 'GET', url: `/Q/${token}` }, res: { statusCode: 200 } },
        'request completed',
      );
      logger.child({ url: `/%71/${token}` }).warn(`slow answer for /q/${token}`);
      logger.error(new Error(`failed for /q/${token}/photos/1`));
      expect(lines.length, format).toBeGreaterThanOrEqual(3);
      expect(lines.join('\n'), format).not.toContain('bCdEfGhIjKlMnOpQrStUv');
    }
  });
});

describe('the way to standard output', () => {
  it('keeps writing while the reader keeps up, and drops lines past the limit while it does not', () => {
    const taken: string[] = [];
    let reading = false;
    const waiting: (() => void)[] = [];
    // a pipe whose reader can stop: what it has not taken waits in the stream's queue
    const output = new Writable({
      highWaterMark: 10,
      write(chunk: Buffer, _encoding, done) {
        taken.push(chunk.toString());
        if (reading) done();
        else waiting.push(done);
      },
    });
    const destination = outputDestination(output, 100);
    reading = true;
    destination.write('a'.repeat(60));
    destination.write('b'.repeat(60));
    expect(output.writableLength).toBe(0);
    reading = false;
    for (const c of 'cdefg') destination.write(c.repeat(40));
    // c is being written and d and e wait: 120 bytes queued, past the limit, so f and g are dropped
    expect(output.writableLength).toBe(120);
    reading = true;
    waiting.shift()!();
    destination.write('h'.repeat(10));
    expect(taken.map((line) => line[0])).toEqual(['a', 'b', 'c', 'd', 'e', 'h']);
  });

  it('flush calls back once the reader has taken what was written, not before', async () => {
    const waiting: (() => void)[] = [];
    const output = new Writable({ write: (_chunk, _encoding, done) => waiting.push(done) });
    const destination = outputDestination(output);
    destination.write('line\n');
    let flushed = false;
    destination.flush(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    while (waiting.length) {
      waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(flushed).toBe(true);
  });

  it('a reader that closed the pipe ends the logging, not the process', async () => {
    const output = new Writable({
      write: (_chunk, _encoding, done) => done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
    });
    const logger = createLogger('info', { format: 'json', destination: outputDestination(output) });
    logger.info('meets a closed pipe');
    // the stream reports the failure on the next tick: an 'error' nobody listens to would throw then
    await new Promise((resolve) => setImmediate(resolve));
    expect(output.destroyed).toBe(true);
    expect(() => logger.info('after it closed')).not.toThrow();
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
  });
});
