/**
 * A lead's history (decision 0050): created, status changes, quotes, texts in for staff, and the
 * messages that are not part of the conversation with the customer (staff alerts), oldest first.
 * What the customer did on the quote page (issue 28) is told in words: the version sent with its
 * options, 'Viewed by the customer', the option accepted with the name, PO, where and on what in
 * words ('Chrome on Android at 203.0.113.7'; the raw address, browser string and the hash of what
 * was accepted behind a disclosure, decision 0195), 'Declined: {reason}', a question, a quote that expired. Issue 31:
 * a lead reopened (from lost, back to the status it left), a request taken by phone, and a price
 * staff set by hand, with the calculated price and the reason. Issue 29: an order's parts added,
 * moved a step, a step undone, details changed, its automatic texts switched.
 */
import { FOLLOW_UP_LABELS, type FollowUpKind } from '#app/modules/customers/follow-ups.ts';
import {
  ArrowRight,
  CheckCircle2,
  CircleDot,
  Clock,
  Eye,
  MessageSquare,
  Package,
  Receipt,
  RotateCcw,
  XCircle,
} from 'lucide-react';
import type { LeadDetails, LeadEvent } from '#app/modules/leads/lead-admin.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import { LINE_STEPS, stepLabel, type LineStep } from '#app/modules/orders/orders.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { businessDays } from '#app/modules/quotes/eta.ts';
import { formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import { useStaffName } from '#app/components/admin/staff-names.tsx';
import { useWhen, When } from '#app/components/admin/time-words.tsx';
import { businessTime } from '#app/modules/team/team.ts';
import { whereWords } from '#app/modules/shared/where.ts';
import { RawRecord } from '#app/components/admin/raw-record.tsx';

type Entry = {
  key: string;
  at: string;
  icon: typeof CircleDot;
  title: string;
  detail?: string;
  /** what the event recorded, label and value, in words (an acceptance's version, price, where) */
  facts?: [string, string][];
  /** what it recorded as it came, behind a disclosure (an acceptance's address, browser, hash) */
  raw?: [string, string][];
};

/** The disclosure of an acceptance's record as kept (decision 0195). */
const RAW_SUMMARY = 'Address, browser and content hash as recorded';

const label = (s: LeadStatus | null) => (s ? (STATUS_LABELS[s] ?? s) : '');
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

type QuotedOption = {
  label: string;
  sellPrice: number;
  etaDays: number;
  /** a price staff set by hand: the engine's price and why (issue 31) */
  override: { calculated: number; reason: string } | null;
};

/** The options a 'quote' event recorded (issue 28), or none for a quote of before. */
function quotedOptions(detail: LeadEvent['detail']): QuotedOption[] {
  const options = detail?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((o: unknown) => {
    const option = o as Record<string, unknown> | null;
    const price = num(option?.sellPrice);
    const calculated = num(option?.calculatedPrice);
    const reason = text(option?.priceReason);
    return price === undefined
      ? []
      : [
          {
            label: text(option?.label) ?? 'Option',
            sellPrice: price,
            etaDays: num(option?.etaDays) ?? 0,
            override: calculated !== undefined && reason ? { calculated, reason } : null,
          },
        ];
  });
}

/** 'Price set by hand: $150.00 instead of $162.50 (reason)' */
function overrideLine(option: QuotedOption, several: boolean): string | null {
  if (!option.override) return null;
  const what = several ? `${option.label}: price` : 'Price';
  return `${what} set by hand: ${formatMoney(option.sellPrice)} instead of ${formatMoney(option.override.calculated)} (${option.override.reason})`;
}

/** An event of the quote link, in words, or undefined for any other event. */
function quoteLinkEntry(
  e: LeadEvent,
  lead: LeadDetails,
  when: (at: string) => string,
): Omit<Entry, 'key' | 'at'> | undefined {
  const d = e.detail;
  const version = num(d?.version);
  if (e.type === 'quote' && version !== undefined) {
    const options = quotedOptions(d);
    if (options.length === 0) return undefined;
    return {
      icon: Receipt,
      title: `Quote sent (version ${version}: ${options.map((o) => `${o.label} ${formatMoney(o.sellPrice)}`).join(', ')})`,
      detail: [
        ...options.map((o) =>
          options.length > 1
            ? `${o.label}: ETA ${businessDays(o.etaDays)}`
            : `ETA ${businessDays(o.etaDays)}`,
        ),
        `by ${e.actor}`,
        ...options.flatMap((o) => overrideLine(o, options.length > 1) ?? []),
      ].join(' · '),
    };
  }
  if (e.type === 'viewed') {
    const current = version !== undefined && version === lead.quoteVersion && lead.quoteViews > 0;
    return {
      icon: Eye,
      title: 'Viewed by the customer',
      detail: [
        version !== undefined ? `Version ${version}` : null,
        current
          ? `${plural(lead.quoteViews, 'view')} so far${lead.quoteFirstViewedAt ? `, first ${when(lead.quoteFirstViewedAt)}` : ''}`
          : null,
      ]
        .filter(Boolean)
        .join(' · '),
    };
  }
  if (e.type === 'status' && e.toStatus === 'ordered' && text(d?.optionLabel)) {
    const name = text(d?.name);
    const po = text(d?.po);
    const price = num(d?.sellPrice);
    return {
      icon: CheckCircle2,
      title: `Accepted on the quote page: ${text(d?.optionLabel)}${name ? `, by ${name}` : ''}${po ? `, PO ${po}` : ''}`,
      facts: [
        ['Version', version !== undefined ? String(version) : '?'],
        ...(price !== undefined ? [['Price', formatMoney(price)] as [string, string]] : []),
        ['Where', whereWords({ address: text(d?.ip), userAgent: text(d?.userAgent) }) || 'unknown'],
      ],
      raw: [
        ['Address', text(d?.ip) ?? 'unknown'],
        ['Browser', text(d?.userAgent) ?? 'unknown'],
        ['Content hash (SHA-256)', text(d?.contentHash) ?? 'unknown'],
      ],
    };
  }
  if (e.type === 'status' && e.toStatus === 'lost' && version !== undefined) {
    return {
      icon: XCircle,
      title: `Declined: ${text(d?.reason) ?? 'no reason given'}`,
      detail: [`Version ${version} on the quote page`, text(d?.body)].filter(Boolean).join(' · '),
    };
  }
  if (e.type === 'reopened') {
    return {
      icon: RotateCcw,
      title: `Reopened: ${label(e.fromStatus)} → ${label(e.toStatus)}${e.actor ? ` by ${e.actor}` : ''}`,
      detail: text(d?.lostReason) ? `It was lost: ${text(d?.lostReason)}` : undefined,
    };
  }
  if (e.type === 'follow_up') {
    const kind = text(d?.kind);
    const what =
      kind && kind in FOLLOW_UP_LABELS ? FOLLOW_UP_LABELS[kind as FollowUpKind].title : 'Follow-up';
    return {
      icon: MessageSquare,
      title: `Follow-up text: ${what.toLowerCase()}`,
      detail: version !== undefined ? `Version ${version}` : undefined,
    };
  }
  if (e.type === 'review_request') {
    return { icon: MessageSquare, title: 'Review request texted' };
  }
  if (e.type === 'text_withheld') {
    return { icon: MessageSquare, title: 'Automatic text held back', detail: text(d?.body) };
  }
  if (e.type === 'question') {
    return { icon: MessageSquare, title: 'Question from the quote page', detail: text(d?.body) };
  }
  if (e.type === 'expired') {
    return {
      icon: Clock,
      title: 'Quote expired: back to qualified',
      detail: [version !== undefined ? `Version ${version}` : null, e.actor ? `by ${e.actor}` : null]
        .filter(Boolean)
        .join(' · '),
    };
  }
  return undefined;
}

/** An event of the order's parts (issue 29), in words, or undefined for any other event. */
function orderEntry(e: LeadEvent): Omit<Entry, 'key' | 'at'> | undefined {
  const d = e.detail;
  const part = text(d?.part) ?? 'A part';
  const by = e.actor ? ` by ${e.actor}` : '';
  const handover = d?.handover === 'delivery' ? 'delivery' : 'pickup';
  const step = (v: unknown) =>
    (LINE_STEPS as readonly unknown[]).includes(v) ? stepLabel(v as LineStep, handover) : '?';
  switch (e.type) {
    case 'line_added':
      return { icon: Package, title: `Part added: ${part}${by}` };
    case 'line_step':
      return { icon: Package, title: `${part}: ${step(d?.from)} → ${step(d?.to)}${by}` };
    case 'line_undo':
      return { icon: RotateCcw, title: `${part}: step undone, back to ${step(d?.to)}${by}` };
    case 'line_changed': {
      const changes = Array.isArray(d?.changes)
        ? (d.changes as unknown[]).filter((c) => typeof c === 'string')
        : [];
      return {
        icon: Package,
        title: `${part}: details changed${by}`,
        detail: [
          changes.length ? `Changed: ${changes.join(', ')}` : null,
          text(d?.why) && `Why: ${text(d?.why)}`,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    }
    case 'auto_texts':
      return { icon: MessageSquare, title: `Automatic texts switched ${d?.on ? 'on' : 'off'}${by}` };
    default:
      return undefined;
  }
}

/** `when`: an instant's words, the server's (app/components/admin/time-words.tsx). */
export function timelineEntries(
  lead: LeadDetails,
  when: (at: string) => string = businessTime,
  // who a record names, by display name (decision 0201; app/components/admin/staff-names.tsx)
  who: (actor: string) => string = (actor) => actor,
): Entry[] {
  const events = lead.events.map((e) => (e.actor ? { ...e, actor: who(e.actor) } : e));
  lead = { ...lead, events };
  const entries: Entry[] = lead.events.map((e) => {
    const by = e.actor ? ` by ${e.actor}` : '';
    const quoteLink = quoteLinkEntry(e, lead, when) ?? orderEntry(e);
    if (quoteLink) return { key: `e${e.id}`, at: e.createdAt, ...quoteLink };
    if (e.type === 'created') {
      const photos = num(e.detail?.photos) ?? 0;
      return {
        key: `e${e.id}`,
        at: e.createdAt,
        icon: CircleDot,
        title: `Request received${e.detail?.source === 'sms' ? ' by text' : e.detail?.source === 'phone' ? ` by phone, entered by ${e.actor}` : ''}`,
        detail: photos ? `${photos} photo${photos === 1 ? '' : 's'}` : undefined,
      };
    }
    if (e.type === 'quote') {
      const price = num(e.detail?.sellPrice);
      const markup = num(e.detail?.markupPct);
      const eta = num(e.detail?.etaDays);
      return {
        key: `e${e.id}`,
        at: e.createdAt,
        icon: Receipt,
        title: `Quote sent${by}`,
        detail: [
          price !== undefined ? formatMoney(price) : null,
          markup !== undefined ? `markup ${formatPercent(markup)}` : null,
          eta !== undefined ? `ETA ${businessDays(eta)}` : null,
          typeof e.detail?.difficulty === 'string' ? `${e.detail.difficulty} difficulty` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    }
    if (e.type === 'status') {
      return {
        key: `e${e.id}`,
        at: e.createdAt,
        icon: ArrowRight,
        title: `${label(e.fromStatus)} → ${label(e.toStatus)}${by}`,
        detail: typeof e.detail?.reason === 'string' ? `Reason: ${e.detail.reason}` : undefined,
      };
    }
    const body = typeof e.detail?.body === 'string' ? e.detail.body : undefined;
    return {
      key: `e${e.id}`,
      at: e.createdAt,
      icon: e.type.includes('message') || body ? MessageSquare : CircleDot,
      title: e.type.replace(/[_-]/g, ' ').replace(/^./, (c) => c.toUpperCase()) + by,
      detail: body,
    };
  });
  // messages to the customer are in the Conversation; the history keeps the others (staff alerts)
  const inConversation = new Set(lead.conversation.map((m) => m.key));
  for (const m of lead.messages) {
    if (inConversation.has(`out-${m.id}`)) continue;
    entries.push({
      key: `m${m.id}`,
      at: m.createdAt,
      icon: MessageSquare,
      title: `${m.channel === 'sms' ? `Text to ${formatPhone(m.recipient)}` : `E-mail to ${m.recipient}`} (${m.status})`,
      detail: m.channel === 'sms' ? m.body : m.body.split('\n')[0],
    });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}

export function LeadTimeline({ lead }: { lead: LeadDetails }) {
  const entries = timelineEntries(lead, useWhen(), useStaffName());
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.key} className="flex gap-3 text-sm">
          <entry.icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{entry.title}</p>
            <p className="text-xs text-slate-600">
              <When at={entry.at} />
            </p>
            {entry.detail && (
              <p className="mt-0.5 whitespace-pre-line break-words text-slate-700">{entry.detail}</p>
            )}
            {entry.facts && (
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
                {entry.facts.map(([name, value]) => (
                  <div key={name} className="contents">
                    <dt className="text-slate-600">{name}</dt>
                    <dd className="wrap-anywhere text-slate-800">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {entry.raw && <RawRecord summary={RAW_SUMMARY} facts={entry.raw} />}
          </div>
        </li>
      ))}
    </ol>
  );
}
