/** Reference data shared by pages and the API (product.md §3, §9). */
export type City = { slug: string; name: string; region: string };
export type Category = { slug: string; name: string };

/** The eight regions of the logistics page, in the order the page lists them. */
export const REGIONS = [
  'Winnipeg Metro',
  'Steinbach Region',
  'Portage Plains',
  'Interlake Area',
  'Brandon Region',
  'Eastern Manitoba',
  'Central Manitoba',
  'Parkland Region',
] as const;
export type Region = (typeof REGIONS)[number];

/** The eight part categories of product.md §9, with display names. */
export const CATEGORIES: readonly Category[] = [
  { slug: 'trailer-parts', name: 'Trailer Parts' },
  { slug: 'truck-upfit', name: 'Truck Upfit' },
  { slug: 'snow-ice', name: 'Snow & Ice' },
  { slug: 'lighting-electrical', name: 'Lighting & Electrical' },
  { slug: 'hydraulics-fittings', name: 'Hydraulics & Fittings' },
  { slug: 'cargo-control', name: 'Cargo Control' },
  { slug: 'ag-heavy-equipment', name: 'Ag & Heavy Equipment' },
  { slug: 'safety-compliance', name: 'Safety & Compliance' },
];
