/** The /api router: one sub-router per resource, JSON in and out. */
import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Services } from '../services/index.ts';
import { apiNotFound } from './errors.ts';

export function apiRouter(services: Services): Router {
  const api = Router();
  const json = express.json({ limit: '16kb' });

  api.get('/health', async (_req, res) => {
    const health = await services.health.check();
    res
      .status(health.status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(health);
  });

  api.get('/cities', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCities());
  });

  api.get('/categories', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await services.reference.listCategories());
  });

  const clickLimit = rateLimit({
    windowMs: 60_000,
    limit: 60,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { message: 'Too many clicks recorded from your connection. Please wait a minute.' },
  });
  api.post('/clicks', clickLimit, json, async (req, res) => {
    await services.clicks.recordClick(req.body);
    res.status(201).json({ ok: true });
  });

  api.use(apiNotFound);
  return api;
}
