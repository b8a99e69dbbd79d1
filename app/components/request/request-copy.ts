/** The words of the /find-my-part screen, in one place (product.md §2 'Request form', §5, §8). */
import { URGENCY_OPTIONS } from '#app/modules/leads/urgency.ts';
import { urgencyUplift, type MarkupRules } from '#app/modules/pricing/pricing.ts';
import { REPLY_TEXT } from '#app/modules/leads/reply-promise.ts';
import { REPLY_PROMISE } from '#app/modules/site/site.ts';

/**
 * 'No hidden fees' holds only if the customer knows a rush costs more (issue 31 item 6): the
 * urgencies the owner's markup rules price higher are named where the urgency is chosen (none
 * when no urgency costs more, or all do alike).
 */
export function urgencyHint(rules: MarkupRules): string | null {
  const least = Math.min(...URGENCY_OPTIONS.map((o) => urgencyUplift(rules, o.value)));
  const rush = URGENCY_OPTIONS.filter((o) => urgencyUplift(rules, o.value) > least).map((o) => o.label);
  const usual = URGENCY_OPTIONS.filter((o) => urgencyUplift(rules, o.value) === least).map((o) => o.label);
  if (!rush.length) return null;
  return (
    `${rush.join(' and ')} ${rush.length > 1 ? 'are' : 'is'} priced higher than ${usual.join(' or ')}: ` +
    'finding and shipping a part fast costs more. Your quote shows the full price before you decide.'
  );
}

export const COPY = {
  title: 'Find My Part',
  intro: `Tell us what you need. A real person replies with a price and an ETA ${REPLY_PROMISE}.`,
  replyBadge: `Reply ${REPLY_PROMISE}`,
  steps: ['Part Details', 'Contact Info'] as const,
  stepsName: 'Request steps',
  stepOf: (n: number) => `Step ${n} of 2`,
  partDetailsLead: 'What is it for, and what part do you need?',
  contactLead: 'Where should we send your quote?',
  requiredLegend: 'Fields marked * are required.',
  labels: {
    equipment: 'Equipment Type',
    make: 'Make',
    model: 'Model',
    year: 'Year',
    partCategory: 'Part Category',
    partNumber: 'Part Number',
    description: 'Part Description',
    urgency: 'Urgency',
    name: 'Full Name',
    phone: 'Phone Number',
    email: 'Email',
    city: 'City',
  },
  placeholders: {
    equipment: 'Select equipment type',
    make: 'e.g. Freightliner',
    model: 'e.g. M2 106',
    year: 'e.g. 2016',
    partCategory: 'Select a category (optional)',
    partNumber: 'If you have it',
    description: 'What broke, where it mounts, any numbers stamped on it…',
    name: 'Your name',
    phone: '(204) 555-0123',
    email: 'you@example.com',
    city: 'Select your city',
  },
  optional: 'optional',
  emailHint: 'For a copy of your quote by email.',
  photos: {
    label: 'Part Photos (up to 6)',
    hint: 'Best results: serial number tag, measurements, damage close-ups',
    dropTitle: 'Drag photos here or click to choose',
    /** on touch screens, by CSS (pointer: coarse): the server's HTML is the same for everyone */
    tapTitle: 'Tap to add photos',
    dropTitleActive: 'Drop the photos to add them',
    dropDetail: 'Images up to 10MB each',
    count: (n: number) => `${n} of 6 photos added`,
    chosen: 'Chosen photos',
    remove: (name: string) => `Remove ${name}`,
    preparing: 'Optimizing…',
    notReady:
      'Your photos could not be added: this phone has no signal right now. Please add them again when you have signal.',
  },
  tips: {
    title: 'Photo Tips for Faster Quotes',
    items: [
      'Include serial or part number tags',
      'Show measurements with a tape measure or ruler',
      'Capture damage or wear from multiple angles',
      'Include the whole part plus close-up details',
    ],
  },
  continue: 'Continue',
  back: 'Back',
  submit: 'Submit Request',
  preparingPhotos: 'Preparing photos…',
  sending: (percent: number) => `Sending… ${percent}%`,
  uploadLabel: 'Upload progress',
  privacy: {
    before: 'We use these details only to answer your request: see our ',
    link: 'Privacy Policy',
    newTab: '(opens in a new tab)',
    after: '.',
  },
  restored: 'We kept what you typed last time. Photos are not kept, so please add them again.',
  dismiss: 'Dismiss',
  noScript: 'This form needs JavaScript. You can also text us a photo of your part:',
  toasts: {
    missingTitle: 'Missing Information',
    missingText: 'Please fill in all required fields',
    successTitle: 'Success!',
    successText: (caseNumber: string) => `Your request has been submitted. Case #${caseNumber}`,
    errorTitle: 'Error',
  },
  /** A request kept on the phone until there is signal (decision 0208) */
  saved: {
    title: 'Kept on this phone',
    keptTitle: 'Your request is kept on this phone',
    keptText:
      'It could not be sent just now. It goes out by itself as soon as your phone has signal again. ' +
      'You can close this page: it is ' +
      'sent the next time you open our site. Once it is sent you will see your case number here, ' +
      'and we text it to you.',
    /** the part, then what it is for, as the customer wrote them */
    summary: (description: string, machine: string) => {
      const part = description.length > 80 ? `${description.slice(0, 79)}…` : description;
      return machine ? `${part} (${machine})` : part;
    },
    photoCount: (n: number) => (n === 0 ? 'No photos' : n === 1 ? '1 photo' : `${n} photos`),
    waiting: 'Not sent yet',
    sending: 'Sending…',
    sendNow: 'Send now',
    remove: 'Delete',
    removeQuestion: 'Delete this request? It has not been sent.',
    removeYes: 'Delete it',
    removeNo: 'Keep it',
    sentTitle: 'Your kept request was sent',
    /** the case number goes between, kept on one line */
    sentCase: ['Your case number is ', '.'],
    refusedTitle: 'We could not take this request',
    refusedText: 'Please fill in the form again, or text us a photo of your part.',
    done: 'Done',
    notKept: 'This phone could not keep your request. Please try again when you have signal.',
  },
  confirmation: {
    title: 'Request Submitted!',
    caseLabel: 'Your case number',
    /** the server's words for when we reply (app/modules/leads/reply-promise.ts), should it send none */
    promise: REPLY_TEXT.promise,
    keep: 'Keep this number handy: it is how we find your request when you call or text.',
    hoursTitle: 'Business hours',
    home: 'Back to Home',
    text: 'Text us',
  },
} as const;
