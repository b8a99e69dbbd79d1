/**
 * What the server logs (issue 31 item 11): one line per page or API answer, none per file served
 * well (built assets, uploaded images, icons); a client that leaves before its file is sent is not
 * an error; with SMS_PROVIDER=log every text that would have gone out says so in the log. A
 * customer's private link (/q/<token>) never reaches it, however the request spelled it, in a
 * request's line, the stalled-body line or a logged text (issue 47 item 5, decision 0177).
 */
import http from 'node:http';
import net from 'node:net';
import { Readable, Writable } from 'node:stream';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, isFileRequest } from '#server/app.ts';
import { createLogger } from '#server/logger.ts';
import { createMessaging } from '#server/services/messaging.ts';
import type { StorageBackend } from '#server/storage/backend.ts';
import { serveArea } from '#server/storage/serve.ts';
import { eachEngine } from '../support/databases.ts';

type Line = { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } } & Record<
  string,
  unknown
>;

function collectingLogger() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  // the server's own logger, redaction included
  return { lines, logger: createLogger('info', { format: 'json', destination: stream }) };
}

describe('which requests are files', () => {
  it.each([
    ['/assets/root-BdW3c.js', true],
    ['/uploads/catalog/3f9a.webp', true],
    ['/favicon.svg', true],
    ['/apple-touch-icon.png?v=2', true],
    ['/', false],
    ['/catalog', false],
    ['/api/health', false],
    ['/blog/rss.xml', false],
    ['/q/AbCdEfGhIjKlMnOpQrStUvWx/photos/1', false],
  ])('%s → %s', (url, expected) => {
    expect(isFileRequest(url)).toBe(expected);
  });
});

eachEngine('request logs', (ctx) => {
  const { lines, logger } = collectingLogger();
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const { deps, services } = ctx();
    app = createApp({ config: deps.config, services, logger, files: deps.files });
    await deps.files.put('public', 'catalog/logged.webp', Buffer.from('RIFF----WEBPVP8 '));
  });

  it('logs pages and API answers, and files only when they go wrong', async () => {
    lines.length = 0;
    await request(app).get('/uploads/catalog/logged.webp').expect(200);
    await request(app).get('/uploads/catalog/missing.webp').expect(404);
    await request(app).get('/api/health').expect(200);
    const logged = lines.filter((l) => l.req).map((l) => [l.req!.url, l.res?.statusCode]);
    expect(logged).toEqual([
      ['/uploads/catalog/missing.webp', 404],
      ['/api/health', 200],
    ]);
  });

  it("keeps a customer's private link out of the log however it is spelled: its token is left out", async () => {
    lines.length = 0;
    const token = 'AbCdEfGhIjKlMnOpQrStUvWx';
    // each of these opens the page (React Router matches without case and after decoding)
    for (const url of [
      `/q/${token}?latest=1`,
      `/Q/${token}`,
      `/%71/${token}`,
      `/%51/${token}?asked`,
      `/q/./${token}`,
      `/x/../q/${token}`,
      `/q/${token}/photos/2?preview`,
      `/q/${token}.data`,
      `/q/%41bCdEfGhIjKlMnOpQrStUvWx`,
    ]) {
      await request(app).get(url);
    }
    const logged = lines.filter((l) => l.req).map((l) => l.req!.url);
    expect(logged).toEqual([
      '/q/[token]?latest=1',
      '/Q/[token]',
      '/%71/[token]',
      '/%51/[token]?asked',
      '/q/./[token]',
      '/x/../q/[token]',
      '/q/[token]/photos/2?preview',
      '/q/[token].data',
      '/q/[token]',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/bCdEfGhIjKlMnOpQrStUvWx/);
  });

  it('keeps the token out of the stalled-body line too', async () => {
    const { deps, services } = ctx();
    const stalled = collectingLogger();
    const server = createApp({
      config: deps.config,
      services,
      logger: stalled.logger,
      files: deps.files,
      stalledBodyMs: 200,
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const token = 'ZyXwVuTsRqPoNmLkJiHgFeDc';
      const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.on('error', () => undefined);
      socket.write(
        `POST /%71/${token} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          'Content-Length: 100\r\n\r\nintent=acc',
      );
      await closed;
      expect(stalled.lines).toContainEqual(
        expect.objectContaining({ msg: 'request body stalled for 0.2 s: closed', url: '/%71/[token]' }),
      );
      expect(JSON.stringify(stalled.lines)).not.toContain(token);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('with SMS_PROVIDER=log, says in the log which text was not sent, its link left out', async () => {
    const { deps } = ctx();
    const messaging = createMessaging({ ...deps, logger }, { push: ctx().services.push });
    lines.length = 0;
    const token = 'Qw3rTy_uIoPaSdFgHjKlZx-C';
    await deps.db.transaction().execute(async (trx) => {
      await messaging.enqueueText(
        trx,
        { leadId: null, phone: '(204) 555-0123', body: 'Your part is in.', cause: 'staff' },
        new Date(),
      );
      await messaging.enqueueText(
        trx,
        {
          leadId: null,
          phone: '(204) 555-0124',
          body: `Your quote is ready: https://partshunters.example/q/${token}\nReply YES to order.`,
          cause: 'staff',
        },
        new Date(),
      );
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'text not sent (SMS_PROVIDER=log)',
        to: '…0123',
        body: 'Your part is in.',
      }),
      expect.objectContaining({
        msg: 'text not sent (SMS_PROVIDER=log)',
        to: '…0124',
        body: 'Your quote is ready: https://partshunters.example/q/[token]\nReply YES to order.',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe('a client that leaves before its file is sent', () => {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const opening = new Promise<void>((resolve) => (asked = resolve));
  let gone!: () => void;
  const answerClosed = new Promise<void>((resolve) => (gone = resolve));
  let handled: Promise<unknown> = Promise.resolve();
  const errors: unknown[] = [];
  const info = { key: 'catalog/slow.webp', size: 4, lastModified: new Date('2026-11-01T00:00:00Z') };
  // a backend whose open() waits until the test lets it go on: the client leaves meanwhile
  const backend = {
    stat: async () => info,
    open: async () => {
      asked();
      await opened;
      return { info, stream: Readable.from([Buffer.from('RIFF')]) };
    },
  } as unknown as StorageBackend;
  const serve = serveArea(backend, 'public', { maxAgeSeconds: 60 });
  const app = express();
  app.use('/uploads', (req, res, next) => {
    res.once('close', gone);
    handled = Promise.resolve(serve(req, res, next));
  });
  app.use(((err, _req, res, _next) => {
    errors.push(err);
    res.status(500).end();
  }) satisfies ErrorRequestHandler);
  const server = http.createServer(app);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is not an error: nothing reaches the error handler', async () => {
    const req = http.get({ host: '127.0.0.1', port, path: '/uploads/catalog/slow.webp' });
    req.on('error', () => undefined);
    await opening;
    // the client hangs up while the file is being opened; then the server has it and tries to send it
    req.destroy();
    await answerClosed;
    release();
    await handled;
    expect(errors).toEqual([]);
  });
});
