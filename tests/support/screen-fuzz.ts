/**
 * The fuzz of the back-office screens' intents (decision 0182, "The mirrors removed"): the changes
 * whose /api mirrors the HTTP fuzz (./api-fuzz.ts) used to reach are fuzzed at their one door, the
 * screen's action, called as React Router calls it (./screen-door.ts). Case `i` of a seed is always
 * the same form: a screen and intent, as the owner, as staff or without a session, its address's
 * id a row that exists or an odd one, and a valid form with one or two fields made odd (dropped,
 * emptied, an odd string, a nested key, a huge value), or with one of its ids made a value that is
 * not one (then the answer must be the 400 ROW_ID_MESSAGE, decision 0178). No answer may be a
 * thrown failure (React Router's 500), come late, or be a 4xx without the one error shape's words.
 */
import { ROW_ID_MESSAGE } from '#app/modules/site/row-id.ts';
import type { ServiceDeps } from '#server/services/context.ts';
import type { Services } from '#server/services/index.ts';
import { createRng, oddString, type Known, type Rng } from './api-fuzz.ts';
import { screenDoors, screensServingChanges, type ChangesScreen } from './screen-door.ts';

type Fields = Record<string, unknown>;
type Who = 'owner' | 'staff' | 'nobody';

/** A valid form for each intent ('screen intent'), its ids from the rows that exist. */
const FORMS: Record<string, (r: Rng, k: Known) => Fields> = {
  'admin-settings city-pages': () => ({}),
  'admin-leads create-lead': (r) => ({
    name: 'Dana Friesen',
    phone: `(204) 555-${String(1000 + r.int(8999))}`,
    description: 'Hydraulic pump for the loader',
    urgency: 'flexible',
    equipment: 'ag',
    consent: 'true',
  }),
  'admin-lead-details status': (r) => ({
    status: r.pick(['qualified', 'quoted', 'lost']),
    reason: 'no stock',
  }),
  'admin-lead-details quote': () => ({ cost: 12_345, etaDays: 3, notes: 'OEM' }),
  'admin-lead-details text': () => ({ body: 'Your part is in.' }),
  'admin-lead-details reopen': () => ({}),
  'admin-lead-details part-name': () => ({ shortPartName: 'Hydraulic pump' }),
  'admin-lead-details line-add': () => ({ part: 'Hydraulic pump', supplierId: '', actualCost: '45.50' }),
  'admin-lead-details line-change': () => ({ line: 1, part: 'Hydraulic pump', supplierId: '', revision: 1 }),
  // 'Mark ordered' asks for the supplier and the promised date (issue 48 item 7)
  'admin-lead-details line-step': () => ({
    line: 1,
    to: 'ordered',
    revision: 1,
    supplierId: 1,
    promisedDate: '2099-06-30',
  }),
  'admin-lead-details line-undo': () => ({ line: 1, revision: 1 }),
  'admin-lead-details auto-texts': (r) => ({ on: r.chance(0.5) }),
  'admin-lead-details same-person': () => ({}),
  'admin-lead-details different-person': () => ({}),
  'admin-orders step': (r, k) => ({
    lead: pickId(r, k.leadIds),
    line: 1,
    to: 'ordered',
    revision: 1,
    supplierId: 1,
    promisedDate: '2099-06-30',
  }),
  'admin-orders undo': (r, k) => ({ lead: pickId(r, k.leadIds), line: 1, revision: 1 }),
  'admin-suppliers create': (r) => ({ name: `Prairie Hydraulics ${r.int(1e9)}`, leadTimeDays: 2 }),
  'admin-suppliers update': () => ({ id: 1, name: 'Prairie Hydraulics', website: 'https://ph.example' }),
  'admin-suppliers archive': () => ({ id: 1 }),
  'admin-suppliers restore': () => ({ id: 1 }),
  'admin-customer update': () => ({ name: 'Dale Friesen', company: 'Friesen Farms', fleet: 'on' }),
  'admin-customer merge': (r, k) => ({ into: pickId(r, k.customerIds) }),
  'admin-inbox-conversation reply': () => ({ body: 'We have it.' }),
  'admin-inbox-conversation assign': () => ({ userId: '' }),
  'admin-inbox-conversation done': (r) => ({ done: r.chance(0.5) }),
  'admin-team add': (r) => ({ username: `kim${r.int(1e9)}`, displayName: 'Kim' }),
  'admin-team disable': () => ({ id: 2 }),
  'admin-team enable': () => ({ id: 2 }),
  'admin-team reset': () => ({ id: 2 }),
  'admin-team rename': () => ({ id: 2, displayName: 'Kim Klassen' }),
  // each person's own account (decisions 0201, 0202)
  'admin-account rename': () => ({ displayName: 'Kim' }),
  'admin-account password': () => ({
    currentPassword: 'not the password',
    newPassword: 'a new password',
    confirmPassword: 'a new password',
  }),
  'admin-account sign-out-others': () => ({}),
  'admin-account remove-passkey': () => ({ id: 1 }),
  // notifications (decision 0205)
  'admin-account push-off': () => ({}),
  'admin-account push-choose': (r) => ({
    requests: r.chance(0.5),
    replies: r.chance(0.5),
    acceptances: r.chance(0.5),
    failures: r.chance(0.5),
  }),
  // the item dialog types dollars and 'Name: value' lines (its intents' `read`, app/routes/admin-catalog.tsx)
  'admin-catalog create': (r) => itemForm(r),
  'admin-catalog update': (r, k) => ({ ...itemForm(r), id: pickId(r, k.itemIds) }),
  'admin-catalog publish': (r, k) => ({ id: pickId(r, k.itemIds) }),
  // the post form's featured image is a file: sometimes one that is no picture (the service's 400)
  'admin-blog create': (r) => postForm(r),
  'admin-blog update': (r, k) => ({ ...postForm(r), id: pickId(r, k.postIds) }),
  'admin-blog publish': (r, k) => ({ id: pickId(r, k.postIds), publishAt: r.pick(['', '2031-03-02T09:00']) }),
  'admin-blog unpublish': (r, k) => ({ id: pickId(r, k.postIds) }),
  'admin-blog archive': (r, k) => ({ id: pickId(r, k.postIds) }),
  'admin-blog delete': (r, k) => ({ id: pickId(r, k.postIds) }),
  'admin-settings shop': (r) =>
    r.pick([
      {
        section: 'quietHours',
        'quietHours.on': r.pick(['on', '']),
        'quietHours.from': '21',
        'quietHours.until': '7',
      },
      { section: 'staff', 'staff.seeMoney': r.pick(['on', '']), 'staff.mergeCustomers': '' },
      { section: 'pickup', 'pickup.address': r.pick(['', '1450 Sargent Ave, Winnipeg']), 'pickup.hours': '' },
    ]),
  'admin-settings save': () => ({
    'followUps.viewed.on': 'on',
    'followUps.viewed.text': 'Any questions about your quote? {link}',
    'reviews.on': '',
    'reviews.url': '',
  }),
};

/** An item as the catalog's dialog sends it: cost in dollars (cents, a round sum, or none). */
function itemForm(r: Rng): Fields {
  return {
    title: 'Axle Hub',
    slug: `axle-hub-${r.int(1e9)}`,
    category: 'trailer-parts',
    cost: r.pick(['12.50', '0.07', '1200', '']),
    markupPct: '0.35',
    stockQty: String(r.int(20)),
    status: r.pick(['draft', 'active']),
    specs: 'Bore: 2 in\nBolts: 5',
  };
}

/** A post as its form sends it, its title new; the featured image now and then a file. */
function postForm(r: Rng): Fields {
  const form: Fields = {
    title: `Hitch care ${r.int(1e9)}`,
    content: '<p>Grease it.</p>',
    tags: '["Hitches"]',
  };
  if (r.chance(0.2)) form.featuredImage = new File([oddString(r)], 'hitch.jpg', { type: 'image/jpeg' });
  return form;
}

/** Every intent the fuzz asks ('screen intent'). */
export const FUZZED_INTENTS: readonly string[] = Object.keys(FORMS).sort();

/** The fields of each intent that name a row: a case may make one a value that is not an id. */
const ID_FIELDS: Record<string, string[]> = {
  'admin-lead-details line-add': ['supplierId'],
  'admin-lead-details line-change': ['line', 'supplierId', 'revision'],
  'admin-lead-details line-step': ['line', 'revision', 'supplierId'],
  'admin-lead-details line-undo': ['line', 'revision'],
  'admin-orders step': ['lead', 'line', 'revision', 'supplierId'],
  'admin-orders undo': ['lead', 'line', 'revision'],
  'admin-suppliers update': ['id'],
  'admin-suppliers archive': ['id'],
  'admin-suppliers restore': ['id'],
  'admin-customer merge': ['into'],
  'admin-inbox-conversation assign': ['userId'],
  'admin-team disable': ['id'],
  'admin-team enable': ['id'],
  'admin-team reset': ['id'],
  'admin-team rename': ['id'],
  'admin-account remove-passkey': ['id'],
  'admin-catalog update': ['id'],
  'admin-catalog publish': ['id'],
  'admin-blog update': ['id'],
  'admin-blog publish': ['id'],
  'admin-blog unpublish': ['id'],
  'admin-blog archive': ['id'],
  'admin-blog delete': ['id'],
};
const NOT_IDS = ['2147483648', '1e30', '-1', '1.5', 'abc', '9999999999', '0x1', '+1'];
/** Screens whose address names a row: which of the known ids it is. */
const ADDRESS: Record<string, keyof Known> = {
  'admin-lead-details': 'leadIds',
  'admin-customer': 'customerIds',
  'admin-inbox-conversation': 'customerIds',
};

const pickId = (r: Rng, ids: number[]) => (ids.length > 0 && r.chance(0.9) ? r.pick(ids) : 1 + r.int(50));

export type ScreenCase = {
  index: number;
  screen: string;
  intent: string;
  who: Who;
  params: Record<string, string>;
  fields: Fields;
  what: string[];
  /** the status the case must get: 400 for an id that is not one, named `idField` */
  expect?: number;
  idField?: string;
};

export type ScreenFinding = {
  case: ScreenCase;
  kind: 'failure' | 'hang' | 'unclear 4xx' | 'not the 400';
  text: string;
};

/** Case `index` of `seed`: always the same form. */
export function screenCase(seed: number, index: number, known: Known): ScreenCase {
  const r = createRng(Math.imul(seed ^ 0x2545f491, 0x9e3779b1) ^ Math.imul(index + 1, 0x27d4eb2f));
  const key = r.pick(Object.keys(FORMS).sort());
  const [screen, intent] = key.split(' ') as [string, string];
  const fields = FORMS[key]!(r, known);
  const what: string[] = [];
  const who: Who = r.chance(0.8) ? 'owner' : r.chance(0.7) ? 'staff' : 'nobody';
  const params: Record<string, string> = {};
  const address = ADDRESS[screen];
  if (address) {
    const ids = known[address] as number[];
    params.id = r.chance(0.85) ? String(pickId(r, ids)) : oddString(r).slice(0, 64);
    if (!/^\d+$/.test(params.id)) what.push(`address id ${JSON.stringify(params.id.slice(0, 20))}`);
  }
  const idFields = ID_FIELDS[key];
  // (as the owner: staff get the owner's screens' 403 before their form is read)
  if (idFields && who === 'owner' && what.length === 0 && r.chance(0.3)) {
    // the address names a row that exists: the inbox looks its conversation up before its form
    if (address && (known[address] as number[]).length > 0)
      params.id = String(r.pick(known[address] as number[]));
    const field = r.pick(idFields);
    fields[field] = r.pick(NOT_IDS);
    what.push(`${field} not an id`);
    return { index, screen, intent, who, params, fields, what, expect: 400, idField: field };
  }
  for (let n = 1 + r.int(2); n > 0; n--) {
    const names = Object.keys(fields);
    const roll = r.int(5);
    const name =
      names.length > 0 && roll < 4 ? r.pick(names) : r.pick(['extra', 'a.b.c', '__proto__', 'x'.repeat(300)]);
    if (roll === 0) delete fields[name];
    else if (roll === 1) fields[name] = '';
    else fields[name] = r.chance(0.2) ? 'x'.repeat(r.pick([1_001, 5_001, 17_000])) : oddString(r);
    what.push(roll === 0 ? `${name} dropped` : `${name.slice(0, 30)} odd`);
  }
  return { index, screen, intent, who, params, fields, what };
}

export type ScreenFuzzReport = {
  byIntent: Map<string, Map<string, number>>;
  findings: ScreenFinding[];
  cases: number;
};

/** Runs cases `from` to `from + count - 1` of `seed` against the screens over `services`. */
export async function fuzzScreens(options: {
  services: Services;
  deps: ServiceDeps;
  seed: number;
  count: number;
  known: Known;
  from?: number;
  hangMs?: number;
}): Promise<ScreenFuzzReport> {
  const { services, deps, seed, count, known, from = 0, hangMs = 10_000 } = options;
  const screens = await screensServingChanges();
  const doors = screenDoors(services, deps);
  const members = await services.team.list();
  const as = (role: 'owner' | 'staff') => {
    const m = members.find((x) => x.role === role) ?? members[0]!;
    // the session 'Your account' keeps (its changes end the others'): none of the fuzz's
    return { user: { id: m.id, username: m.username, displayName: m.displayName, role }, idHash: 'fuzz' };
  };
  const report: ScreenFuzzReport = { byIntent: new Map(), findings: [], cases: 0 };
  for (let index = from; index < from + count; index++) {
    const c = screenCase(seed, index, known);
    const module: ChangesScreen | undefined = screens[c.screen];
    if (!module) throw new Error(`no screen ${c.screen}: the screen fuzz's forms are out of date`);
    const session = c.who === 'nobody' ? null : as(c.who);
    const started = Date.now();
    let status: string;
    try {
      const answer = await doors.act(module, session, c.intent, c.fields, c.params);
      status = String(answer.status);
      const message = (answer.body as { message?: unknown }).message;
      if (Date.now() - started > hangMs) report.findings.push({ case: c, kind: 'hang', text: status });
      else if (c.expect !== undefined && answer.status !== c.expect)
        report.findings.push({ case: c, kind: 'not the 400', text: `${status} ${String(message)}` });
      else if (c.idField && message !== ROW_ID_MESSAGE && !answer.body.fieldErrors?.[c.idField]?.length)
        // the id's own words (ROW_ID_MESSAGE), or the field's (a supplier, an assignee that is none)
        report.findings.push({ case: c, kind: 'not the 400', text: JSON.stringify(answer.body) });
      else if (answer.status >= 400 && (typeof message !== 'string' || message.trim() === ''))
        report.findings.push({
          case: c,
          kind: 'unclear 4xx',
          text: JSON.stringify(answer.body).slice(0, 300),
        });
    } catch (err) {
      status = 'failure';
      report.findings.push({
        case: c,
        kind: 'failure',
        text: err instanceof Error ? (err.stack ?? err.message) : String(err),
      });
    }
    const key = `${c.screen} ${c.intent}`;
    const statuses = report.byIntent.get(key) ?? new Map<string, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    report.byIntent.set(key, statuses);
    report.cases++;
  }
  return report;
}

/** A case in words, to replay it. */
export function describeScreenCase(c: ScreenCase): string {
  const fields = JSON.stringify(c.fields, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length})` : v,
  );
  return `screen case ${c.index}: ${c.screen} intent=${c.intent} as ${c.who} ${JSON.stringify(c.params)} ${fields} (${c.what.join('; ')})`;
}

/** Every intent has a form here (a new intent fails the test until it has one). */
export async function intentsWithoutForms(): Promise<string[]> {
  const screens = await screensServingChanges();
  const intents = Object.entries(screens).flatMap(([name, m]) =>
    Object.keys(m.changes).map((i) => `${name} ${i}`),
  );
  return intents
    .filter((key) => !(key in FORMS))
    .concat(Object.keys(FORMS).filter((k) => !intents.includes(k)));
}
