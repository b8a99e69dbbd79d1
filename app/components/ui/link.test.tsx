// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaticChromeContext } from '#app/components/site/static-chrome.tsx';
import { Link } from './link.tsx';

const CHROME = { header: '', footer: '', bottomBar: '' };

describe('Link', () => {
  it('is a plain anchor on a page without React: no router needed, no router attributes', () => {
    const html = renderToStaticMarkup(
      <StaticChromeContext.Provider value={CHROME}>
        <Link to="/catalog?category=lighting" className="card-link" prefetch="intent" aria-label="Lighting">
          Lighting
        </Link>
      </StaticChromeContext.Provider>,
    );
    expect(html).toBe(
      '<a class="card-link" aria-label="Lighting" href="/catalog?category=lighting">Lighting</a>',
    );
  });

  it('is React Router’s link where React runs, with the same href', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/blog']}>
        <Link to="/catalog?category=lighting" className="card-link">
          Lighting
        </Link>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/catalog?category=lighting"');
    expect(html).toContain('class="card-link"');
  });

  it('leaves a relative path to the router, which resolves it against the matched route', () => {
    const link = (element: React.ReactElement) =>
      renderToStaticMarkup(<MemoryRouter initialEntries={['/blog/post']}>{element}</MemoryRouter>);
    const onPageWithoutReact = link(
      <StaticChromeContext.Provider value={CHROME}>
        <Link to="../other">Other</Link>
      </StaticChromeContext.Provider>,
    );
    expect(onPageWithoutReact).toBe(link(<Link to="../other">Other</Link>));
    expect(onPageWithoutReact).not.toContain('href="../other"');
  });
});
