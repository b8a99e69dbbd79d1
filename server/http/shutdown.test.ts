import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { createLogger, outputDestination } from '../logger.ts';
import { closeGracefully, shutDown } from './shutdown.ts';

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

it('finishes an in-flight request, refuses new connections, then runs the cleanup', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let requestStarted!: () => void;
  const started = new Promise<void>((r) => (requestStarted = r));
  const { server, url } = await listen(async (_req, res) => {
    requestStarted();
    await gate;
    res.end('done');
  });
  const order: string[] = [];
  const inFlight = fetch(`${url}/slow`).then(async (r) => {
    order.push(`response ${r.status}`);
    return r.text();
  });
  await started;
  const closed = closeGracefully(server, {
    cleanup: async () => {
      order.push('cleanup');
    },
  });
  await expect(fetch(`${url}/new`)).rejects.toThrow();
  release();
  expect(await inFlight).toBe('done');
  await closed;
  expect(order).toEqual(['response 200', 'cleanup']);
});

it('cuts requests that outlive the grace period', async () => {
  let requestStarted!: () => void;
  const started = new Promise<void>((r) => (requestStarted = r));
  const { server, url } = await listen(() => requestStarted() /* and never answer */);
  const hanging = fetch(url).catch((err: Error) => err);
  await started;
  let forced = false;
  await closeGracefully(server, { graceMs: 100, onForce: () => (forced = true), cleanup: async () => {} });
  expect(forced).toBe(true);
  expect(await hanging).toBeInstanceOf(Error);
});

/** A JSON logger whose lines are kept in `lines`, and an exit stand-in that says when and how. */
function processStandIns() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  );
  let exited!: (code: number) => void;
  const exitCode = new Promise<number>((r) => (exited = r));
  return { lines, logger, exit: (code: number) => exited(code), exitCode };
}

it('exits 0 once the cleanup is done, the last lines logged before', async () => {
  const { server } = await listen((_req, res) => res.end());
  const { lines, logger, exit, exitCode } = processStandIns();
  let cleaned = false;
  void shutDown({
    server,
    logger,
    graceMs: 1_000,
    deadlineMs: 2_000,
    cleanup: async () => {
      cleaned = true;
    },
    exit,
  });
  expect(await exitCode).toBe(0);
  expect(cleaned).toBe(true);
  expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['closed database; bye']);
});

it('exits 1 when the cleanup fails, saying why', async () => {
  const { server } = await listen((_req, res) => res.end());
  const { lines, logger, exit, exitCode } = processStandIns();
  void shutDown({
    server,
    logger,
    graceMs: 1_000,
    deadlineMs: 2_000,
    cleanup: () => Promise.reject(new Error('database gone')),
    exit,
  });
  expect(await exitCode).toBe(1);
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({
    msg: 'shutdown failed',
    err: { message: 'database gone' },
  });
});

it('exits 1 at the deadline when the cleanup never ends, with a line on stderr', async () => {
  const { server } = await listen((_req, res) => res.end());
  const { logger, exit, exitCode } = processStandIns();
  let said = '';
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      said += chunk.toString();
      done();
    },
  });
  const begun = performance.now();
  void shutDown({
    server,
    logger,
    graceMs: 50,
    deadlineMs: 200,
    cleanup: () => new Promise(() => {}),
    exit,
    stderr,
  });
  expect(await exitCode).toBe(1);
  expect(performance.now() - begun).toBeGreaterThanOrEqual(190);
  expect(said).toBe('shutdown did not finish in 0.2 s; exiting anyway\n');
});

it('does not wait for a log reader that is not reading', async () => {
  const { server } = await listen((_req, res) => res.end());
  // an output that never takes what is written to it, like a pipe nobody reads
  const stalled = new Writable({ write: () => {} });
  const logger = createLogger('info', { format: 'json', destination: outputDestination(stalled) });
  logger.info('queued for ever');
  let exited!: (code: number) => void;
  const exitCode = new Promise<number>((r) => (exited = r));
  const begun = performance.now();
  void shutDown({
    server,
    logger,
    graceMs: 1_000,
    deadlineMs: 5_000,
    lastLogsMs: 100,
    cleanup: async () => {},
    exit: exited,
  });
  expect(await exitCode).toBe(0);
  expect(performance.now() - begun).toBeLessThan(1_000);
  expect(stalled.writableLength).toBeGreaterThan(0);
});
