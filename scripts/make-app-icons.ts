/**
 * Makes the back office's app icons (decision 0206) from public/favicon.svg: icon-192.png and
 * icon-512.png (the favicon as it is) and icon-maskable-512.png (the wrench within the middle 62%
 * on a full square, the safe zone a phone may cut to a circle). They are kept in public/ like
 * apple-touch-icon.png; run this again (`node scripts/make-app-icons.ts`) after changing the favicon.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const wrench = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (!wrench) throw new Error('public/favicon.svg has no path to draw');
const fill = /<rect [^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#c2410c';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)"><path d="${wrench}" fill="#fff"/></g></svg>`;

async function png(svg: string, size: number, name: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, name));
}

await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
console.log('public/icon-192.png, icon-512.png and icon-maskable-512.png written');
