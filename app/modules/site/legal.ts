/**
 * The Privacy Policy and Terms of Service pages: their paths (footer, consent text, sitemap) and
 * the retention periods the privacy page promises (decision 0080). Pure constants.
 */
export const PRIVACY_PATH = '/privacy-policy';
export const TERMS_PATH = '/terms-of-service';

/** When both pages last changed, shown on them. */
export const LEGAL_UPDATED = { iso: '2026-11-24', text: 'November 24, 2026' } as const;

/**
 * How long each kind of personal information is kept (decision 0080), in the words the privacy
 * page uses. Changing a period means changing the decision and this list together.
 */
export const RETENTION = [
  {
    what: 'Quote requests that did not lead to an order (name, phone, e-mail, city, the part, photos, texts and e-mails about it)',
    period: '2 years after our last contact about the request, then deleted',
  },
  {
    what: 'Requests that became an order, and the quote, order and delivery details',
    period:
      '6 years after the end of the tax year of the sale, as Canadian tax law requires us to keep business records',
  },
  {
    what: 'Your consent to be contacted, and a request to stop texts (STOP)',
    period:
      'as long as we keep the request it belongs to; a STOP is kept for as long as we need it to make sure we do not text you again',
  },
  {
    what: 'Server logs (the address of your device, the page asked for, the time)',
    period: '30 days',
  },
] as const;
