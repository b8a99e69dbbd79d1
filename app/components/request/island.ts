/** How the server's /find-my-part page and the form's browser entry find each other (decision 0112). */
import type { City } from '#app/modules/site/reference.ts';
import type { SiteInfo } from '#app/modules/site/site.ts';

export type RequestFormProps = { cities: readonly City[]; site: SiteInfo };

export const REQUEST_FORM_ISLAND = {
  /** the attribute of the element whose content is the form */
  container: 'data-request-form',
  /** the id of the JSON data block with the form's props */
  props: 'request-form-props',
} as const;

/** JSON safe inside a <script> element: no '<' that could close it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
