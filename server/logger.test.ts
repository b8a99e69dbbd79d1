import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFor, prettyMessage } from './logger.ts';

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

  it('prettyMessage leaves other messages as they are', () => {
    expect(prettyMessage({ msg: 'migrations applied' })).toBe('migrations applied');
    expect(prettyMessage({ msg: 'request completed', req: { method: 'GET', url: '/' } })).toBe(
      'request completed (GET /)',
    );
  });
});
