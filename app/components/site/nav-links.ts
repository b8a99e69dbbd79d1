/** Links shared by the header, the mobile menu and the footer. */
export const SERVICE_LINKS = [
  { to: '/parts-sourcing', label: 'Parts Sourcing' },
  { to: '/quote-service', label: 'Quote Service' },
  { to: '/logistics', label: 'Logistics' },
] as const;

/** Footer coverage links (product.md §2: winnipeg, steinbach, brandon → trailer parts). */
export const FOOTER_CITIES = [
  { slug: 'winnipeg', name: 'Winnipeg' },
  { slug: 'steinbach', name: 'Steinbach' },
  { slug: 'brandon', name: 'Brandon' },
] as const;

export const cityPagePath = (citySlug: string, categorySlug = 'trailer-parts') =>
  `/mb/${citySlug}/${categorySlug}`;
