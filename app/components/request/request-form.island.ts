/**
 * The /find-my-part form's browser entry (decisions 0112, 0116): one small file with no React and
 * no imports of its own (vite.config.ts, `islands`), loaded at low priority, so the first paint
 * never waits for it. The server's HTML already shows the form and takes typing, so React and the
 * form (request-form.hydrate.tsx, whose URL and chunks the script tag carries) are fetched only
 * when the customer starts on it: a first focus, tap, key, change or drag in the form
 * (early-input.ts holds what is done meanwhile). A visitor who only reads runs no React at all. A
 * customer coming back to a kept draft gets the form at once, so what they typed last time shows
 * without a tap, and so does one with a request kept on the phone, so it is sent (saved-requests.ts).
 * Once the page has loaded, it registers the site's service worker (decision 0208), which keeps
 * the page and the form's scripts on the phone for a visit with no signal.
 */
import { armEarlyInput, ISLAND } from './early-input.ts';
import type * as HydrateModule from './request-form.hydrate.tsx';

const container = document.querySelector<HTMLElement>(`[${ISLAND.container}]`);
const script = document.querySelector<HTMLScriptElement>(`script[${ISLAND.hydrateSrc}]`);
const hydrateSrc = script?.getAttribute(ISLAND.hydrateSrc);
if (container && hydrateSrc) {
  let hydrating: Promise<void> | undefined;
  const start = () => {
    if (hydrating) return;
    // its chunks all at once, not one level of imports after another
    for (const href of script?.getAttribute(ISLAND.preload)?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    hydrating = (import(/* @vite-ignore */ hydrateSrc) as Promise<typeof HydrateModule>).then(
      ({ hydrateRequestForm }) => hydrateRequestForm(container, layer),
      // not fetched (a dropped connection): the next touch of the form tries again
      () => {
        hydrating = undefined;
        layer.notFetched();
      },
    );
  };
  // start is only called from the layer's listeners, once it is armed
  const layer = armEarlyInput(container, start);
  if (stored(ISLAND.draftKey) || stored(ISLAND.savedKey)) start();
}

if ('serviceWorker' in navigator) {
  // after the load event: it never competes with the page, and fetches the form's files after it.
  // A phone that asks to save data (Data Saver) gets it when the customer starts on the form
  // instead, so a visitor who only reads downloads nothing more (decision 0208)
  const register = () => void navigator.serviceWorker.register(ISLAND.serviceWorker).catch(() => undefined);
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) {
    container?.addEventListener('focusin', register, { once: true });
    container?.addEventListener('pointerdown', register, { once: true });
  } else if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

function stored(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
