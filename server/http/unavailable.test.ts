/**
 * The 503 answers of errorHandler for a database outage, and what page loaders see of the services: a database fault becomes a 503 route response (React
 * Router then renders the 'briefly unavailable' page with that status); everything else, results
 * and other errors alike, passes through untouched.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_TEXT } from '#app/modules/site/unavailable.ts';
import { AppError } from '../errors.ts';
import { errorHandler } from './errors.ts';
import { unavailableAsRouteError } from './unavailable.ts';

const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** What React Router does with whatever a loader throws (the part that decides the status). */
async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('unavailableAsRouteError', () => {
  const services = {
    catalog: {
      async item(slug: string) {
        if (slug === 'down') throw terminated();
        if (slug === 'missing') throw new AppError(404, 'Item Not Found');
        return { slug };
      },
      label: (n: number) => `#${n}`,
      failNow: (): never => {
        throw terminated();
      },
    },
    site: { name: 'Parts Hunters MB' },
  };
  const guarded = unavailableAsRouteError(services);

  it('passes results through', async () => {
    expect(await guarded.catalog.item('axle')).toEqual({ slug: 'axle' });
    expect(guarded.catalog.label(3)).toBe('#3');
    expect(guarded.site.name).toBe('Parts Hunters MB');
  });

  it('turns a database fault, thrown or rejected, into a 503 route response with the message', async () => {
    for (const run of [() => guarded.catalog.item('down'), () => guarded.catalog.failNow()]) {
      const thrown = (await thrownBy(run)) as { type: string; data: unknown; init: { status: number } };
      expect(thrown.type).toBe('DataWithResponseInit');
      expect(thrown.init.status).toBe(503);
      expect(thrown.data).toEqual({ message: UNAVAILABLE_TEXT.message });
    }
  });

  it('lets every other error through as it was', async () => {
    const thrown = await thrownBy(() => guarded.catalog.item('missing'));
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(404);
  });

  it('hands out the same guarded objects every time', () => {
    expect(guarded.catalog).toBe(guarded.catalog);
    expect(guarded.catalog.item).toBe(guarded.catalog.item);
  });
});

describe('errorHandler on a database outage', () => {
  const app = express();
  app.get(['/api/thing', '/admin/leads'], () => {
    throw terminated();
  });
  app.get('/bug', () => {
    throw new TypeError('a plain bug');
  });
  app.use(errorHandler);

  it('answers an API request 503 with Retry-After, no-store and the JSON message', async () => {
    const res = await request(app).get('/api/thing').set('Accept', 'application/json').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ message: UNAVAILABLE_TEXT.message });
  });

  it('answers a browser asking for a page (outside React Router) with a bare HTML page', async () => {
    const res = await request(app).get('/admin/leads').set('Accept', 'text/html').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`<h1>${UNAVAILABLE_TEXT.heading}</h1>`);
  });

  it('still answers anything else 500', async () => {
    await request(app).get('/bug').expect(500);
  });
});
