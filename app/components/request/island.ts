/** How the server's /find-my-part page and the form's browser entry find each other (decisions 0112, 0116). */
import type { City } from '#app/modules/site/reference.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

export type RequestFormProps = { cities: readonly City[]; site: SiteInfo; urgencyHint: string | null };

export const REQUEST_FORM_ISLAND = {
  /**
   * The attribute of the element whose content is the form. Its value says how far the browser
   * got: '' in the server's HTML, 'armed' once the entry holds what is done before React runs
   * (early-input.ts), 'hydrated' once React runs the form.
   */
  container: 'data-request-form',
  /** the id of the JSON data block with the form's props */
  props: 'request-form-props',
  /** ids of the photo area's file input and drop zone (fixed: useId's differ in an island) */
  photoInput: 'request-photos',
  dropZone: 'request-photos-zone',
  /** localStorage key of what was typed last time (draft.ts): its form hydrates at once */
  draftKey: 'phmb:find-my-part:draft',
  /** localStorage key set while a request is kept on the phone (saved-requests.ts): its form hydrates at once */
  savedKey: 'phmb:find-my-part:saved',
  /** the site's service worker (decision 0208), registered once the page has loaded */
  serviceWorker: '/sw.js',
  /** the container's attribute with the words said when photos cannot be prepared (no signal) */
  photosNotReady: 'data-photos-not-ready',
  /** attributes of the entry's script tag: the hydrating module's URL, the chunks it imports */
  hydrateSrc: 'data-hydrate',
  preload: 'data-preload',
} as const;

/** JSON safe inside a <script> element: no '<' that could close it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
