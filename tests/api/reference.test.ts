import request from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { seedReference } from '#server/seed/index.ts';
import { eachEngine } from '../support/databases.ts';
import { createTestApp } from '../support/http.ts';

eachEngine('reference data API', (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    await seedReference(ctx().deps);
    app = createTestApp(ctx().deps, ctx().services);
  });

  it('GET /api/cities lists at least 30 Manitoba communities with slug, name and region', async () => {
    const res = await request(app).get('/api/cities').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(30);
    expect(res.body[0]).toEqual({ slug: 'winnipeg', name: 'Winnipeg', region: 'Winnipeg Metro' });
    const slugs = res.body.map((c: { slug: string }) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['winnipeg', 'steinbach', 'brandon']));
    const regions = new Set(res.body.map((c: { region: string }) => c.region));
    expect([...regions].sort()).toEqual(
      [
        'Brandon Region',
        'Central Manitoba',
        'Eastern Manitoba',
        'Interlake Area',
        'Parkland Region',
        'Portage Plains',
        'Steinbach Region',
        'Winnipeg Metro',
      ].sort(),
    );
  });

  it('GET /api/categories lists the eight part categories in order', async () => {
    const res = await request(app).get('/api/categories').expect(200);
    expect(res.body.map((c: { slug: string }) => c.slug)).toEqual([
      'trailer-parts',
      'truck-upfit',
      'snow-ice',
      'lighting-electrical',
      'hydraulics-fittings',
      'cargo-control',
      'ag-heavy-equipment',
      'safety-compliance',
    ]);
    expect(res.body[0]).toEqual({ slug: 'trailer-parts', name: 'Trailer Parts' });
  });

  it('seeding twice changes nothing', async () => {
    await seedReference(ctx().deps);
    const res = await request(app).get('/api/cities').expect(200);
    expect(new Set(res.body.map((c: { slug: string }) => c.slug)).size).toBe(res.body.length);
    expect(res.body.length).toBe(36);
  });

  it('unknown /api paths answer JSON 404', async () => {
    const res = await request(app).get('/api/nope').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});
