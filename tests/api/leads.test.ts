/**
 * POST /api/leads and GET /api/leads/photos/{key} through the real Express app, on SQLite and
 * PostgreSQL: a valid request with six photos, every validation rule, the photo rules (non-image,
 * polyglot, oversize, 7th photo), EXIF/GPS removal, concurrent case numbers, abuse limits, and
 * all-or-nothing storage (no row without photos, no file without a row).
 */
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { replyPromise } from '#app/modules/leads/reply-promise.ts';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXT } from '#app/modules/leads/lead-request.ts';
import { seedReference } from '#server/seed/index.ts';
import { createServices } from '#server/services/index.ts';
import { leadsService, ORPHAN_AGE_MS } from '#server/services/leads.ts';
import { readExif, tagPhoto, withGpsExif } from '../e2e/fixtures/images.ts';
import { eachEngine, type EngineContext } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';
import { newClient, submit, VALID_FIELDS, type Photo } from './leads-fixtures.ts';

const ADMIN_PASSWORD = 'lead-tests-admin-password';
const ENV = { TRUST_PROXY: '1', ADMIN_PASSWORD };

const photoDir = (ctx: EngineContext) => path.join(ctx.t.dataDir, 'uploads', 'private', 'leads');
const incomingDir = (ctx: EngineContext) => path.join(ctx.t.dataDir, 'uploads', 'private', 'incoming');
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

async function counts(ctx: EngineContext) {
  const { db } = ctx.deps;
  const n = async (table: 'leads' | 'lead_photos' | 'lead_events' | 'outgoing_messages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    leads: await n('leads'),
    photos: await n('lead_photos'),
    events: await n('lead_events'),
    messages: await n('outgoing_messages'),
    files: filesIn(photoDir(ctx)).length,
    /** uploads still being checked: always none once a request has been answered */
    incoming: filesIn(incomingDir(ctx)).length,
  };
}

async function signIn(app: ReturnType<typeof createTestApp>): Promise<string> {
  const res = await request(app)
    .post('/api/admin/login')
    .send({ username: 'admin', password: ADMIN_PASSWORD })
    .expect(200);
  return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}

eachEngine(
  'POST /api/leads',
  (ctx) => {
    let app: ReturnType<typeof createTestApp>;
    let staffCookie: string;
    const photos: Photo[] = [];

    beforeAll(async () => {
      await seedReference(ctx().deps);
      await ctx().services.adminAccount.ensureAdmin();
      app = createTestApp(ctx().deps, ctx().services);
      staffCookie = await signIn(app);
      for (let i = 0; i < 6; i++) {
        photos.push({
          name: `IMG_000${i + 1}.jpg`,
          data: await tagPhoto({ width: 1600, height: 1200, hue: i * 50, label: `SN TAG-${i + 1}` }),
        });
      }
    });

    it('stores a valid request with six photos and answers with its case number', async () => {
      const before = await counts(ctx());
      const res = await submit(app, VALID_FIELDS, photos).expect(201);
      // with when we reply, by the server's clock (decision 0192; the confirmation shows it)
      expect(res.body).toEqual({
        caseNumber: expect.stringMatching(/^Q-1\d{4}$/),
        reply: replyPromise(DEFAULT_HOURS, new Date()),
      });
      const { caseNumber } = res.body as { caseNumber: string };

      const { db } = ctx().deps;
      const lead = await db
        .selectFrom('leads')
        .selectAll()
        .where('case_number', '=', caseNumber)
        .executeTakeFirstOrThrow();
      expect(lead).toMatchObject({
        status: 'new',
        source: 'web',
        urgency: 'today',
        equipment: 'trailer',
        make: 'Dexter',
        model: '7K axle',
        year: '2018',
        part_category: 'trailer-parts',
        part_number: '046-126-00',
        description: VALID_FIELDS.description,
        name: 'Dana Friesen',
        phone: '(204) 555-0123',
        email: 'dana@example.com',
        city: 'steinbach',
        consent_text: CONSENT_TEXT,
      });
      expect(caseNumber).toBe(`Q-${10000 + lead.id}`);
      // consent is stored with the time it was given
      expect(lead.consent_at).toBe(lead.created_at);
      expect(Date.now() - Date.parse(lead.consent_at!)).toBeLessThan(60_000);

      const stored = await db
        .selectFrom('lead_photos')
        .selectAll()
        .where('lead_id', '=', lead.id)
        .orderBy('position')
        .execute();
      expect(stored).toHaveLength(6);
      for (const [i, photo] of stored.entries()) {
        expect(photo).toMatchObject({ position: i, content_type: 'image/jpeg', width: 1600, height: 1200 });
        // an unguessable name: 128 random bits, nothing from the customer's file name
        expect(photo.storage_key).toMatch(/^leads\/[0-9a-f]{32}\.jpg$/);
        const file = fs.readFileSync(path.join(ctx().t.dataDir, 'uploads', 'private', photo.storage_key));
        expect(file.length).toBe(photo.size_bytes);
        expect((await sharp(file).metadata()).format).toBe('jpeg');
      }
      expect(new Set(stored.map((p) => p.storage_key)).size).toBe(6);

      const events = await db.selectFrom('lead_events').selectAll().where('lead_id', '=', lead.id).execute();
      expect(events.map((e) => [e.type, e.to_status, e.actor])).toEqual([['created', 'new', 'customer']]);

      // the staff alert is recorded (no SMTP configured here: recorded only)
      const alerts = await db
        .selectFrom('outgoing_messages')
        .selectAll()
        .where('lead_id', '=', lead.id)
        .where('audience', '=', 'staff')
        .execute();
      expect(alerts).toHaveLength(1);
      // and the customer's confirmation text, with the case number and their private link (issue 28)
      const confirmation = await db
        .selectFrom('outgoing_messages')
        .selectAll()
        .where('lead_id', '=', lead.id)
        .where('audience', '=', 'customer')
        .execute();
      expect(confirmation).toEqual([
        expect.objectContaining({
          channel: 'sms',
          recipient: '+12045550123',
          body: expect.stringMatching(
            new RegExp(`${caseNumber}.* Follow it here: http\\S+/q/[A-Za-z0-9_-]{24} `),
          ),
        }),
      ]);
      expect(alerts[0]).toMatchObject({
        channel: 'email',
        recipient: ctx().deps.config.site.email,
        status: 'logged',
        subject: `New quote request ${caseNumber}: Trailer (Emergency repair)`,
      });
      expect(alerts[0]!.body).toContain('Phone: (204) 555-0123');
      expect(alerts[0]!.body).toContain('City: Steinbach');
      expect(alerts[0]!.body).toContain('Photos: 6');

      const after = await counts(ctx());
      expect(after).toEqual({
        leads: before.leads + 1,
        photos: before.photos + 6,
        events: before.events + 1,
        // the staff alert and the customer's confirmation
        messages: before.messages + 2,
        files: before.files + 6,
        incoming: 0,
      });
    });

    it('serves lead photos to signed-in staff only, and nowhere else', async () => {
      const res = await submit(app, VALID_FIELDS, photos.slice(0, 1)).expect(201);
      const { db } = ctx().deps;
      const { storage_key: key } = await db
        .selectFrom('lead_photos')
        .innerJoin('leads', 'leads.id', 'lead_photos.lead_id')
        .select('lead_photos.storage_key')
        .where('leads.case_number', '=', res.body.caseNumber)
        .executeTakeFirstOrThrow();
      const url = `/api/leads/photos/${key}`;

      const anonymous = await request(app).get(url).expect(401);
      expect(anonymous.body).toEqual({ message: 'Please sign in to continue.' });
      expect(anonymous.headers['content-type']).toMatch(/json/);

      const staff = await request(app).get(url).set('Cookie', staffCookie).expect(200);
      expect(staff.headers['content-type']).toBe('image/jpeg');
      expect(staff.headers['cache-control']).toBe('no-store');
      expect(staff.headers['x-content-type-options']).toBe('nosniff');
      expect(staff.headers['content-security-policy']).toContain('sandbox');
      expect(
        Buffer.compare(staff.body as Buffer, fs.readFileSync(path.join(photoDir(ctx()), key.slice(6)))),
      ).toBe(0);

      // the private area is never served as static files, and keys are never paths
      await request(app).get(`/uploads/${key}`).expect(404);
      await request(app).get(`/uploads/private/${key}`).expect(404);
      for (const bad of [
        'leads/00000000000000000000000000000000.jpg',
        'leads/..%2F..%2Fapp.db',
        '..%2Ftest.db',
        'leads',
      ]) {
        const miss = await request(app).get(`/api/leads/photos/${bad}`).set('Cookie', staffCookie);
        expect({ bad, status: miss.status }).toEqual({ bad, status: 404 });
      }
    });

    it("serves staff a lead photo's 640 px copy for the dialog's tiles (`?preview`), to staff only", async () => {
      const camera = await tagPhoto({ width: 4000, height: 3000 });
      const res = await submit(app, VALID_FIELDS, [{ name: 'IMG_1.jpg', data: camera }]).expect(201);
      const { storage_key: key } = await ctx()
        .deps.db.selectFrom('lead_photos')
        .innerJoin('leads', 'leads.id', 'lead_photos.lead_id')
        .select('lead_photos.storage_key')
        .where('leads.case_number', '=', res.body.caseNumber)
        .executeTakeFirstOrThrow();
      const url = `/api/leads/photos/${key}`;
      await request(app).get(`${url}?preview`).expect(401);

      const full = await request(app).get(url).set('Cookie', staffCookie).expect(200);
      const preview = await request(app).get(`${url}?preview`).set('Cookie', staffCookie).expect(200);
      expect(preview.headers['content-type']).toBe('image/jpeg');
      expect(preview.headers['cache-control']).toBe('no-store');
      expect(preview.headers['content-security-policy']).toContain('sandbox');
      const [fullMeta, previewMeta] = await Promise.all([
        sharp(full.body as Buffer).metadata(),
        sharp(preview.body as Buffer).metadata(),
      ]);
      expect([fullMeta.width, fullMeta.height]).toEqual([2560, 1920]);
      expect([previewMeta.width, previewMeta.height]).toEqual([640, 480]);
      expect((preview.body as Buffer).length).toBeLessThan((full.body as Buffer).length / 5);
      // a key no lead names has no preview either
      await request(app)
        .get('/api/leads/photos/leads/00000000000000000000000000000000.jpg?preview')
        .set('Cookie', staffCookie)
        .expect(404);
    });

    it('removes EXIF and GPS from the stored photo and turns it upright', async () => {
      const phone = withGpsExif(await tagPhoto({ width: 4000, height: 3000 }), {
        orientation: 6,
        latitude: 49.5258,
        longitude: -96.6845,
      });
      expect(readExif(phone)).toMatchObject({ gps: true, orientation: 6 });
      const res = await submit(app, VALID_FIELDS, [{ name: 'serial-tag.jpg', data: phone }]).expect(201);
      const photo = await ctx()
        .deps.db.selectFrom('lead_photos')
        .innerJoin('leads', 'leads.id', 'lead_photos.lead_id')
        .select(['lead_photos.storage_key', 'lead_photos.width', 'lead_photos.height'])
        .where('leads.case_number', '=', res.body.caseNumber)
        .executeTakeFirstOrThrow();
      // 4000 x 3000 turned a quarter and bounded to 2560 px
      expect([photo.width, photo.height]).toEqual([1920, 2560]);
      const file = fs.readFileSync(path.join(ctx().t.dataDir, 'uploads', 'private', photo.storage_key));
      expect(readExif(file)).toEqual({ exif: false, gps: false });
      expect(file.includes(Buffer.from('FieldCam'))).toBe(false);
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([1920, 2560]);
    });

    it.each([
      ['equipment', { equipment: undefined }, 'Equipment type is required'],
      ['equipment', { equipment: 'boat' }, 'Equipment type is required'],
      ['description', { description: undefined }, 'Part description is required'],
      ['description', { description: '   ' }, 'Part description is required'],
      ['name', { name: undefined }, 'Name is required'],
      ['phone', { phone: undefined }, 'Phone number is required'],
      ['email', { email: 'dana@' }, 'Invalid email address'],
      ['consent', { consent: undefined }, 'You must agree to be contacted'],
      ['consent', { consent: 'false' }, 'You must agree to be contacted'],
      ['urgency', { urgency: 'yesterday' }, expect.any(String)],
      ['partCategory', { partCategory: 'boats' }, 'Choose a part category from the list'],
      ['city', { city: 'atlantis' }, 'Choose a city from the list'],
      [
        'description',
        { description: 'x'.repeat(4001) },
        'Part description is too long (max 4000 characters)',
      ],
    ])(
      'refuses a request breaking the %s rule (%j) with 400 and its message',
      async (field, change, message) => {
        const before = await counts(ctx());
        const fields = { ...VALID_FIELDS, ...change } as Record<string, string | undefined>;
        const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >;
        const res = await submit(app, sent, photos.slice(0, 2)).expect(400);
        expect(res.body).toEqual({ message, fieldErrors: { [field]: [message] } });
        expect(await counts(ctx())).toEqual(before);
      },
    );

    it('reports every failing field at once, the first one as the message', async () => {
      const res = await submit(app, { urgency: 'flexible' }).expect(400);
      expect(res.body).toEqual({
        message: 'Equipment type is required',
        fieldErrors: {
          equipment: ['Equipment type is required'],
          description: ['Part description is required'],
          name: ['Name is required'],
          phone: ['Phone number is required'],
          consent: ['You must agree to be contacted'],
        },
      });
    });

    it('accepts the optional fields left out, "other" as the city, and no photos', async () => {
      const { equipment, description, name, phone, consent } = VALID_FIELDS;
      const res = await submit(app, { equipment, description, name, phone, consent, city: 'other' }).expect(
        201,
      );
      const lead = await ctx()
        .deps.db.selectFrom('leads')
        .selectAll()
        .where('case_number', '=', res.body.caseNumber)
        .executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ urgency: 'flexible', city: 'other', email: null, make: null, year: null });
    });

    it('refuses a text file renamed to .jpg, with the spec message and nothing stored', async () => {
      const before = await counts(ctx());
      const res = await submit(app, VALID_FIELDS, [
        photos[0]!,
        { name: 'quote-notes.jpg', data: Buffer.from('Need this part by Friday.\n'.repeat(50)) },
      ]).expect(400);
      expect(res.body).toEqual({ message: 'quote-notes.jpg is not an image file' });
      expect(await counts(ctx())).toEqual(before);
    });

    it('refuses an image polyglot carrying script, and SVG', async () => {
      const before = await counts(ctx());
      const polyglot = Buffer.concat([photos[1]!.data, Buffer.from('<script>fetch("/api/leads")</script>')]);
      expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
      const res = await submit(app, VALID_FIELDS, [{ name: 'tag.jpg', data: polyglot }]).expect(400);
      expect(res.body).toEqual({ message: 'tag.jpg is not an image file' });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const svgRes = await submit(app, VALID_FIELDS, [{ name: 'tag.svg', data: svg, type: 'image/svg+xml' }]);
      expect(svgRes.status).toBe(400);
      expect(svgRes.body).toEqual({ message: 'tag.svg is not an image file' });
      expect(await counts(ctx())).toEqual(before);
    });

    it('refuses a photo over 10 MB with 413 and the spec message', async () => {
      const before = await counts(ctx());
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
      const res = await submit(app, VALID_FIELDS, [photos[0]!, { name: 'huge-photo.jpg', data: big }]).expect(
        413,
      );
      expect(res.body).toEqual({ message: 'huge-photo.jpg is too large (max 10MB)' });
      expect(await counts(ctx())).toEqual(before);
    });

    it('refuses a 7th photo with the spec message and stores nothing', async () => {
      const before = await counts(ctx());
      const seven = [...photos, { name: 'IMG_0007.jpg', data: photos[0]!.data }];
      const res = await submit(app, VALID_FIELDS, seven).expect(400);
      expect(res.body).toEqual({ message: 'Maximum 6 photos allowed' });
      expect(await counts(ctx())).toEqual(before);
    });

    it('refuses photos under another field name, non-multipart bodies and oversized bodies before parsing', async () => {
      const wrongField = await request(app)
        .post('/api/leads')
        .set('X-Forwarded-For', newClient())
        .field('name', 'Dana')
        .attach('file', photos[0]!.data, 'a.jpg')
        .expect(400);
      expect(wrongField.body).toEqual({ message: 'Photos must be sent in the "photos" field.' });

      const json = await request(app)
        .post('/api/leads')
        .set('X-Forwarded-For', newClient())
        .send(VALID_FIELDS)
        .expect(415);
      expect(json.body).toEqual({ message: 'Send the request as multipart/form-data.' });

      // a declared length over six 10 MB photos is refused before a byte of the body is read
      const huge = await rawPost(app, {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(61 * 1024 * 1024 + 300 * 1024),
      });
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toEqual({
        message: 'The request is too large. Each photo can be at most 10MB, and at most 6 photos.',
      });

      const malformed = await request(app)
        .post('/api/leads')
        .set('X-Forwarded-For', newClient())
        .set('Content-Type', 'multipart/form-data; boundary=abc')
        .send('--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana')
        .expect(400);
      expect(malformed.body.message).toEqual(expect.any(String));
    });

    it('gives concurrent submissions distinct, consecutive case numbers', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          submit(app, { ...VALID_FIELDS, name: `Customer ${i}` }, [photos[i % 6]!]),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
      const numbers = results.map((r) => Number((r.body.caseNumber as string).slice(2)));
      expect(new Set(numbers).size).toBe(12);
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(sorted.at(-1)! - sorted[0]!).toBe(11);
      const rows = await ctx()
        .deps.db.selectFrom('leads')
        .select(['case_number', 'name'])
        .where('name', 'like', 'Customer %')
        .execute();
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.case_number)).size).toBe(12);
    });

    it('answers a filled honeypot like a success but stores nothing', async () => {
      const before = await counts(ctx());
      const res = await submit(app, { ...VALID_FIELDS, website: 'https://cheap-pills.example' }, [
        photos[0]!,
      ]).expect(201);
      expect(res.body).toEqual({ caseNumber: 'Q-10000', reply: replyPromise(DEFAULT_HOURS, new Date()) });
      expect(await counts(ctx())).toEqual(before);
    });

    it('stores nothing and leaves no file when the customer drops off mid-upload', async () => {
      const before = await counts(ctx());
      await abortMidUpload(app, photos);
      // the aborted upload's temporary file is removed once its stream has closed: wait for that
      // state (a loaded machine takes a moment longer), never for a fixed time
      const deadline = Date.now() + 10_000;
      while (filesIn(incomingDir(ctx())).length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // the server is still fine and the next request goes through (from a number of its own: the
      // suite's other requests used up VALID_FIELDS' texts for the day, which adds an event)
      await submit(app, { ...VALID_FIELDS, phone: '(204) 555-0138' }, photos.slice(0, 1)).expect(201);
      const after = await counts(ctx());
      expect(after).toEqual({
        leads: before.leads + 1,
        photos: before.photos + 1,
        events: before.events + 1,
        // the staff alert and the customer's confirmation text
        messages: before.messages + 2,
        files: before.files + 1,
        incoming: 0,
      });
    });

    it('removes the photo files again when the database write fails', async () => {
      const { db, engine } = { db: ctx().deps.db, engine: ctx().deps.engine };
      const before = await counts(ctx());
      await failLeadEvents(db, engine, true);
      try {
        const res = await submit(app, VALID_FIELDS, photos.slice(0, 3)).expect(500);
        expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      } finally {
        await failLeadEvents(db, engine, false);
      }
      expect(await counts(ctx())).toEqual(before);
    });

    it('sweeps photo files a crash left without a lead, and only those', async () => {
      const dir = photoDir(ctx());
      const owned = filesIn(dir);
      expect(owned.length).toBeGreaterThan(0);
      // what a crash between writing the files and committing the lead leaves behind
      const orphan = '0123456789abcdef0123456789abcdef.jpg';
      const halfWritten = 'fedcba9876543210fedcba9876543210.jpg.4242.tmp';
      const fresh = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg';
      for (const name of [orphan, halfWritten, fresh]) fs.writeFileSync(path.join(dir, name), 'x');
      const old = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
      for (const name of [...owned, orphan, halfWritten]) fs.utimesSync(path.join(dir, name), old, old);

      // an upload that was being checked when the process died
      fs.mkdirSync(incomingDir(ctx()), { recursive: true });
      const stale = path.join(incomingDir(ctx()), '11111111111111111111111111111111.upload');
      fs.writeFileSync(stale, 'x');
      fs.utimesSync(stale, old, old);

      const removed = await leadsService(ctx().deps, {
        messaging: ctx().services.messaging,
        reference: ctx().services.reference,
      }).sweepOrphanPhotos();
      expect(removed).toBe(3);
      expect(filesIn(incomingDir(ctx()))).toEqual([]);
      // the files leads own stay, and so does a file a request may still be committing
      expect(filesIn(dir)).toEqual([...owned, fresh].sort());
      fs.rmSync(path.join(dir, fresh));
    });
  },
  ENV,
);

eachEngine(
  'POST /api/leads rate limit',
  (ctx) => {
    it('limits submissions per client with a clear 429, without touching other clients', async () => {
      await seedReference(ctx().deps);
      const app = createTestApp(ctx().deps, ctx().services);
      const client = '198.51.100.7';
      for (let i = 0; i < 20; i++) {
        const res = await submit(app, { name: 'Probe' }, [], client);
        expect(res.status).toBe(400);
      }
      const limited = await submit(app, VALID_FIELDS, [], client).expect(429);
      expect(limited.body).toEqual({
        message:
          'Too many requests from your connection. Please wait 15 minutes and try again, or text us your part.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // a customer on another connection is not affected
      await submit(app, VALID_FIELDS, [], '198.51.100.8').expect(201);
    });

    it('counts once across processes and restarts: the count is in the database', async () => {
      // two apps with their own services stand for two processes on one database
      const one = createTestApp(ctx().deps, createServices(ctx().deps));
      const two = createTestApp(ctx().deps, createServices(ctx().deps));
      const client = '198.51.100.9';
      for (let i = 0; i < 20; i++)
        expect((await submit(i % 2 ? one : two, { name: 'Probe' }, [], client)).status).toBe(400);
      await submit(one, VALID_FIELDS, [], client).expect(429);
      await submit(two, VALID_FIELDS, [], client).expect(429);
      const restarted = createTestApp(ctx().deps, createServices(ctx().deps));
      await submit(restarted, VALID_FIELDS, [], client).expect(429);
    });
  },
  ENV,
);

/** A POST with only headers, read raw: shows what the server answers before any body arrives. */
function rawPost(
  app: ReturnType<typeof createTestApp>,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      const socket = net.connect(port, '127.0.0.1', () => {
        const lines = Object.entries({ Host: 'localhost', 'X-Forwarded-For': newClient(), ...headers });
        socket.write(
          `POST /api/leads HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`,
        );
      });
      let raw = '';
      socket.on('data', (chunk) => {
        raw += chunk.toString('latin1');
        const end = raw.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(raw)?.[1];
        if (end >= 0 && length && raw.length >= end + 4 + Number(length)) {
          socket.destroy();
          server.close();
          resolve({
            status: Number(raw.slice(9, 12)),
            body: raw.slice(end + 4, end + 4 + Number(length)),
          });
        }
      });
      socket.on('error', reject);
    });
  });
}

/** Sends the fields and half of the photos, then cuts the connection, and waits for the server to notice. */
function abortMidUpload(app: ReturnType<typeof createTestApp>, photos: Photo[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      const boundary = 'cutoff-boundary';
      const parts: Buffer[] = [];
      for (const [key, value] of Object.entries(VALID_FIELDS)) {
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
        );
      }
      for (const photo of photos) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          photo.data,
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const body = Buffer.concat(parts);
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/leads HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${newClient()}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // most of the photos arrive (several are decoded already), then the signal drops
        socket.write(body.subarray(0, Math.floor(body.length * 0.7)), () => {
          setTimeout(() => socket.destroy(), 200);
        });
      });
      socket.on('error', reject);
      socket.on('close', () => {
        // closing the listener waits for the server side of the connection to finish
        server.close(() => resolve());
      });
    });
  });
}

/** Makes every insert into lead_events fail (a real database error inside the lead's transaction). */
async function failLeadEvents(
  db: EngineContext['deps']['db'],
  engine: EngineContext['deps']['engine'],
  on: boolean,
): Promise<void> {
  const { sql } = await import('kysely');
  if (engine === 'sqlite') {
    if (on) {
      await sql`create trigger fail_events before insert on lead_events begin select raise(abort, 'simulated failure'); end`.execute(
        db,
      );
    } else {
      await sql`drop trigger if exists fail_events`.execute(db);
    }
    return;
  }
  if (on) {
    await sql`create or replace function fail_events() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`.execute(
      db,
    );
    await sql`create trigger fail_events before insert on lead_events for each row execute function fail_events()`.execute(
      db,
    );
  } else {
    await sql`drop trigger if exists fail_events on lead_events`.execute(db);
    await sql`drop function if exists fail_events()`.execute(db);
  }
}

describe('lead photo URLs', () => {
  it('match the storage keys the seed and the service write', async () => {
    const { leadPhotoUrl, LEAD_PHOTO_KEY } = await import('#app/modules/leads/lead-photos.ts');
    expect(leadPhotoUrl('leads/0123456789abcdef0123456789abcdef.jpg')).toBe(
      '/api/leads/photos/leads/0123456789abcdef0123456789abcdef.jpg',
    );
    expect(LEAD_PHOTO_KEY.test('leads/0123456789abcdef0123456789abcdef.webp')).toBe(true);
    expect(LEAD_PHOTO_KEY.test('leads/../x.jpg')).toBe(false);
  });
});
