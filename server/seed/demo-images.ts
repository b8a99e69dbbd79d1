/**
 * Demo images, drawn at seed time: a flat illustration of the part on a tinted backdrop, composed
 * as SVG and rendered to WebP by sharp. No text anywhere (fonts may be missing on a fresh machine),
 * no stock photography. The same art and variant always give the same picture.
 */
import { loadSharp, type Area, type FileStore } from '../storage/index.ts';
import { ARTS, circle, INK, rect, STEEL_DARK, WHITE, type ArtKind, type Palette } from './demo-art.ts';

/** A small deterministic number from text, so each item's pictures differ but never change. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Diagonal bands as one path (a rotated SVG pattern costs librsvg ten times the render time).
 * Clipped to the box by the caller's canvas edge.
 */
function stripes(width: number, height: number, pitch: number, band: number, fill: string, opacity: number) {
  const parts: string[] = [];
  for (let x = -height; x < width; x += pitch) {
    parts.push(`M${x} ${height} L${x + height} 0 L${x + height + band} 0 L${x + band} ${height} Z`);
  }
  return `<path d="${parts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`;
}

const place = (art: string, cx: number, cy: number, scale: number, rotate: number) =>
  `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${scale}) translate(-200 -150)">${art}</g>`;

/**
 * An 800 × 600 product picture. Variant 0 is the whole part on a light grid, 1 a close-up
 * on stripes, 2 the part on a dark backdrop; `seed` nudges the composition per item.
 */
export function catalogImageSvg(art: ArtKind, palette: Palette, variant: number, seed: string): string {
  const h = hash(seed);
  const tilt = (h % 9) - 4;
  const drawing = ARTS[art](palette);
  const defs = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${variant === 2 ? INK : WHITE}"/>
      <stop offset="1" stop-color="${variant === 2 ? STEEL_DARK : palette.tint}"/>
    </linearGradient>
    <pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse">
      <circle cx="16" cy="16" r="2" fill="${palette.accent}" opacity="0.18"/>
    </pattern>
    <radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.45"/>
      <stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>
  </defs>`;
  let body: string;
  if (variant === 1) {
    const cx = 370 + (h % 60);
    body = [
      rect(0, 0, 800, 600, `fill="url(#bg)"`),
      stripes(800, 600, 40, 16, palette.accent, 0.07),
      circle(cx, 300, 250, `fill="${WHITE}" opacity="0.55"`),
      place(drawing, cx, 310, 1.9, tilt - 6),
    ].join('');
  } else if (variant === 2) {
    body = [
      rect(0, 0, 800, 600, `fill="url(#bg)"`),
      circle(400, 300, 290, `fill="url(#glow)"`),
      circle(400, 300, 250, `fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.35"`),
      circle(400, 300, 200, `fill="none" stroke="${WHITE}" stroke-width="1" opacity="0.12"`),
      `<ellipse cx="400" cy="512" rx="220" ry="16" fill="#000" opacity="0.35"/>`,
      place(drawing, 400, 290, 1.5, tilt + 4),
    ].join('');
  } else {
    body = [
      rect(0, 0, 800, 600, `fill="url(#bg)"`),
      rect(0, 0, 800, 600, `fill="url(#dots)"`),
      circle(90 + (h % 120), 90, 150, `fill="${palette.accent}" opacity="0.08"`),
      rect(0, 560, 800, 40, `fill="${palette.accent}" opacity="0.12"`),
      `<ellipse cx="400" cy="528" rx="250" ry="18" fill="${INK}" opacity="0.16"/>`,
      place(drawing, 400, 292, 1.7, tilt),
    ].join('');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${defs}${body}</svg>`;
}

/** A 1200 × 630 blog header: two drawings on a dark slate backdrop with a safety-stripe edge. */
export function blogImageSvg(arts: readonly [ArtKind, ArtKind], palette: Palette): string {
  const [main, second] = arts;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="${STEEL_DARK}"/>
    </linearGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0 L0 0 0 40" fill="none" stroke="${WHITE}" stroke-width="1" opacity="0.06"/>
    </pattern>
  </defs>
  ${rect(0, 0, 1200, 630, 'fill="url(#bg)"')}
  ${rect(0, 0, 1200, 630, 'fill="url(#grid)"')}
  ${circle(830, 300, 250, `fill="${palette.tint}"`)}
  ${circle(830, 300, 282, `fill="none" stroke="${palette.accent}" stroke-width="6" opacity="0.8"`)}
  ${circle(330, 300, 170, `fill="${WHITE}" opacity="0.08"`)}
  ${place(ARTS[main](palette), 830, 300, 1.2, -4)}
  ${place(ARTS[second](palette), 330, 300, 0.95, 5)}
  ${rect(0, 600, 1200, 30, `fill="${INK}"`)}
  <g transform="translate(0 600)">${stripes(1200, 30, 48, 24, palette.accent, 1)}</g>
</svg>`;
}

/** Renders SVG to WebP at its own size (opaque: no alpha plane to encode). */
export async function renderWebp(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 82 }).toBuffer();
}

/** Writes the picture unless a file already sits under that key (a re-seed keeps what is there). */
export async function ensureImage(
  files: FileStore,
  area: Area,
  key: string,
  svg: () => string,
): Promise<void> {
  if (await files.exists(area, key)) return;
  await files.put(area, key, await renderWebp(svg()));
}
