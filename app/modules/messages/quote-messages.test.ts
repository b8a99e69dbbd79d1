import { dateMovedText, orderedText, readyText, reminderText } from './order-messages.ts';
import { DEFAULT_HOURS } from '#app/modules/site/opening-hours.ts';
import { describe, expect, it } from 'vitest';
import type { QuoteOption } from '../quotes/quote.ts';
import {
  acceptedText,
  expiredYesReply,
  fitsTwoSegments,
  MAX_TEXT_CHARS,
  quoteEmail,
  quoteText,
  requestConfirmationText,
  toGsm7,
} from './quote-messages.ts';

const SITE = { name: 'Parts Hunters MB', phone: '+12045550147' };
const URL = 'https://partshuntersmb.ca/q/AbCdEfGhIjKlMnOpQrStUvWx';
const option = (o: Partial<QuoteOption> = {}): QuoteOption => ({
  label: 'New OEM',
  cost: 10_000,
  markupPct: 0.425,
  sellPrice: 14_250,
  difficulty: 'moderate',
  etaDays: 3,
  warranty: null,
  brand: null,
  partNumber: null,
  note: null,
  ...o,
});

describe('the quote text', () => {
  it('names the part, the price, the ETA, the validity, the link and YES / NO', () => {
    expect(
      quoteText({
        siteName: SITE.name,
        caseNumber: 'Q-10001',
        part: 'hydraulic pump, 2015 JD 6120',
        options: [option()],
        url: URL,
      }),
    ).toBe(
      `Parts Hunters MB quote Q-10001 for hydraulic pump, 2015 JD 6120: $142.50 CAD, ETA 3 business days. Valid 48 hours. See it: ${URL} Reply YES to order or NO to pass.`,
    );
  });

  it('names each option by its number and price, as the answers that order it (a YES would guess)', () => {
    const text = quoteText({
      siteName: SITE.name,
      caseNumber: 'Q-10001',
      part: 'mirror arm',
      options: [
        option({ label: 'New OEM', sellPrice: 29_640 }),
        option({ label: 'Aftermarket', sellPrice: 15_681, etaDays: 1 }),
        option({ label: '', sellPrice: 15_000 }),
      ],
      url: URL,
    });
    expect(text).toBe(
      `Parts Hunters MB quote Q-10001 for mirror arm: 3 options. Valid 48 hours. Reply 1 for New OEM $296.40 CAD, 2 for Aftermarket $156.81 CAD, 3 for Option 3 $150.00 CAD, or open the link: ${URL} Reply NO to pass.`,
    );
    expect(text).not.toMatch(/YES/);
  });

  it.each([
    ['a long description', 'x'.repeat(400)],
    [
      'words outside GSM-7',
      'Pompe hydraulique « neuve » 🚜 — côté gauche, 2015 John Deere 6120 ✓ ' + 'très urgent '.repeat(20),
    ],
    [
      'curly quotes and dashes',
      '“Left” rear remote coupler – leaks whenever the tractor warms up… '.repeat(5),
    ],
  ])('stays within two GSM-7 segments with %s', (_, part) => {
    for (const options of [[option()], [option(), option(), option()]]) {
      const text = quoteText({ siteName: SITE.name, caseNumber: 'Q-123456', part, options, url: URL });
      expect(text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
      expect(fitsTwoSegments(text)).toBe(true);
      expect(text).toContain(URL);
      expect(text).toMatch(options.length === 1 ? /Reply YES to order/ : /Reply 1 for .*, 2 for .*, 3 for /);
    }
  });

  it('the confirmation, the late-YES reply and the accepted text fit too', () => {
    for (const text of [
      requestConfirmationText({ siteName: SITE.name, caseNumber: 'Q-10001', url: URL, hours: DEFAULT_HOURS }),
      expiredYesReply(SITE, 'Q-10001'),
      acceptedText(SITE, {
        caseNumber: 'Q-10001',
        part: 'Hydraulic pump',
        option: 'Aftermarket '.repeat(30),
        url: URL,
        expected: 'Wednesday, September 30',
      }),
    ]) {
      expect(fitsTwoSegments(text), text).toBe(true);
    }
  });

  it('the accepted text: the day when known, the part and the option, the link', () => {
    expect(
      acceptedText(SITE, {
        caseNumber: 'Q-10001',
        part: 'Hydraulic pump',
        option: 'Aftermarket',
        url: URL,
        expected: 'Tuesday, December 1',
      }),
    ).toBe(
      `Parts Hunters MB: Thank you! Quote Q-10001 is accepted and your part is being ordered, expected Tuesday, December 1. Part: Hydraulic pump, Aftermarket. Follow it here: ${URL}`,
    );
    expect(
      acceptedText(SITE, { caseNumber: 'Q-10002', part: 'Seat', option: null, url: URL, expected: null }),
    ).toBe(
      `Parts Hunters MB: Thank you! Quote Q-10002 is accepted and your part is being ordered. Part: Seat. Follow it here: ${URL}`,
    );
    // nothing to name the part by: no 'Part:' at all
    expect(
      acceptedText(SITE, { caseNumber: 'Q-10003', part: null, option: null, url: URL, expected: null }),
    ).toBe(
      `Parts Hunters MB: Thank you! Quote Q-10003 is accepted and your part is being ordered. Follow it here: ${URL}`,
    );
  });

  it("the order's texts fit, carry the link and name the part, however long it is", () => {
    const order = {
      siteName: SITE.name,
      caseNumber: 'Q-10001',
      part: 'Hydraulic pump '.repeat(20),
      url: URL,
    };
    const texts = [
      dateMovedText({
        ...order,
        day: 'Wednesday, September 30',
        why: 'the supplier’s truck broke down on Hwy 1',
      }),
      readyText({ ...order, handover: 'pickup' }),
      readyText({ ...order, handover: 'delivery' }),
      reminderText(order),
      orderedText({ ...order, day: 'Wednesday, September 30' }),
      orderedText({ ...order, day: null }),
    ];
    for (const text of texts) {
      expect(fitsTwoSegments(text), text).toBe(true);
      expect(text).toContain(URL);
      expect(text).toMatch(/Hydraulic pump/);
    }
    expect(texts[0]).toContain("(the supplier's truck broke down on Hwy 1)");
    expect(texts[1]).toMatch(/ready for pickup/);
    expect(texts[2]).toMatch(/out for delivery/);
    expect(texts[4]).toMatch(/ordered your part .* Expected Wednesday, September 30\. Follow it/);
    expect(texts[5]).not.toMatch(/Expected/);
  });

  it('replaces lookalike punctuation and drops what GSM-7 cannot carry', () => {
    expect(toGsm7('“Left” rear – it’s côté 🚜 …')).toBe('"Left" rear - it\'s coté ...');
  });
});

describe('the quote e-mail', () => {
  it('lists every option with its price, ETA, warranty and part, the expiry and the link', () => {
    const mail = quoteEmail({
      site: SITE,
      name: 'Dana Friesen',
      caseNumber: 'Q-10001',
      part: 'hydraulic pump',
      options: [
        option({ warranty: '1 year', brand: 'Parker', partNumber: 'PGP315' }),
        option({ label: 'Used', sellPrice: 100, etaDays: 1, note: 'From a 2016 unit' }),
      ],
      expires: 'Sat, Nov 28, 2026, 2:05 PM CST',
      url: URL,
    });
    expect(mail.subject).toBe('Your quote Q-10001 from Parts Hunters MB');
    expect(mail.body).toContain('New OEM: $142.50 CAD (all-in), ETA 3 business days');
    expect(mail.body).toContain('  Warranty: 1 year');
    expect(mail.body).toContain('  Part: Parker PGP315');
    expect(mail.body).toContain('Used: $1.00 CAD (all-in), ETA 1 business day');
    expect(mail.body).toContain('  From a 2016 unit');
    expect(mail.body).toContain('The quote holds until Sat, Nov 28, 2026, 2:05 PM CST.');
    expect(mail.body).toContain(URL);
    // several options: the text is answered by an option's number, never a bare YES
    expect(mail.body).toContain("reply to our text message with the option's number (1 to 2) or NO");
    expect(mail.body).not.toContain('YES');
  });

  it('with one option, says YES or NO answers the text', () => {
    const mail = quoteEmail({
      site: SITE,
      name: 'Dana Friesen',
      caseNumber: 'Q-10001',
      part: 'hydraulic pump',
      options: [option()],
      expires: 'Sat, Nov 28, 2026, 2:05 PM CST',
      url: URL,
    });
    expect(mail.body).toContain('You can also reply YES or NO to our text message');
  });
});
