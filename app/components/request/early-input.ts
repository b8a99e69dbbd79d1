/**
 * The request form before React runs (decision 0116). The server's form is complete HTML: its
 * fields take typing, choices and taps with no script at all, so React is fetched only when the
 * customer starts on the form, and this small layer (part of the island's entry, no React) makes
 * sure nothing done before React runs is lost:
 * - typed text, selects and the urgency choice stay in the fields, where the form reads them when
 *   it hydrates (request-form.hydrate.tsx);
 * - photos picked through the file picker (the drop zone opens it, as React's handler would) or
 *   dropped on the drop zone are held and handed to the form;
 * - Continue works (Enter in a field too): the submit is held and made again once the form runs.
 * The first sign of the customer starting (a focus, a tap, a key, a change, a drag) calls `start`.
 */
import type { REQUEST_FORM_ISLAND } from './island.ts';

/**
 * island.ts's names, repeated here so the entry is one file that imports no other chunk (a chain
 * of requests before the first paint); the type keeps them the same as island.ts's.
 */
export const ISLAND = {
  container: 'data-request-form',
  photoInput: 'request-photos',
  dropZone: 'request-photos-zone',
  draftKey: 'phmb:find-my-part:draft',
  savedKey: 'phmb:find-my-part:saved',
  serviceWorker: '/sw.js',
  hydrateSrc: 'data-hydrate',
  preload: 'data-preload',
  photosNotReady: 'data-photos-not-ready',
} as const satisfies Omit<typeof REQUEST_FORM_ISLAND, 'props'>;

/** What was done before React ran, for the form to finish. */
export type EarlyInput = { files: readonly File[]; submitted: boolean };

export type EarlyInputLayer = {
  /** Stops listening (React's handlers take over from here) and returns what was held. */
  disarm: () => EarlyInput;
  /**
   * The form could not be fetched (no signal, and the page not kept on the phone): photos held
   * for it are let go, and the customer is told, in the words the server's HTML carries.
   */
  notFetched: () => void;
};

const STARTS = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'input', 'change', 'dragenter'] as const;

export function armEarlyInput(container: HTMLElement, start: () => void): EarlyInputLayer {
  const form = container.querySelector('form');
  const photoInput = container.querySelector<HTMLInputElement>(`#${ISLAND.photoInput}`);
  const dropZone = container.querySelector<HTMLButtonElement>(`#${ISLAND.dropZone}`);
  const files: File[] = [];
  let submitted = false;
  const controller = new AbortController();
  const on = (target: EventTarget | null | undefined, type: string, listener: (event: Event) => void) =>
    target?.addEventListener(type, listener, { signal: controller.signal, capture: true });

  for (const type of STARTS) on(container, type, start);
  on(form, 'submit', (event) => {
    event.preventDefault();
    submitted = true;
    start();
  });
  // the drop zone is a button that opens the hidden file input, as the form's own handler does
  on(dropZone, 'click', () => photoInput?.click());
  on(photoInput, 'change', () => {
    files.push(...Array.from(photoInput?.files ?? []));
    if (photoInput) photoInput.value = '';
  });
  const allowDrop = (event: Event) => {
    event.preventDefault();
    if (event instanceof DragEvent && event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  on(dropZone, 'dragenter', allowDrop);
  on(dropZone, 'dragover', allowDrop);
  on(dropZone, 'drop', (event) => {
    event.preventDefault();
    if (event instanceof DragEvent) files.push(...Array.from(event.dataTransfer?.files ?? []));
    start();
  });

  // photos picked (through the label) before this script ran are in the input already
  if (photoInput?.files?.length) {
    files.push(...Array.from(photoInput.files));
    photoInput.value = '';
    start();
  }

  // Continue waits for a script in the server's HTML (Enter in a field must not post the form to
  // nowhere); from here a submit is held and made again, so it can work
  const continueButton = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (continueButton) continueButton.disabled = false;
  container.setAttribute(ISLAND.container, 'armed');

  return {
    notFetched() {
      if (!files.length) return;
      files.length = 0;
      const words = container.getAttribute(ISLAND.photosNotReady);
      if (words) window.alert(words);
    },
    disarm() {
      controller.abort();
      return { files, submitted };
    },
  };
}
