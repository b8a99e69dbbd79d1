/**
 * The /find-my-part form in the browser (decisions 0112, 0116), loaded by request-form.island.ts
 * when the customer starts on the form: hydrates just the form the server rendered, with the props
 * the server wrote beside it, and hands it what was done before React ran (early-input.ts). The
 * toasts' region (Radix) loads with the first toast; the zod schema, step 2 and the photo handling
 * load when they are needed (request-form.tsx).
 */
// first: zod (loaded later, with the schema) must find its browser configuration (decision 0083)
import '#app/zod-jitless.ts';
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { subscribeToasts } from '#app/components/ui/use-toast.ts';
import type { EarlyInputLayer } from './early-input.ts';
import { REQUEST_FORM_ISLAND, type RequestFormProps } from './island.ts';
import { RequestForm } from './request-form.tsx';

export function hydrateRequestForm(container: HTMLElement, layer: EarlyInputLayer): void {
  const data = document.getElementById(REQUEST_FORM_ISLAND.props);
  if (!data?.textContent) return;
  const props = JSON.parse(data.textContent) as RequestFormProps;
  const form = container.querySelector('form');
  // from here React's own handlers (and its replay of events during hydration) take over
  const early = layer.disarm();
  hydrateRoot(
    container,
    <Hydrated container={container}>
      <RequestForm {...props} early={{ ...early, fields: () => (form ? fieldsOf(form) : {}) }} />
    </Hydrated>,
  );

  const stop = subscribeToasts(() => {
    stop();
    void import('#app/components/ui/toaster.tsx').then(({ Toaster }) => {
      const host = document.createElement('div');
      document.body.append(host);
      createRoot(host).render(<Toaster />);
    });
  });
}

/** Marks the container once the form runs (its effects included). Renders nothing of its own. */
function Hydrated({ container, children }: { container: HTMLElement; children: React.ReactNode }) {
  useEffect(() => container.setAttribute(REQUEST_FORM_ISLAND.container, 'hydrated'), [container]);
  return children;
}

/** What the form's controls hold right now: text, selects and the chosen radio, by name. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLInputElement) {
      if (control.type === 'file' || control.type === 'checkbox') continue;
      if (control.type === 'radio' && !control.checked) continue;
    } else if (!(control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement)) {
      continue;
    }
    if (control.name) fields[control.name] = control.value;
  }
  return fields;
}
