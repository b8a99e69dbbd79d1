import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { tagPhoto } from '../../tests/e2e/fixtures/images.ts';
import { eachEngine } from '../../tests/support/databases.ts';
import { seedReference } from '../seed/index.ts';
import { AppError } from '../errors.ts';
import { DISCARDED_CASE_NUMBER } from './leads.ts';

/** A file arriving in pieces, like a multipart part over a slow connection. */
const arriving = (data: Buffer, piece = 64 * 1024) =>
  Readable.from(
    Array.from({ length: Math.ceil(data.length / piece) }, (_, i) =>
      data.subarray(i * piece, (i + 1) * piece),
    ),
  );

eachEngine('leads service', (ctx) => {
  const incoming = () => path.join(ctx().t.dataDir, 'uploads', 'private', 'incoming');
  const leftovers = () => (fs.existsSync(incoming()) ? fs.readdirSync(incoming()) : []);
  beforeAll(async () => {
    await seedReference(ctx().deps);
  });

  it('receives a photo as it streams in and keeps only the re-encoded result', async () => {
    const photo = await tagPhoto({ width: 3000, height: 2000 });
    const prepared = await ctx().services.leads.receivePhoto(arriving(photo), 'tag.jpg');
    expect(prepared).toMatchObject({ width: 2560, height: 1707, contentType: 'image/jpeg', format: 'jpeg' });
    expect(prepared.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(leftovers()).toEqual([]);
  });

  it('refuses a stream over 10 MB with 413 and the spec message, leaving no temporary file', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    const err = await ctx()
      .services.leads.receivePhoto(arriving(big), 'C:\\phone\\DCIM\\huge.jpg')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 413, message: 'huge.jpg is too large (max 10MB)' });
    expect(leftovers()).toEqual([]);
  });

  it('refuses what does not decode as a photo with 400 and the spec message', async () => {
    const err = await ctx()
      .services.leads.receivePhoto(arriving(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n')), 'invoice.jpg')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, message: 'invoice.jpg is not an image file' });
    expect(leftovers()).toEqual([]);
  });

  it('stores nothing for a filled honeypot and answers with the decoy case number', async () => {
    const result = await ctx().services.leads.submitLead(
      {
        website: 'http://spam.example',
        name: 'x',
        phone: '2045550100',
        equipment: 'truck',
        description: 'x',
        consent: 'true',
      },
      [],
    );
    // answered as a request is, with when we reply (a robot is not told it was found out)
    expect(result).toEqual({
      caseNumber: DISCARDED_CASE_NUMBER,
      reply: expect.stringContaining('will contact you'),
      stored: false,
    });
    const { n } = await ctx()
      .deps.db.selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('validates with the shared schema and reports the first failing rule', async () => {
    const err = await ctx()
      .services.leads.submitLead({ equipment: 'truck', description: 'Mirror', phone: '2045550100' }, [])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      message: 'Name is required',
      fieldErrors: { name: ['Name is required'], consent: ['You must agree to be contacted'] },
    });
  });
});
