/** Shared by the lead intake API tests: a valid request and a multipart submit helper. */
import request from 'supertest';
import type { createTestApp } from '../support/http.ts';

export const VALID_FIELDS = {
  equipment: 'trailer',
  make: 'Dexter',
  model: '7K axle',
  year: '2018',
  partCategory: 'trailer-parts',
  partNumber: '046-126-00',
  description: 'Rear leaf spring snapped on the curb side, double-eye, 7,000 lb axle.',
  urgency: 'today',
  name: 'Dana Friesen',
  phone: '(204) 555-0123',
  email: 'dana@example.com',
  city: 'steinbach',
  consent: 'true',
} satisfies Record<string, string>;

export type Photo = { name: string; data: Buffer; type?: string };

let clientCounter = 0;
/** A different client address per call (TRUST_PROXY=1), so the rate limit never mixes tests up. */
export const newClient = () => `203.0.113.${(clientCounter++ % 250) + 1}`;

export function submit(
  app: ReturnType<typeof createTestApp>,
  fields: Record<string, string>,
  photos: Photo[] = [],
  client = newClient(),
) {
  let req = request(app).post('/api/leads').set('X-Forwarded-For', client);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  for (const photo of photos) {
    req = req.attach('photos', photo.data, { filename: photo.name, contentType: photo.type ?? 'image/jpeg' });
  }
  return req;
}
