/**
 * What people are told while the database is away for a moment (decision 0090): the JSON message
 * of every endpoint and the page shown instead of a public page. Shared by server and browser.
 */

/** Seconds a client should wait before trying again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_TEXT = {
  /** `{ message }` of a 503 from the API */
  message: 'Our system is briefly unavailable. Please try again in a few seconds.',
  title: 'Briefly unavailable',
  heading: 'We will be right back',
  body: 'Our system is briefly unavailable. Please try again in a few seconds, or text us your part and we will help right away.',
  retry: 'Try again',
} as const;
