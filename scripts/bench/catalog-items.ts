/**
 * A catalog of thousands of items for the benchmarks (issue 15: /catalog with 5,000 items):
 * generated rows imported through POST /api/admin/catalog/import, the same path staff use, about
 * 5% of them drafts or archived so the public listing filters as it does with real data.
 */
import { HarnessError, type BenchServer } from './server.ts';

export const CATEGORIES = [
  ['trailer-parts', ['Axle', 'Leaf Spring', 'Hub & Drum', 'Coupler', 'Jack', 'Fender']],
  ['truck-upfit', ['Toolbox', 'Headache Rack', 'Hitch', 'Mud Flap', 'Running Board']],
  ['snow-ice', ['Cutting Edge', 'Spinner Disc', 'Plow Cylinder', 'Spreader Chain']],
  ['lighting-electrical', ['LED Stop Light', 'Marker Light', 'Wiring Harness', 'Beacon']],
  ['hydraulics-fittings', ['Hose Assembly', 'Quick Coupler', 'Cylinder', 'Control Valve']],
  ['cargo-control', ['Ratchet Strap', 'Load Binder', 'Transport Chain', 'E-Track']],
  ['ag-heavy-equipment', ['PTO Shaft', 'V-Belt', 'Cultivator Sweep', 'Bearing']],
  ['safety-compliance', ['Conspicuity Tape', 'Warning Triangle', 'Extinguisher', 'SMV Emblem']],
] as const;
const BRANDS = [
  'Dexter',
  'Buyers',
  'Grote',
  'Peterson',
  'Gates',
  'Prince',
  'Ancra',
  'Kinedyne',
  'Meyer',
  'Kramp',
];

/** A CSV of `count` generated items, one category after another, SKUs BENCH-00001… */
export function generatedCsv(count: number): string {
  const lines = [
    'sku,title,brand,category,subcategory,description,supplier_sku,cost,markup_pct,stock_qty,status,specs',
  ];
  for (let i = 1; i <= count; i++) {
    const [category, kinds] = CATEGORIES[i % CATEGORIES.length]!;
    const kind = kinds[i % kinds.length]!;
    const brand = BRANDS[i % BRANDS.length]!;
    const status = i % 40 === 0 ? 'draft' : i % 41 === 0 ? 'archived' : 'active';
    const cost = (((i * 7919) % 90000) / 100 + 5).toFixed(2);
    const stock = (i * 13) % 60;
    lines.push(
      [
        `BENCH-${String(i).padStart(5, '0')}`,
        `"${brand} ${kind} Model ${1000 + i}"`,
        brand,
        category,
        kind,
        `"Replacement ${kind.toLowerCase()} for trucks, trailers and farm equipment across Manitoba. Part ${i}."`,
        `${brand.slice(0, 3).toUpperCase()}-${i}`,
        cost,
        '0.35',
        String(stock),
        status,
        `"Model: ${1000 + i}\nWeight: ${(i % 90) + 1} lb"`,
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** Signs in as the bench's admin: the session cookie and its CSRF token. */
export async function signIn(
  server: Pick<BenchServer, 'baseUrl'>,
  password: string,
): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new HarnessError(`sign-in failed: HTTP ${res.status}`);
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { token } = (await res.json()) as { token: string };
  return { cookie, token };
}

/** Imports generated items until the catalog holds `total` (all statuses); answers the new total. */
export async function fillCatalog(
  server: Pick<BenchServer, 'baseUrl'>,
  adminPassword: string,
  total: number,
): Promise<number> {
  const session = await signIn(server, adminPassword);
  const headers = { Cookie: session.cookie, 'X-CSRF-Token': session.token };
  const existing = await fetch(`${server.baseUrl}/api/admin/catalog`, { headers });
  const { total: before } = (await existing.json()) as { total: number };
  if (before >= total) return before;
  const body = new FormData();
  body.append('file', new Blob([generatedCsv(total - before)], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/admin/catalog/import`, { method: 'POST', headers, body });
  const result = (await res.json()) as { ok: boolean; created?: number; message?: string };
  if (!res.ok || !result.ok)
    throw new HarnessError(`import failed: HTTP ${res.status} ${result.message ?? ''}`);
  console.log(`  imported ${result.created} items in ${Math.round(performance.now() - started)} ms`);
  const after = await fetch(`${server.baseUrl}/api/admin/catalog`, { headers });
  return ((await after.json()) as { total: number }).total;
}
