/**
 * A lead's history (decision 0050): created, status changes, quotes, texts in for staff, and the
 * messages that are not part of the conversation with the customer (staff alerts), oldest first.
 */
import { ArrowRight, CircleDot, MessageSquare, Receipt } from 'lucide-react';
import type { LeadDetails } from '#app/modules/leads/lead-admin.ts';
import { STATUS_LABELS } from '#app/modules/leads/status.ts';
import type { LeadStatus } from '#app/modules/leads/leads.ts';
import { formatMoney, formatPercent } from '#app/modules/site/money.ts';
import { formatDateTime } from './lead-labels.ts';

type Entry = { key: string; at: string; icon: typeof CircleDot; title: string; detail?: string };

const label = (s: LeadStatus | null) => (s ? (STATUS_LABELS[s] ?? s) : '');
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

export function timelineEntries(lead: LeadDetails): Entry[] {
  const entries: Entry[] = lead.events.map((e) => {
    const by = e.actor ? ` by ${e.actor}` : '';
    if (e.type === 'created') {
      const photos = num(e.detail?.photos) ?? 0;
      return {
        key: `e${e.id}`,
        at: e.createdAt,
        icon: CircleDot,
        title: `Request received${e.detail?.source === 'sms' ? ' by text' : ''}`,
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
          eta !== undefined ? `ETA ${eta} days` : null,
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
      title: `${m.channel === 'sms' ? 'Text' : 'E-mail'} to ${m.recipient} (${m.status})`,
      detail: m.channel === 'sms' ? m.body : m.body.split('\n')[0],
    });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}

export function LeadTimeline({ lead }: { lead: LeadDetails }) {
  const entries = timelineEntries(lead);
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.key} className="flex gap-3 text-sm">
          <entry.icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{entry.title}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.detail && <p className="mt-0.5 break-words text-slate-700">{entry.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
