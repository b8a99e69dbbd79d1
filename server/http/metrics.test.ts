/**
 * The pieces of GET /metrics that need no database (decision 0199): the route label of a path the
 * page table names, and a scrape whose database figures could not be read in time.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { within } from '../services/health.ts';
import type { Services } from '../services/index.ts';
import { createMetrics, routePattern, routeTree, UNMATCHED } from './metrics.ts';
import type { RouteTable } from './page-cache.ts';

const page = (id: string, path: string | undefined, parentId = 'root', index?: boolean) => ({
  id,
  path,
  parentId,
  index,
  module: {},
});
/** A build's route table as React Router writes it: a root, a layout, pages, the catch-all. */
const TABLE: RouteTable = {
  root: { id: 'root', path: '', module: {} },
  home: page('home', undefined, 'root', true),
  quote: page('quote', 'q/:token'),
  photo: page('photo', 'q/:token/photos/:n'),
  layout: page('layout', undefined),
  leads: page('leads', 'admin/leads', 'layout'),
  lead: page('lead', ':id', 'leads'),
  notFound: page('notFound', '*'),
};

describe('the route label of a request no Express route answered', () => {
  const routes = routeTree(TABLE);
  it.each([
    ['/q/AbCdEfGhIjKlMnOpQrStUv_-', '/q/:token'],
    ['/q/AbCdEfGhIjKlMnOpQrStUv_-.data', '/q/:token'],
    ['/q/AbCdEfGhIjKlMnOpQrStUv_-/photos/2?preview', '/q/:token/photos/:n'],
    ['http://127.0.0.1:3000/q/AbCdEfGhIjKlMnOpQrStUv_-', '/q/:token'],
    ['/admin/leads', '/admin/leads'],
    ['/admin/leads/4321', '/admin/leads/:id'],
    ['/', '/'],
    ['/nowhere/at/all', UNMATCHED],
    // React Router decodes the path as it does to open the page
    ['/%71/AbCdEfGhIjKlMnOpQrStUv_-', '/q/:token'],
    ['/assets/entry-abc123.js', '/assets/*'],
    ['/uploads/catalog/pump.webp', '/uploads/*'],
  ])('%s is timed as %s', (url, expected) => {
    expect(routePattern({ url } as IncomingMessage, undefined, routes)).toBe(expected);
  });

  it('is the Express route when one answered, and (unmatched) without a page table', () => {
    expect(routePattern({ url: '/api/leads/12' } as IncomingMessage, '/api/leads/:id', routes)).toBe(
      '/api/leads/:id',
    );
    expect(
      routePattern({ url: '/q/AbCdEfGhIjKlMnOpQrStUv_-' } as IncomingMessage, undefined, undefined),
    ).toBe(UNMATCHED);
  });
});

describe('a scrape when the database does not answer in time', () => {
  it('is still answered, with database_figures_up 0 and no database figure', async () => {
    const services = {
      figures: {
        read: () => within(new Promise<never>(() => {}), 50, 'the database'),
        pool: () => ({ max: 1, open: 1 }),
      },
    } as unknown as Services;
    const metrics = createMetrics({
      token: 'a-token-of-sixteen+',
      services,
      logger: pino({ level: 'silent' }),
    });
    const app = express();
    app.get('/metrics', metrics.handler);
    const server = http.createServer(metrics.timed(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, {
        headers: { Authorization: 'Bearer a-token-of-sixteen+' },
      });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      const text = await res.text();
      expect(text).toMatch(/^database_figures_up 0$/m);
      expect(text).not.toMatch(/^(outbox_messages|outbox_oldest_due_seconds|leads_by_source)\{/m);
      expect(text).toMatch(/^db_pool_open_connections 1$/m);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
