/**
 * The demo pictures' drawings (server/seed/demo-images.ts composes and renders them): one flat
 * illustration per kind of part, in SVG, drawn in a 400 × 300 box centred on (200, 150), coloured
 * by a palette. No text anywhere (fonts may be missing on a fresh machine).
 */
export type ArtKind =
  | 'axle'
  | 'spring'
  | 'hub'
  | 'toolbox'
  | 'beacon'
  | 'hitch'
  | 'plow'
  | 'cylinder'
  | 'spinner'
  | 'lamp'
  | 'marker'
  | 'plug'
  | 'hose'
  | 'coupler'
  | 'valve'
  | 'strap'
  | 'chain'
  | 'pto'
  | 'belt'
  | 'sweep'
  | 'tape'
  | 'triangle'
  | 'extinguisher'
  | 'camera';

/** Colours of one picture: the part's own colour and the backdrop's tint. */
export type Palette = { accent: string; accentDark: string; tint: string };

export const INK = '#1e293b';
export const STEEL_DARK = '#334155';
const STEEL = '#64748b';
const LIGHT = '#cbd5e1';
export const WHITE = '#f8fafc';

/** One colour family per part category; items may override the part colour. */
export const CATEGORY_PALETTES: Record<string, Palette> = {
  'trailer-parts': { accent: '#c2410c', accentDark: '#9a3412', tint: '#ffedd5' },
  'truck-upfit': { accent: '#1d4ed8', accentDark: '#1e3a8a', tint: '#dbeafe' },
  'snow-ice': { accent: '#0e7490', accentDark: '#155e75', tint: '#cffafe' },
  'lighting-electrical': { accent: '#dc2626', accentDark: '#991b1b', tint: '#fef3c7' },
  'hydraulics-fittings': { accent: '#b91c1c', accentDark: '#7f1d1d', tint: '#fee2e2' },
  'cargo-control': { accent: '#ca8a04', accentDark: '#854d0e', tint: '#fef9c3' },
  'ag-heavy-equipment': { accent: '#15803d', accentDark: '#14532d', tint: '#dcfce7' },
  'safety-compliance': { accent: '#e11d48', accentDark: '#9f1239', tint: '#ffe4e6' },
};

export const circle = (cx: number, cy: number, r: number, attrs: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" ${attrs}/>`;
export const rect = (x: number, y: number, w: number, h: number, attrs: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${attrs}/>`;

/** Each drawing fits a 400 × 300 box centred on (200, 150). */
export const ARTS: Record<ArtKind, (p: Palette) => string> = {
  axle: (p) =>
    [
      rect(60, 141, 280, 18, `rx="4" fill="${STEEL}"`),
      rect(60, 141, 280, 5, `fill="${LIGHT}" opacity="0.6"`),
      rect(112, 124, 36, 17, `rx="2" fill="${INK}"`),
      rect(252, 124, 36, 17, `rx="2" fill="${INK}"`),
      rect(22, 88, 46, 124, `rx="10" fill="${INK}"`),
      rect(30, 98, 30, 104, `rx="6" fill="${STEEL_DARK}"`),
      rect(332, 88, 46, 124, `rx="10" fill="${INK}"`),
      rect(340, 98, 30, 104, `rx="6" fill="${STEEL_DARK}"`),
      rect(8, 96, 16, 108, `rx="4" fill="${p.accent}"`),
      rect(376, 96, 16, 108, `rx="4" fill="${p.accent}"`),
      ...[104, 118, 132, 146, 160, 174, 188].flatMap((y) => [
        rect(2, y, 8, 5, `rx="2" fill="${LIGHT}"`),
        rect(390, y, 8, 5, `rx="2" fill="${LIGHT}"`),
      ]),
    ].join(''),
  spring: (p) =>
    [
      `<path d="M44 122 Q200 206 356 122" stroke="${STEEL}" stroke-width="13" fill="none" stroke-linecap="round"/>`,
      `<path d="M86 146 Q200 210 314 146" stroke="${STEEL_DARK}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
      `<path d="M128 165 Q200 206 272 165" stroke="${INK}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
      circle(36, 112, 17, `fill="none" stroke="${INK}" stroke-width="9"`),
      circle(364, 112, 17, `fill="none" stroke="${INK}" stroke-width="9"`),
      circle(36, 112, 6, `fill="${p.accent}"`),
      circle(364, 112, 6, `fill="${p.accent}"`),
      rect(176, 120, 10, 92, `rx="5" fill="${p.accent}"`),
      rect(214, 120, 10, 92, `rx="5" fill="${p.accent}"`),
      rect(168, 196, 64, 12, `rx="3" fill="${p.accentDark}"`),
    ].join(''),
  hub: (p) => {
    const studs = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 6 - Math.PI / 2;
      return circle(
        200 + Math.round(60 * Math.cos(a)),
        150 + Math.round(60 * Math.sin(a)),
        11,
        `fill="${LIGHT}" stroke="${INK}" stroke-width="4"`,
      );
    });
    return [
      circle(200, 150, 128, `fill="${INK}"`),
      circle(200, 150, 112, `fill="none" stroke="${STEEL_DARK}" stroke-width="6"`),
      circle(200, 150, 88, `fill="${STEEL}"`),
      circle(200, 150, 88, `fill="none" stroke="${LIGHT}" stroke-width="3" opacity="0.5"`),
      ...studs,
      circle(200, 150, 32, `fill="${p.accent}"`),
      circle(200, 150, 18, `fill="${p.accentDark}"`),
    ].join('');
  },
  toolbox: (p) =>
    [
      rect(44, 76, 312, 18, `rx="4" fill="${STEEL}"`),
      rect(60, 92, 280, 146, `rx="12" fill="${INK}"`),
      rect(84, 112, 232, 106, `rx="8" fill="${STEEL_DARK}"`),
      rect(84, 112, 232, 10, `rx="4" fill="${STEEL}" opacity="0.5"`),
      rect(174, 152, 52, 22, `rx="5" fill="${p.accent}"`),
      circle(200, 163, 5, `fill="${WHITE}"`),
      rect(70, 238, 30, 12, `rx="3" fill="${STEEL}"`),
      rect(300, 238, 30, 12, `rx="3" fill="${STEEL}"`),
    ].join(''),
  beacon: (p) =>
    [
      `<g stroke="${p.accent}" stroke-width="8" stroke-linecap="round" opacity="0.75">`,
      '<path d="M96 88 L66 66"/><path d="M304 88 L334 66"/><path d="M84 150 L48 150"/>',
      '<path d="M316 150 L352 150"/><path d="M200 36 L200 8"/></g>',
      `<path d="M140 208 L140 124 Q140 52 200 52 Q260 52 260 124 L260 208 Z" fill="${p.accent}"/>`,
      `<path d="M158 200 L158 128 Q158 76 200 72 L200 200 Z" fill="${WHITE}" opacity="0.3"/>`,
      rect(174, 118, 52, 66, `rx="10" fill="${WHITE}" opacity="0.55"`),
      rect(122, 204, 156, 34, `rx="8" fill="${INK}"`),
      rect(110, 236, 180, 12, `rx="4" fill="${STEEL_DARK}"`),
    ].join(''),
  hitch: (p) =>
    [
      rect(52, 84, 92, 132, `rx="8" fill="${STEEL}"`),
      ...[
        [72, 104],
        [124, 104],
        [72, 196],
        [124, 196],
      ].map(([x, y]) => circle(x ?? 0, y ?? 0, 8, `fill="${INK}"`)),
      rect(140, 128, 60, 44, `fill="${STEEL_DARK}"`),
      circle(262, 150, 62, `fill="none" stroke="${INK}" stroke-width="30"`),
      `<path d="M262 88 L262 40" stroke="${INK}" stroke-width="30"/>`,
      rect(196, 138, 72, 24, `rx="6" fill="${p.accent}"`),
      `<path d="M300 58 L336 34" stroke="${p.accent}" stroke-width="12" stroke-linecap="round"/>`,
    ].join(''),
  plow: (p) =>
    [
      `<path d="M36 60 Q14 140 40 190 L366 156 Q342 102 364 28 Z" fill="${p.accent}"/>`,
      `<path d="M52 74 Q36 130 52 176 L352 146 Q334 102 350 44 Z" fill="${WHITE}" opacity="0.15"/>`,
      ...[110, 200, 290].map((x) =>
        rect(x, 40 + (300 - x) * 0.06, 10, 130, `fill="${p.accentDark}" opacity="0.55"`),
      ),
      `<path d="M30 190 L372 154 L374 186 L32 224 Z" fill="${STEEL}"/>`,
      `<path d="M30 190 L372 154 L372 162 L30 198 Z" fill="${LIGHT}" opacity="0.7"/>`,
      ...[70, 130, 190, 250, 310].map((x) => circle(x, 203 - (x - 30) * 0.105, 5, `fill="${INK}"`)),
    ].join(''),
  cylinder: (p) =>
    [
      rect(36, 128, 36, 44, `rx="6" fill="${INK}"`),
      circle(46, 150, 10, `fill="${LIGHT}"`),
      rect(70, 118, 196, 64, `rx="10" fill="${p.accent}"`),
      rect(70, 122, 196, 12, `rx="6" fill="${WHITE}" opacity="0.25"`),
      rect(62, 112, 20, 76, `rx="4" fill="${p.accentDark}"`),
      rect(256, 112, 20, 76, `rx="4" fill="${p.accentDark}"`),
      rect(96, 100, 18, 18, `rx="3" fill="${STEEL_DARK}"`),
      rect(222, 100, 18, 18, `rx="3" fill="${STEEL_DARK}"`),
      rect(276, 138, 86, 24, `fill="${LIGHT}"`),
      rect(276, 141, 86, 6, `fill="${WHITE}"`),
      rect(352, 126, 30, 48, `rx="6" fill="${INK}"`),
      circle(370, 150, 9, `fill="${LIGHT}"`),
    ].join(''),
  spinner: (p) => {
    const fins = Array.from({ length: 6 }, (_, i) => {
      const deg = i * 60;
      return `<path d="M200 150 Q250 110 300 60" transform="rotate(${deg} 200 150)" stroke="${p.accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    });
    return [
      circle(200, 150, 126, `fill="${INK}"`),
      circle(200, 150, 126, `fill="none" stroke="${STEEL_DARK}" stroke-width="8"`),
      ...fins,
      circle(200, 150, 30, `fill="${STEEL}"`),
      circle(200, 150, 12, `fill="${LIGHT}"`),
    ].join('');
  },
  lamp: (p) => {
    const leds: string[] = [];
    for (let row = -3; row <= 3; row++) {
      for (let col = -3; col <= 3; col++) {
        const x = 200 + col * 22 + (row % 2 ? 11 : 0);
        const y = 150 + row * 19;
        if ((x - 200) ** 2 + (y - 150) ** 2 < 74 ** 2)
          leds.push(circle(x, y, 7, `fill="${WHITE}" opacity="0.45"`));
      }
    }
    return [
      circle(200, 150, 128, `fill="${INK}"`),
      circle(200, 150, 104, `fill="${p.accentDark}"`),
      circle(200, 150, 94, `fill="${p.accent}"`),
      ...leds,
      `<path d="M130 96 A90 90 0 0 1 220 60" stroke="${WHITE}" stroke-width="8" fill="none" opacity="0.5" stroke-linecap="round"/>`,
    ].join('');
  },
  marker: (p) =>
    [
      rect(76, 74, 248, 152, `rx="30" fill="${INK}"`),
      rect(98, 94, 204, 112, `rx="22" fill="${p.accent}"`),
      rect(112, 104, 176, 24, `rx="12" fill="${WHITE}" opacity="0.3"`),
      ...[150, 200, 250].map((x) => circle(x, 160, 13, `fill="${WHITE}" opacity="0.55"`)),
      circle(90, 150, 7, `fill="${STEEL}"`),
      circle(310, 150, 7, `fill="${STEEL}"`),
    ].join(''),
  plug: (p) => {
    const pins = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 6;
      return circle(
        150 + Math.round(42 * Math.cos(a)),
        150 + Math.round(42 * Math.sin(a)),
        10,
        `fill="${p.accent}"`,
      );
    });
    const coil = Array.from(
      { length: 5 },
      (_, i) =>
        `<ellipse cx="${268 + i * 22}" cy="${168 + (i % 2) * 4}" rx="20" ry="44" fill="none" stroke="${INK}" stroke-width="9"/>`,
    );
    return [
      ...coil,
      rect(222, 136, 40, 36, `fill="${INK}"`),
      circle(150, 150, 96, `fill="${INK}"`),
      circle(150, 150, 76, `fill="${LIGHT}"`),
      circle(150, 150, 76, `fill="none" stroke="${STEEL}" stroke-width="4"`),
      ...pins,
      circle(150, 150, 11, `fill="${p.accent}"`),
      rect(144, 70, 12, 14, `fill="${STEEL_DARK}"`),
    ].join('');
  },
  hose: (p) =>
    [
      `<path d="M96 206 C 206 206, 194 96, 304 96" stroke="${INK}" stroke-width="30" fill="none"/>`,
      `<path d="M96 198 C 206 198, 194 88, 304 88" stroke="${STEEL_DARK}" stroke-width="5" fill="none" stroke-dasharray="14 10"/>`,
      rect(56, 189, 44, 34, `rx="4" fill="${LIGHT}"`),
      `<polygon points="22,192 46,184 56,194 56,218 46,228 22,220" fill="${p.accent}"/>`,
      rect(300, 79, 44, 34, `rx="4" fill="${LIGHT}"`),
      `<polygon points="344,84 354,74 378,82 378,110 354,118 344,108" fill="${p.accent}"/>`,
      `<path d="M62 196 L94 196" stroke="${WHITE}" stroke-width="4"/>`,
      `<path d="M306 86 L338 86" stroke="${WHITE}" stroke-width="4"/>`,
    ].join(''),
  coupler: (p) =>
    [
      rect(30, 132, 46, 36, `rx="4" fill="${p.accentDark}"`),
      `<polygon points="76,114 120,106 164,114 164,186 120,194 76,186" fill="${p.accent}"/>`,
      rect(164, 134, 40, 32, `fill="${LIGHT}"`),
      rect(198, 112, 118, 76, `rx="8" fill="${STEEL}"`),
      rect(224, 104, 34, 92, `rx="6" fill="${STEEL_DARK}"`),
      rect(198, 116, 118, 10, `fill="${WHITE}" opacity="0.35"`),
      rect(316, 130, 54, 40, `rx="4" fill="${p.accentDark}"`),
    ].join(''),
  valve: (p) =>
    [
      `<path d="M160 118 L142 40" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`,
      `<path d="M240 118 L232 40" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`,
      circle(142, 38, 18, `fill="${INK}"`),
      circle(232, 38, 18, `fill="${INK}"`),
      rect(96, 110, 208, 124, `rx="8" fill="${p.accent}"`),
      rect(96, 110, 208, 16, `rx="6" fill="${WHITE}" opacity="0.2"`),
      ...[
        [136, 164],
        [200, 164],
        [264, 164],
        [168, 206],
        [232, 206],
      ].map(([x, y]) => circle(x ?? 0, y ?? 0, 12, `fill="${INK}"`)),
      rect(84, 226, 232, 14, `rx="4" fill="${STEEL_DARK}"`),
    ].join(''),
  strap: (p) =>
    [
      `<path d="M40 196 C 120 150, 170 230, 250 186 S 340 150, 366 170" stroke="${p.accent}" stroke-width="34" fill="none"/>`,
      `<path d="M40 190 C 120 144, 170 224, 250 180 S 340 144, 366 164" stroke="${WHITE}" stroke-width="3" fill="none" opacity="0.4" stroke-dasharray="10 8"/>`,
      rect(150, 150, 100, 72, `rx="12" fill="${STEEL}"`),
      rect(160, 126, 84, 24, `rx="8" fill="${STEEL_DARK}"`),
      circle(200, 186, 20, `fill="${INK}"`),
      circle(200, 186, 8, `fill="${LIGHT}"`),
      `<path d="M28 176 L28 226 A18 18 0 0 0 64 226" stroke="${INK}" stroke-width="11" fill="none" stroke-linecap="round"/>`,
      `<path d="M374 154 L374 204 A18 18 0 0 1 338 204" stroke="${INK}" stroke-width="11" fill="none" stroke-linecap="round"/>`,
    ].join(''),
  chain: (p) => {
    const links = Array.from({ length: 7 }, (_, i) => {
      const cx = 60 + i * 44;
      const cy = 206 - i * 16;
      return i % 2 === 0
        ? `<ellipse cx="${cx}" cy="${cy}" rx="32" ry="18" transform="rotate(-20 ${cx} ${cy})" fill="none" stroke="${p.accent}" stroke-width="10"/>`
        : `<ellipse cx="${cx}" cy="${cy}" rx="32" ry="6" transform="rotate(-20 ${cx} ${cy})" fill="${p.accentDark}"/>`;
    });
    return [
      ...links,
      `<path d="M346 100 C 372 84, 380 54, 352 40 L 330 56" stroke="${INK}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    ].join('');
  },
  pto: (p) =>
    [
      `<path d="M24 116 L56 116 L56 184 L24 184" stroke="${STEEL_DARK}" stroke-width="12" fill="none"/>`,
      rect(52, 136, 30, 28, `fill="${INK}"`),
      `<path d="M376 116 L344 116 L344 184 L376 184" stroke="${STEEL_DARK}" stroke-width="12" fill="none"/>`,
      rect(318, 136, 30, 28, `fill="${INK}"`),
      `<polygon points="80,108 122,128 122,172 80,192" fill="${INK}"/>`,
      `<polygon points="320,108 278,128 278,172 320,192" fill="${INK}"/>`,
      rect(118, 128, 92, 44, `rx="4" fill="${p.accent}"`),
      rect(200, 132, 82, 36, `rx="4" fill="${p.accentDark}"`),
      rect(118, 132, 92, 8, `fill="${WHITE}" opacity="0.3"`),
      ...[140, 170, 230, 260].map((x) => rect(x, 128, 4, 44, `fill="${INK}" opacity="0.25"`)),
    ].join(''),
  belt: (p) =>
    [
      circle(130, 150, 86, `fill="${STEEL}"`),
      circle(130, 150, 62, `fill="${STEEL_DARK}"`),
      circle(130, 150, 24, `fill="${INK}"`),
      circle(306, 150, 50, `fill="${STEEL}"`),
      circle(306, 150, 30, `fill="${STEEL_DARK}"`),
      circle(306, 150, 12, `fill="${INK}"`),
      `<path d="M124 64 L308 100 A50 50 0 0 1 308 200 L124 236 A86 86 0 0 1 124 64 Z" fill="none" stroke="${INK}" stroke-width="16" stroke-linejoin="round"/>`,
      `<path d="M124 64 L308 100" stroke="${p.accent}" stroke-width="4"/>`,
    ].join(''),
  sweep: (p) =>
    [
      rect(186, 30, 28, 96, `rx="4" fill="${p.accent}"`),
      `<path d="M200 96 L368 226 L328 244 L200 148 L72 244 L32 226 Z" fill="${STEEL}"/>`,
      `<path d="M200 96 L368 226 L358 232 L200 112 L42 232 L32 226 Z" fill="${LIGHT}" opacity="0.7"/>`,
      circle(200, 128, 7, `fill="${INK}"`),
      circle(200, 106, 7, `fill="${INK}"`),
    ].join(''),
  tape: (p) => {
    const segments = Array.from({ length: 7 }, (_, i) =>
      rect(170 + i * 30, 216, 30, 34, `fill="${i % 2 ? WHITE : p.accent}"`),
    );
    return [
      ...segments,
      circle(170, 142, 108, `fill="${STEEL_DARK}"`),
      circle(170, 142, 100, `fill="${LIGHT}"`),
      circle(170, 142, 84, `fill="none" stroke="${STEEL}" stroke-width="2" opacity="0.6"`),
      circle(170, 142, 66, `fill="none" stroke="${STEEL}" stroke-width="2" opacity="0.6"`),
      circle(170, 142, 44, `fill="${INK}"`),
      circle(170, 142, 36, `fill="${STEEL}"`),
    ].join('');
  },
  triangle: (p) =>
    [
      rect(116, 248, 168, 16, `rx="4" fill="${INK}"`),
      `<path d="M200 34 L344 254 L56 254 Z" fill="${p.accent}" stroke="${p.accent}" stroke-width="16" stroke-linejoin="round"/>`,
      `<path d="M200 100 L290 228 L110 228 Z" fill="#fb923c" stroke="#fb923c" stroke-width="8" stroke-linejoin="round"/>`,
      `<path d="M200 60 L86 236" stroke="${WHITE}" stroke-width="4" opacity="0.35"/>`,
    ].join(''),
  extinguisher: (p) =>
    [
      rect(168, 56, 56, 36, `rx="6" fill="${INK}"`),
      `<path d="M222 66 L270 52" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>`,
      `<path d="M176 80 C 120 90, 110 170, 128 236" stroke="${INK}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      rect(156, 88, 80, 184, `rx="34" fill="${p.accent}"`),
      rect(166, 100, 14, 150, `rx="7" fill="${WHITE}" opacity="0.3"`),
      circle(216, 112, 12, `fill="${WHITE}"`),
      `<path d="M216 112 L222 104" stroke="#16a34a" stroke-width="3"/>`,
      rect(146, 170, 100, 14, `rx="4" fill="${STEEL_DARK}"`),
      rect(180, 150, 32, 60, `rx="3" fill="${WHITE}" opacity="0.85"`),
    ].join(''),
  camera: (p) =>
    [
      rect(132, 30, 136, 244, `rx="22" fill="${INK}"`),
      rect(144, 56, 112, 184, `rx="6" fill="${p.tint}"`),
      `<path d="M144 220 L190 160 L214 190 L232 170 L256 200 L256 240 L144 240 Z" fill="${p.accent}"/>`,
      circle(222, 96, 14, `fill="${p.accentDark}" opacity="0.7"`),
      rect(180, 40, 40, 6, `rx="3" fill="${STEEL}"`),
      circle(200, 257, 8, `fill="${STEEL}"`),
      `<path d="M112 60 L96 44 M104 92 L84 92 M296 60 L312 44 M304 92 L324 92" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`,
    ].join(''),
};
