/**
 * The audit log as the owner reads it (issue 30 item 5, decision 0160): each action in words, the
 * subject by name, before and after as a sentence fragment ('New → Qualified', '$100.00 →
 * $120.00'), and the screen's filters as an address (/admin/audit?actor=&action=&from=&until=,
 * `before=` for older entries). Pure: the entries are the server's (server/db/repo/audit.ts).
 */
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import { caseNumberFor, type LeadStatus } from '#app/modules/leads/leads.ts';
import { whereWords } from '#app/modules/shared/where.ts';
import { formatMoney } from '#app/modules/site/money.ts';
import { businessTime, ROLE_LABELS, type Role, type TeamMember } from './team.ts';

export type AuditRecord = {
  id: number;
  /** ISO time */
  at: string;
  userId: number | null;
  /** a username (as typed, for a failed sign-in), or 'customer (quote page)' and the like */
  actor: string;
  action: string;
  /** 'lead:12', 'user:3', 'catalog:7' */
  subject: string | null;
  before: unknown;
  after: unknown;
};

/** An entry as the screen lists it: its time in words, written by the server (`businessTime`). */
export type AuditRow = AuditRecord & { when: string };

export function auditRow(entry: AuditRecord): AuditRow {
  return { ...entry, when: businessTime(entry.at) };
}

/** Every action the log writes, in the owner's words, in the order the Action filter lists them. */
export const AUDIT_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  lead_status: 'Lead status',
  quote_price: 'Quote price',
  catalog_price: 'Catalog price',
  user_added: 'Staff member added',
  user_disabled: 'Disabled',
  user_enabled: 'Turned back on',
  password_reset: 'Password reset',
  user_renamed: 'Renamed',
  display_name_changed: 'Own name changed',
  password_changed: 'Own password changed',
  signed_out_elsewhere: 'Signed out everywhere else',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  customer_updated: 'Customer changed',
  customer_merged: 'Customers merged',
  customer_same_person: 'Same person',
  customer_different_person: 'Different person',
  conversation_assigned: 'Conversation assigned',
  settings_changed: 'Settings changed',
} as const;

export const AUDIT_TEXT = {
  title: 'Audit log',
  subtitle: 'Who changed what, and when, newest first. Times are Winnipeg time.',
  person: 'Person',
  action: 'Action',
  from: 'From',
  until: 'Until',
  anyAction: 'Any action',
  show: 'Show entries',
  clear: 'Clear filters',
  older: 'Older entries',
  newest: 'Newest entries',
  none: 'No entries.',
  noneFiltered: 'No entries match these filters.',
  personHint: 'A username, as it was typed',
  /** the disclosure of a sign-in's raw address and browser string */
  raw: 'Address and browser as recorded',
} as const;

/** An action in words: the known ones by AUDIT_ACTIONS, any other with its underscores as spaces. */
export function actionLabel(action: string): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS];
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Who made an entry, by display name (decision 0201): the account's current name when the entry
 * is an account's (its user id, or the username it kept), else the actor as written (a failed
 * sign-in's typed name, 'ADMIN_PASSWORD at start', 'customer'). The raw record keeps the username.
 */
export function actorOf(
  entry: { actor: string; userId?: number | null },
  members: readonly Pick<TeamMember, 'id' | 'username' | 'displayName'>[],
): string {
  const member = members.find((m) => m.username === entry.actor);
  return member ? member.displayName : entry.actor;
}

/** What an entry was done to, by name where the screen knows it, with a link where there is one. */
export function subjectOf(
  subject: string | null,
  members: readonly Pick<TeamMember, 'id' | 'username' | 'displayName'>[],
): { text: string; href?: string } | null {
  if (!subject) return null;
  const match = /^([a-z_]+):(\d+)$/.exec(subject);
  if (!match) return { text: subject };
  const [, kind, id] = match as unknown as [string, string, string];
  switch (kind) {
    case 'lead':
      // by its case number, as every other screen names it (issue 48 item 7)
      return { text: caseNumberFor(Number(id)), href: `/admin/leads/${id}` };
    case 'user': {
      const member = members.find((m) => m.id === Number(id));
      return { text: member ? `${member.displayName} (${member.username})` : `Account ${id}` };
    }
    case 'catalog':
      return { text: `Catalog item ${id}` };
    case 'customer':
      return { text: `Customer ${id}`, href: `/admin/customers/${id}` };
    default:
      return { text: subject };
  }
}

/** Every leaf of a value by its path ('followUps.viewed.on'), for comparing two of them. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value))
      for (const [p, leaf] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, leaf);
  } else if (path) out.set(path, value);
  return out;
}

/** What changed between two values, leaf by leaf: 'fleet: false → true; notes changed'. */
function differences(before: unknown, after: unknown): string {
  const a = leaves(before);
  const b = leaves(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])].filter(
    (k) => b.has(k) && JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k)),
  );
  return keys
    .map((k) => {
      const [from, to] = [plain(a.get(k)), plain(b.get(k))];
      // long words (a text's wording, notes) are named, not quoted
      return from.length > 40 || to.length > 40 ? `${k} changed` : `${k}: ${from || '—'}${ARROW}${to || '—'}`;
    })
    .join('; ');
}

const ARROW = ' → ';

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

const money = (cents: unknown, none: string) => (typeof cents === 'number' ? formatMoney(cents) : none);

function statusWord(status: unknown): string {
  if (typeof status !== 'string') return '—';
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as LeadStatus] : status;
}

/** Any value in words: 'key: value, key: value'; nothing at all is ''. */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(plain).join('; ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${plain(v)}`)
    .join(', ');
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A sign-in's address: as the request came (`ip`), else the client's key it was counted under. */
const addressOf = (after: unknown) => str(field(after, 'ip')) ?? str(field(after, 'client'));

/**
 * What an entry recorded that a person does not read but may need (issue 48 item 7, decision
 * 0195): a sign-in's raw address and browser string, shown behind a disclosure; null for none.
 */
export function rawRecordOf(entry: Pick<AuditRecord, 'action' | 'after'>): [string, string][] | null {
  if (entry.action !== 'sign_in' && entry.action !== 'sign_in_failed') return null;
  const facts: [string, string][] = [];
  const address = addressOf(entry.after);
  const browser = str(field(entry.after, 'userAgent'));
  if (address) facts.push(['Address', address]);
  if (browser) facts.push(['Browser', browser]);
  return facts.length ? facts : null;
}

/** 'before → after', or only the side there is. */
function change(before: string, after: string): string {
  if (!before) return after;
  if (!after) return before;
  return before + ARROW + after;
}

/** An entry's before and after in words ('' when it has none worth saying). */
export function changeOf(entry: Pick<AuditRecord, 'action' | 'before' | 'after'>): string {
  const { before, after } = entry;
  switch (entry.action) {
    case 'sign_in':
    case 'sign_in_failed': {
      const where = whereWords({ address: addressOf(after), userAgent: str(field(after, 'userAgent')) });
      const passkey = field(after, 'with') === 'passkey' ? 'With a passkey' : '';
      return [passkey, where ? `From ${where}` : ''].filter(Boolean).join(', ');
    }
    case 'lead_status': {
      const reason = field(after, 'reason');
      const moved = statusWord(field(before, 'status')) + ARROW + statusWord(field(after, 'status'));
      return typeof reason === 'string' && reason ? `${moved} (${reason})` : moved;
    }
    case 'quote_price': {
      const options = field(after, 'options');
      const version = field(after, 'version');
      const prices = Array.isArray(options)
        ? options
            .map((o) => `${plain(field(o, 'label'))} ${money(field(o, 'sellPrice'), '—')}`.trim())
            .join('; ')
        : plain(after);
      const sent = typeof version === 'number' ? `Version ${version}: ${prices}` : prices;
      return money(field(before, 'sellPrice'), 'No quote') + ARROW + sent;
    }
    case 'catalog_price':
      return money(field(before, 'price'), 'No price') + ARROW + money(field(after, 'price'), 'No price');
    case 'user_added': {
      const role = field(after, 'role');
      const who = `${plain(field(after, 'displayName'))} (${plain(field(after, 'username'))})`;
      return typeof role === 'string' && Object.hasOwn(ROLE_LABELS, role)
        ? `${who}, ${ROLE_LABELS[role as Role]}`
        : who;
    }
    case 'user_disabled':
      return `Active${ARROW}Disabled`;
    case 'user_enabled':
      return `Disabled${ARROW}Active`;
    case 'password_reset':
      return '';
    case 'user_renamed':
    case 'display_name_changed':
      return change(plain(field(before, 'displayName')), plain(field(after, 'displayName')));
    case 'password_changed':
    case 'signed_out_elsewhere': {
      const ended = field(after, 'sessionsEnded');
      return typeof ended === 'number'
        ? `${ended === 1 ? '1 other session' : `${ended} other sessions`} ended`
        : '';
    }
    case 'passkey_added':
      return plain(field(after, 'name'));
    case 'passkey_removed':
      return plain(field(before, 'name'));
    case 'customer_updated':
    case 'settings_changed':
      return differences(before, after);
    case 'customer_merged': {
      const merged = field(before, 'merged');
      return `${plain(field(merged, 'name'))} merged in (${plain(field(after, 'leads'))} requests in all)`;
    }
    // a request under another name (decision 0193)
    case 'customer_same_person':
      return `${plain(field(after, 'customer'))} is also ${plain(field(before, 'requestName'))} (${plain(field(before, 'lead'))})`;
    case 'customer_different_person':
      return `${plain(field(before, 'lead'))} moved from ${plain(field(before, 'customer'))} to ${plain(field(after, 'customer'))}, a new customer`;
    case 'conversation_assigned': {
      const name = (side: unknown) =>
        field(side, 'userId') === null ? 'Nobody' : plain(field(side, 'name'));
      return name(before) + ARROW + name(after);
    }
    default:
      return change(plain(before), plain(after));
  }
}

/** The filters the screen keeps in its address, in the order it writes them. */
export const AUDIT_FILTERS = ['actor', 'action', 'from', 'until'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

/** The filters of an address (only those it has, as written), and where its page starts. */
export function auditQueryOf(params: URLSearchParams): { filters: AuditFilters; before: string | null } {
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  const before = params.get('before');
  return { filters, before: before === '' ? null : before };
}

/** The screen's address for these filters (the empty ones left out), from `before` when given. */
export function auditHref(filters: AuditFilters, before?: number | string | null): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTERS) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  if (before !== undefined && before !== null && before !== '') params.set('before', String(before));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
}
