import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { closeGracefully } from './shutdown.ts';

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
