/**
 * What scripts/lighthouse.ts makes before it audits, through the API as staff and customers do: a
 * staff session (the demo admin's), a request sent with phone photos, and a customer's quote page.
 */
import { cameraJpeg } from '../../tests/e2e/fixtures/images.ts';
import { HarnessError, type BenchServer } from './server.ts';

/** Signs in as the demo admin through the API: the session's cookie and CSRF token. */
export async function staffSession(
  server: BenchServer,
  password: string,
): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new HarnessError(`/api/admin/login answered ${res.status}: ${await res.text()}`);
  return {
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    token: ((await res.json()) as { token: string }).token,
  };
}

/**
 * A new request through the public form's API with two 12-megapixel phone photos of about 4.5 MB
 * (what a customer's phone takes; the demo leads' photos are small drawings). Returns its case number.
 */
export async function requestWithPhonePhotos(server: BenchServer): Promise<string> {
  const body = new FormData();
  const fields = {
    equipment: 'ag',
    make: 'John Deere',
    model: '6120M',
    year: '2015',
    partCategory: 'hydraulics-fittings',
    description: 'Hydraulic pump leaking at the shaft seal.',
    urgency: 'today',
    name: 'Lighthouse Audit',
    phone: '(204) 555-0142',
    consent: 'true',
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const n of [1, 2]) {
    const photo = await cameraJpeg(4000, 3000, 4_500_000 - n * 20_000);
    body.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_000${n}.jpg`);
  }
  const res = await fetch(`${server.baseUrl}/api/leads`, { method: 'POST', body });
  if (res.status !== 201)
    throw new HarnessError(`POST /api/leads answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { caseNumber: string }).caseNumber;
}

/**
 * A customer's quote page: signs in, sends a new demo lead with photos (or the lead of
 * `caseNumber`) a two-option quote through the API, and returns the path of the link its text
 * carries.
 */
export async function quotePagePath(
  server: BenchServer,
  password: string,
  caseNumber?: string,
): Promise<string> {
  const origin = server.baseUrl;
  const call = async (pathname: string, body?: unknown, session?: { cookie: string; token: string }) => {
    const res = await fetch(`${origin}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Origin: origin,
        'Content-Type': 'application/json',
        ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new HarnessError(`${pathname} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const session = await staffSession(server, password);
  const leads = (await (await call('/api/leads?limit=200', undefined, session)).json()) as {
    id: number;
    caseNumber: string;
    status: string;
    photos: string[];
  }[];
  const lead = caseNumber
    ? leads.find((l) => l.caseNumber === caseNumber)
    : leads.find((l) => l.status === 'new' && l.photos.length > 0);
  if (!lead) throw new HarnessError(`No ${caseNumber ?? 'new demo lead with photos'} to quote`);
  const quoted = (await (
    await call(
      `/api/leads/${lead.id}/quote`,
      {
        options: [
          {
            label: 'New OEM',
            cost: 41_000,
            etaDays: 3,
            warranty: '1 year',
            brand: 'OEM',
            partNumber: 'AH169478',
          },
          { label: 'Rebuilt', cost: 18_000, etaDays: 2, warranty: '90 days', note: 'Core charge included.' },
        ],
      },
      session,
    )
  ).json()) as { conversation: { channel: string; body: string }[] };
  const text = quoted.conversation.filter((m) => m.channel === 'sms').at(-1)?.body ?? '';
  const link = /\/q\/[A-Za-z0-9_-]{24}/.exec(text)?.[0];
  if (!link) throw new HarnessError(`The quote text carries no link: ${text}`);
  return link;
}
