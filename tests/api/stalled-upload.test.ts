/**
 * A stalled upload is closed (issue 14 item 5; decision 0096), on both engines, over a real
 * socket: a quote request whose body stops arriving has its connection closed once it has been
 * silent for the limit (30 s in production, 1 s here), leaving no temporary file and no lead;
 * an upload that arrives slowly but keeps moving is never cut and is stored.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { VALID_FIELDS } from './leads-fixtures.ts';

// far above the slow upload's 150 ms pauses: a loaded machine's late timers must not cut it
const LIMIT_MS = 1000;
const PAUSE_MS = 150;

/** The exact bytes and content type a browser would send for the form with one photo. */
async function multipart(photo: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(VALID_FIELDS)) form.append(key, value);
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'part.jpg');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

eachEngine(
  'a stalled upload',
  (ctx) => {
    let server: Server;
    let port: number;
    let request: { body: Buffer; type: string };
    const incoming = () => path.join(ctx().t.dataDir, 'uploads', 'private', 'incoming');
    const tempFiles = () => (fs.existsSync(incoming()) ? fs.readdirSync(incoming()) : []);
    const leadCount = async () => (await ctx().deps.db.selectFrom('leads').select('id').execute()).length;

    beforeAll(async () => {
      const { deps, services } = ctx();
      await seedReference(deps);
      const app = createApp({
        config: deps.config,
        services,
        logger: deps.logger,
        files: deps.files,
        stalledBodyMs: LIMIT_MS,
      });
      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      port = (server.address() as { port: number }).port;
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7c2d12' } })
        .jpeg({ quality: 90 })
        .toBuffer();
      request = await multipart(photo);
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** Opens a connection and sends the request's head; resolves with the socket and its answer so far. */
    function open() {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${request.type}\r\n` +
          `Content-Length: ${request.body.length}\r\nX-Forwarded-For: 203.0.113.77\r\n\r\n`,
      );
      return { socket, closed, answer: () => answer };
    }

    it('closes the connection of a body that stops arriving, and leaves no file and no lead', async () => {
      const leads = await leadCount();
      const { socket, closed, answer } = open();
      // the fields and half the photo, then nothing more
      socket.write(request.body.subarray(0, Math.floor(request.body.length * 0.6)));
      await closed;
      expect(answer()).toBe('');
      // the upload's own clean-up runs as its stream errors: wait for it, not for time
      for (let i = 0; i < 100 && tempFiles().length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(tempFiles()).toEqual([]);
      expect(await leadCount()).toBe(leads);
    });

    it('never cuts an upload that arrives slowly but keeps moving', async () => {
      const leads = await leadCount();
      const { socket, closed, answer } = open();
      // in 12 pieces, each after a pause far shorter than the limit: 12 × 150 ms = 1.8 s in all, past the limit
      const pieces = 12;
      const size = Math.ceil(request.body.length / pieces);
      for (let i = 0; i < pieces; i++) {
        socket.write(request.body.subarray(i * size, (i + 1) * size));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      for (let i = 0; i < 200 && !answer().includes('\r\n\r\n'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(answer()).toMatch(/^HTTP\/1\.1 201 /);
      socket.end();
      await closed;
      expect(await leadCount()).toBe(leads + 1);
    });
  },
  { TRUST_PROXY: '1' },
);
