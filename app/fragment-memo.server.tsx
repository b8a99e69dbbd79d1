/**
 * The memo behind `HtmlFragment` (app/components/site/html-fragment.tsx; decision 0121): the HTML
 * of a pure piece of a page without React, by component and props, rendered on a miss and kept,
 * flat, in an LRU bounded in bytes. Server-only: the renderer never reaches a browser bundle.
 */
import { LRUCache } from 'lru-cache';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FragmentMemo } from '#app/components/site/html-fragment.tsx';
import { StaticChromeContext, type StaticChrome } from '#app/components/site/static-chrome.tsx';

/** About 2,500 catalog cards. */
const FRAGMENT_MEMO_BYTES = 4 * 1024 * 1024;
const fragments = new LRUCache<string, string>({
  maxSize: FRAGMENT_MEMO_BYTES,
  // UTF-16 in memory
  sizeCalculation: (html, key) => 2 * (html.length + key.length),
});
const componentIds = new WeakMap<ComponentType<never>, number>();
let lastComponentId = 0;
/** What React hoists into a page's <head> when it renders one of these elements in it. */
const HOISTED = /<(link|meta|title|style|script)[\s>]/;

/** The memo a page without React reads; `chrome` is that page's (app/components/site/static-chrome.tsx). */
export function fragmentMemo(chrome: StaticChrome): FragmentMemo {
  return (Component, props) => {
    let id = componentIds.get(Component as ComponentType<never>);
    if (id === undefined) {
      id = ++lastComponentId;
      componentIds.set(Component as ComponentType<never>, id);
    }
    const key = `${id}:${JSON.stringify(props)}`;
    let html = fragments.get(key);
    if (html === undefined) {
      // the same signal as the page's: its links are plain anchors (app/components/ui/link.tsx)
      const rendered = renderToStaticMarkup(
        <StaticChromeContext.Provider value={chrome}>
          <Component {...props} />
        </StaticChromeContext.Provider>,
      );
      // an image preload or a title belongs in the page's <head>, which a fragment cannot reach
      if (HOISTED.test(rendered)) {
        throw new Error(
          `${Component.displayName ?? Component.name} puts an element in <head>: render it in the page`,
        );
      }
      // kept flat: React's output is a rope of small strings, which every page using it would walk
      html = Buffer.from(rendered).toString();
      fragments.set(key, html);
    }
    return html;
  };
}
