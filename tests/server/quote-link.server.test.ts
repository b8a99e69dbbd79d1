/**
 * The quote page without JavaScript (issue 28), on the production build as it runs (the shared
 * server of tests/e2e/support/global-setup.ts): a request made through the form, a quote sent by
 * staff through the API, and then only what a phone without JavaScript does: GET the link from the
 * text, and post the page's forms as `application/x-www-form-urlencoded` with the site's Origin.
 * Accept and Decline answer 303 to the page, which then says so; a bad form answers 400 with the
 * messages beside their fields and what was typed; a post from another site is refused. The page is
 * private: `Cache-Control: private, no-store`, noindex, and each GET is rendered again (never the
 * page cache's copy). A question posted twice with its form's key is asked once. The rules behind it: tests/api/quote-link.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities } from '../e2e/support/html.ts';
import { baseUrl, urlOf } from '../e2e/support/server.ts';
import { E2E_ADMIN_PASSWORD } from '../e2e/support/site.ts';
import { PHONE_USER_AGENT } from '../support/phone.ts';

const TOKEN_IN = /\/q\/([A-Za-z0-9_-]{24})/;

type Staff = { cookie: string; token: string };

async function signIn(): Promise<Staff> {
  const res = await fetch(urlOf('/api/admin/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, token: ((await res.json()) as { token: string }).token };
}

const staffHeaders = (staff: Staff) => ({ Cookie: staff.cookie, 'X-CSRF-Token': staff.token });

type LeadJson = {
  id: number;
  caseNumber: string;
  status: string;
  quoteViews: number;
  lostReason: string | null;
  messages: { channel: string; body: string }[];
};

async function leadOf(staff: Staff, id: number): Promise<LeadJson> {
  const res = await fetch(urlOf(`/api/leads/${id}`), { headers: staffHeaders(staff) });
  expect(res.status).toBe(200);
  return (await res.json()) as LeadJson;
}

/**
 * A request through the form, quoted by staff with two options; answers the lead and the token of
 * the link in the quote's text.
 */
async function quotedLead(staff: Staff, name: string): Promise<{ id: number; token: string }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    equipment: 'trailer',
    make: 'Dexter',
    model: '7K axle',
    year: '2018',
    partCategory: 'trailer-parts',
    description: 'Rear leaf spring snapped on the curb side, double-eye, 7,000 lb axle.',
    urgency: 'flexible',
    name,
    phone: '(204) 555-0188',
    email: 'quote-page@example.com',
    city: 'steinbach',
    consent: 'true',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const created = await fetch(urlOf('/api/leads'), { method: 'POST', body: form });
  expect(created.status).toBe(201);
  const { caseNumber } = (await created.json()) as { caseNumber: string };
  // the case number is Q- and 10000 + the lead's id (tests/api/leads.test.ts)
  const id = Number(caseNumber.slice(2)) - 10_000;
  expect((await leadOf(staff, id)).caseNumber).toBe(caseNumber);

  const quoted = await fetch(urlOf(`/api/leads/${id}/quote`), {
    method: 'POST',
    headers: { ...staffHeaders(staff), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      options: [
        { label: 'New OEM', cost: 20_000, etaDays: 5 },
        { label: 'Aftermarket', cost: 9_000, etaDays: 2 },
      ],
    }),
  });
  expect(quoted.status).toBe(200);
  const lead = (await quoted.json()) as LeadJson;
  const quoteText = lead.messages.filter((m) => m.channel === 'sms' && m.body.includes(' quote ')).at(-1);
  const token = TOKEN_IN.exec(quoteText?.body ?? '')?.[1];
  if (!token) throw new Error(`no link in the quote text of lead ${id}`);
  // the link is on this server (its BASE_URL)
  expect(quoteText!.body).toContain(`${baseUrl()}/q/${token}`);
  return { id, token };
}

/** GET the page as a phone without JavaScript and without a session. */
async function open(token: string) {
  const res = await fetch(urlOf(`/q/${token}`), {
    headers: { Accept: 'text/html', 'User-Agent': PHONE_USER_AGENT },
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, html: decodeEntities(await res.text()) };
}

/** Posts one of the page's forms as a browser does, from the site's own page. */
async function post(token: string, fields: Record<string, string>, origin = new URL(baseUrl()).origin) {
  const res = await fetch(urlOf(`/q/${token}`), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
      Origin: origin,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    html: decodeEntities(await res.text()),
  };
}

describe('the quote page as plain HTML forms (production build)', () => {
  let staff: Staff;
  beforeAll(async () => {
    staff = await signIn();
  });

  it('is private: no-store, noindex, and rendered again for every GET (never from the page cache)', async () => {
    const { id, token } = await quotedLead(staff, 'Robin Quoteless');
    const first = await open(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(first.html).toContain('Accept quote');
    expect(first.html).toContain('New OEM');
    expect(first.html).toContain('Aftermarket');
    // nothing personal but the first name and the phone's last four digits
    expect(first.html).toContain('Robin');
    expect(first.html).toContain('0188');
    for (const secret of ['Quoteless', 'quote-page@example.com', '555-0188'])
      expect(first.html).not.toContain(secret);

    const second = await open(token);
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(second.headers.get('x-robots-tag')).toMatch(/noindex/);
    // the page cache answers without Express: no request id, and its own Cache-Control
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // ... and an ETag on every page it keeps
    expect(second.headers.get('etag')).toBeNull();
    // a HEAD (a link checker) gets the same private headers, and is not a view, even from a phone
    const head = await fetch(urlOf(`/q/${token}`), {
      method: 'HEAD',
      headers: { 'User-Agent': PHONE_USER_AGENT },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('private, no-store');
    expect(head.headers.get('x-robots-tag')).toMatch(/noindex/);
    // the page's data is not served on its own: the page ships no script that would ask for it
    const data = await fetch(urlOf(`/q/${token}.data`));
    expect(data.status).toBe(404);
    expect(await data.text()).not.toContain('Robin');
    // the two views reached the loader
    expect((await leadOf(staff, id)).quoteViews).toBe(2);
  });

  it('Accept by a plain form post: 303 to the page, which then says the quote was accepted', async () => {
    const { id, token } = await quotedLead(staff, 'Dana Formpost');
    const res = await post(token, {
      intent: 'accept',
      version: '1',
      option: '1',
      name: 'Dana Formpost',
      po: 'PO-31',
      terms: 'yes',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/q/${token}`);
    const after = await open(token);
    expect(after.status).toBe(200);
    expect(after.html).toContain('Quote accepted');
    expect(after.html).toContain('Aftermarket');
    expect(after.html).not.toContain('Accept quote');
    expect((await leadOf(staff, id)).status).toBe('ordered');

    // posted again (Back and resubmit): the same page, nothing ordered twice
    expect(
      (
        await post(token, {
          intent: 'accept',
          version: '1',
          option: '1',
          name: 'Dana Formpost',
          terms: 'yes',
        })
      ).status,
    ).toBe(303);
    const lead = await leadOf(staff, id);
    expect(
      lead.messages.filter((m) => /is accepted and your part is being ordered/.test(m.body)),
    ).toHaveLength(1);
  });

  it('Decline by a plain form post: 303 to the page, which then says the quote was declined', async () => {
    const { id, token } = await quotedLead(staff, 'Sam Decliner');
    const res = await post(token, { intent: 'decline', version: '1', reason: 'price', detail: 'Too dear' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/q/${token}`);
    const after = await open(token);
    expect(after.status).toBe(200);
    expect(after.html).toContain('Quote declined');
    expect(after.html).not.toContain('Accept quote');
    expect(await leadOf(staff, id)).toMatchObject({ status: 'lost', lostReason: 'Price too high' });
  });

  it('a question posted again with the key its form was rendered with is asked once (decision 0179)', async () => {
    const { id, token } = await quotedLead(staff, 'Jo Twicepost');
    const page = await open(token);
    const key = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(page.html)?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // each rendering makes its own
    expect((await open(token)).html).not.toContain(key);
    const fields = { intent: 'question', body: 'Are the U-bolts included?', idempotencyKey: key! };
    const [first, second] = await Promise.all([post(token, fields), post(token, fields)]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.location).toBe(`/q/${token}?asked`);
    // Back and resubmit: the same answer, still one question
    expect((await post(token, fields)).status).toBe(303);
    const after = await open(token);
    expect(after.html.split('Are the U-bolts included?')).toHaveLength(2);
    const lead = await leadOf(staff, id);
    expect(lead.messages.filter((m) => m.body.includes('Are the U-bolts included?'))).toHaveLength(1);
  });

  it('a bad form answers 400 with the messages beside their fields and what was typed', async () => {
    const { id, token } = await quotedLead(staff, 'Lee Typo');
    const res = await post(token, { intent: 'accept', version: '1', option: '0', name: 'L', po: 'PO-7734' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Type your full name');
    expect(res.html).toContain('Tick the box to agree to the terms');
    // what was typed stays in the fields
    expect(res.html).toMatch(/<input[^>]*name="name"[^>]*value="L"|<input[^>]*value="L"[^>]*name="name"/);
    expect(res.html).toMatch(
      /<input[^>]*name="po"[^>]*value="PO-7734"|<input[^>]*value="PO-7734"[^>]*name="po"/,
    );
    // the options are still there to choose
    expect(res.html).toContain('Accept quote');
    expect((await leadOf(staff, id)).status).toBe('quoted');

    const noReason = await post(token, { intent: 'decline', version: '1' });
    expect(noReason.status).toBe(400);
    expect(noReason.html).toContain('Choose a reason');
    expect((await leadOf(staff, id)).status).toBe('quoted');
  });

  it("refuses a form posted from another site's page (403) and changes nothing", async () => {
    const { id, token } = await quotedLead(staff, 'Kim Crosssite');
    const res = await post(
      token,
      { intent: 'accept', version: '1', option: '0', name: 'Kim Crosssite', terms: 'yes' },
      'https://evil.example',
    );
    expect(res.status).toBe(403);
    expect((await leadOf(staff, id)).status).toBe('quoted');
  });

  it('answers 404 for a link that opens nothing, as a page', async () => {
    const res = await open('A'.repeat(24));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.html).toContain('This link is not valid');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

/**
 * Issue 47 item 8 on the built server: a body that is not a form it can read answers 400 with the
 * page, on the quote page and on the sign-in page, and a session cookie it cannot decode is no
 * session (the sign-in page says the credentials are wrong, not a 500).
 */
describe('bodies and cookies it cannot read', () => {
  const post = (path: string, type: string, body: string, cookie?: string) =>
    fetch(urlOf(path), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': type, Origin: baseUrl(), ...(cookie ? { Cookie: cookie } : {}) },
      body,
    });

  it('answers 400, not 500, to a body that is not a form', async () => {
    for (const path of [`/q/${'A'.repeat(24)}`, '/admin/login']) {
      const res = await post(path, 'multipart/form-data; boundary=x', 'not a multipart body');
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      await res.arrayBuffer();
    }
    const login = await post('/admin/login', 'multipart/form-data; boundary=x', 'not a multipart body');
    expect(decodeEntities(await login.text())).toContain(
      'The form was incomplete or malformed. Please try again.',
    );
  });

  it('takes a session cookie it cannot decode for none', async () => {
    const res = await post(
      '/admin/login',
      'application/x-www-form-urlencoded',
      'username=admin&password=not-the-password',
      'phmb_session=%E0%A4%A',
    );
    expect(res.status).toBe(401);
    expect(decodeEntities(await res.text())).toContain('Invalid username or password');
  });
});
