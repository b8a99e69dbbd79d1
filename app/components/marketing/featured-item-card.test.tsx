// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '#app/modules/catalog/catalog.ts';
import { FeaturedItemCard } from './featured-item-card.tsx';

const item = {
  slug: 'cross-process-blade-edge',
  title: 'Cross Process Blade Edge',
  brand: null,
  price: 4500,
  images: [] as string[],
  subcategory: null,
  stockQty: 3,
};

const card = (images: string[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FeaturedItemCard item={{ ...item, images }} />
    </MemoryRouter>,
  );

describe('FeaturedItemCard', () => {
  it('shows the placeholder for an item without a photo, as the catalog card does', () => {
    expect(card([])).toContain(`src="${PLACEHOLDER_IMAGE}"`);
    expect(card([])).toContain('alt="Cross Process Blade Edge"');
  });

  it('shows the first photo of an item that has some', () => {
    const html = card(['/uploads/catalog/a-1.webp', '/uploads/catalog/a-2.webp']);
    expect(html).toContain('src="/uploads/catalog/a-1.webp"');
    expect(html).not.toContain('a-2.webp');
  });
});
