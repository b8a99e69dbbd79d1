// @vitest-environment node
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CatalogCard, type CatalogCardItem } from '#app/components/catalog/catalog-card.tsx';
import { FragmentMemoContext, HtmlFragment } from '#app/components/site/html-fragment.tsx';
import { StaticChromeContext, type StaticChrome } from '#app/components/site/static-chrome.tsx';
import { fragmentMemo } from './fragment-memo.server.tsx';

const CHROME: StaticChrome = { header: '<p>header</p>', footer: '<p>footer</p>', bottomBar: '' };

const item = (over: Partial<CatalogCardItem> = {}): CatalogCardItem => ({
  slug: 'ancra-axle-model-1096',
  title: 'Ancra Axle Model 1096',
  brand: 'Ancra',
  price: 12950, // cents
  stockQty: 4,
  images: ['/uploads/catalog/ancra-axle-model-1096-1.webp'],
  category: 'trailer-parts',
  shipsIn: { minDays: 2, maxDays: 4 },
  ...over,
});

/** A page without React, as app/entry.server.tsx renders it: the chrome and the memo set. */
function withoutReact(element: React.ReactElement): string {
  return renderToString(
    <StaticChromeContext.Provider value={CHROME}>
      <FragmentMemoContext.Provider value={fragmentMemo(CHROME)}>{element}</FragmentMemoContext.Provider>
    </StaticChromeContext.Provider>,
  );
}

const cardProps = (over: Partial<CatalogCardItem> = {}) => ({
  item: item(over),
  categoryName: 'Trailer Parts',
  citySlug: 'winnipeg',
});

describe('HtmlFragment', () => {
  it('writes the same HTML a card rendered in the page would have', () => {
    const memoized = withoutReact(
      <HtmlFragment as="li" className="grid" component={CatalogCard} props={cardProps()} />,
    );
    const inPlace = renderToStaticMarkup(
      <StaticChromeContext.Provider value={CHROME}>
        <li className="grid">
          <CatalogCard {...cardProps()} />
        </li>
      </StaticChromeContext.Provider>,
    );
    expect(memoized).toBe(inPlace);
    expect(memoized).toContain('<li class="grid"><article');
    expect(memoized).toContain('href="/catalog/ancra-axle-model-1096?city=winnipeg"');
    expect(memoized).toContain('Ancra Axle Model 1096');
  });

  it('never serves the HTML of other props: a changed price or title shows at once', () => {
    const first = withoutReact(
      <HtmlFragment as="li" component={CatalogCard} props={cardProps({ price: 10000 })} />,
    );
    const changed = withoutReact(
      <HtmlFragment
        as="li"
        component={CatalogCard}
        props={cardProps({ price: 25000, title: 'Ancra Axle Model 1096 HD' })}
      />,
    );
    expect(first).toContain('$100.00');
    expect(changed).toContain('$250.00');
    expect(changed).toContain('Ancra Axle Model 1096 HD');
    expect(changed).not.toContain('$100.00');
  });

  it('renders a component once per props, then reuses its HTML', () => {
    let renders = 0;
    function Counted({ label }: { label: string }) {
      renders += 1;
      return <span>{label}</span>;
    }
    const page = (label: string) =>
      withoutReact(<HtmlFragment as="div" component={Counted} props={{ label }} />);
    expect(page('one')).toBe('<div><span>one</span></div>');
    expect(page('one')).toBe('<div><span>one</span></div>');
    expect(renders).toBe(1);
    expect(page('two')).toBe('<div><span>two</span></div>');
    expect(renders).toBe(2);
  });

  it('keeps two components with the same props apart', () => {
    const A = ({ n }: { n: number }) => <b>{`a${n}`}</b>;
    const B = ({ n }: { n: number }) => <i>{`b${n}`}</i>;
    expect(withoutReact(<HtmlFragment as="div" component={A} props={{ n: 1 }} />)).toBe(
      '<div><b>a1</b></div>',
    );
    expect(withoutReact(<HtmlFragment as="div" component={B} props={{ n: 1 }} />)).toBe(
      '<div><i>b1</i></div>',
    );
  });

  it('refuses a component that puts something in <head> (an eager picture’s preload)', () => {
    const html = () =>
      withoutReact(<HtmlFragment as="li" component={CatalogCard} props={{ ...cardProps(), eager: true }} />);
    expect(html).toThrow(/CatalogCard puts an element in <head>/);
  });

  it('renders the component in place where React runs (no memo): hydrated pages, the browser', () => {
    const html = renderToString(
      <MemoryRouter>
        <HtmlFragment as="li" className="grid" component={CatalogCard} props={cardProps()} />
      </MemoryRouter>,
    );
    expect(html).toContain('<li class="grid"><article');
    expect(html).toContain('href="/catalog/ancra-axle-model-1096?city=winnipeg"');
  });
});
