/**
 * Step 2 of the request form and the confirmation after it: one chunk, fetched when the customer
 * starts on the form and awaited by Continue (request-form.tsx, decision 0116), so the page does
 * not load what a visitor who only reads, or is still on step 1, never sees.
 */
export { ContactInfoStep } from './contact-info-step.tsx';
export { RequestConfirmation } from './request-confirmation.tsx';
