/**
 * Pixel bombs beside a customer (issue 14 item 5, decision 0096). A benchmark, not a test: it
 * prints figures and has no thresholds; it exits non-zero only when the harness fails.
 *
 * What it measures: how long a normal quote request with one phone photo (a 12-megapixel JPEG)
 * takes alone, and while other clients keep sending requests of six 30-megapixel PNGs each (a few
 * hundred KB apiece, within every per-photo limit, the kind of request that used to hold the
 * decoding slot for seconds). The ratio of the two medians is what the issue bounds at 2×.
 *
 *   node scripts/bench-pixel-bombs.ts                 # 15 customer requests each way, 3 bomb senders
 *   node scripts/bench-pixel-bombs.ts --senders 5 --samples 25
 *
 * It starts `node server/index.ts` on the production build with a temporary DATA_DIR (SQLite,
 * TRUST_PROXY=1, every request from its own address so the rate limit never answers 429).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cameraJpeg } from '../tests/e2e/fixtures/images.ts';
import { ensureBuild, HarnessError, startServer } from './bench/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIELDS = {
  equipment: 'ag',
  make: 'John Deere',
  model: '7230R',
  year: '2012',
  partCategory: 'hydraulics-fittings',
  description: 'Left rear remote coupler leaks when the drill is hooked up.',
  urgency: 'today',
  name: 'Bench Mark',
  phone: '(204) 555-0199',
  consent: 'true',
};

let address = 0;
async function submit(baseUrl: string, photos: { name: string; data: Buffer; type: string }[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(FIELDS)) form.append(key, value);
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
  address++;
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/leads`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const { values } = parseArgs({ options: { senders: { type: 'string' }, samples: { type: 'string' } } });
  const senders = Number(values.senders ?? 3);
  const samples = Number(values.samples ?? 15);
  ensureBuild(root);
  const photo = {
    name: 'coupler.jpg',
    data: await cameraJpeg(4000, 3000, 2_500_000),
    type: 'image/jpeg',
  };
  const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#1f2937' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const bombs = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `bomb-${n}.png`, data: bomb, type: 'image/png' }));

  const server = await startServer({
    root,
    adminPassword: 'bench-admin-password-1',
    startTimeoutMs: 60_000,
    env: { TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
  });
  try {
    await submit(server.baseUrl, [photo]); // warm-up
    const alone: number[] = [];
    for (let i = 0; i < samples; i++) alone.push((await submit(server.baseUrl, [photo])).ms);

    let running = true;
    const bombStatuses = new Map<number, number>();
    const senderLoops = Array.from({ length: senders }, async () => {
      while (running) {
        const { status } = await submit(server.baseUrl, bombs);
        bombStatuses.set(status, (bombStatuses.get(status) ?? 0) + 1);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beside: number[] = [];
    for (let i = 0; i < samples; i++) {
      const { status, ms } = await submit(server.baseUrl, [photo]);
      if (status !== 201) throw new HarnessError(`the customer's request answered ${status}`);
      beside.push(ms);
    }
    running = false;
    await Promise.all(senderLoops);

    const a = median(alone);
    const b = median(beside);
    console.log(`customer request with one 12 MP photo, median of ${samples}:`);
    console.log(`  alone:                              ${a.toFixed(0)} ms`);
    console.log(
      `  beside ${senders} senders of 6 × 30 MP PNGs: ${b.toFixed(0)} ms  (${(b / a).toFixed(2)}×)`,
    );
    console.log(
      `  the bomb requests were answered: ${[...bombStatuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error('bench failed:', err instanceof Error ? err.message : err);
  process.exit(1);
}
