import { test } from 'vitest';
import { urlOf } from './support/server.ts';
test('probe', async () => {
  const r = await fetch(urlOf('/'));
  console.log(r.status, [...r.headers].map(h=>h.join(': ')).join('\n'));
  console.log(await r.text());
});
