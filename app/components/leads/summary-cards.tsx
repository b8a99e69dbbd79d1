/**
 * The summary cards (product.md §2): clicks, today's leads, pending quotes, monthly revenue,
 * response. Monthly Revenue only when the summary has it: a staff member the owner has not allowed
 * to see money gets none from the server (decision 0204), and four cards then.
 */
import { Clock, DollarSign, FileClock, Inbox, MousePointerClick } from 'lucide-react';
import { cn } from '#app/components/ui/cn.ts';
import type { LeadStats } from '#app/modules/leads/lead-stats.ts';
import type { ClickStats } from '#app/modules/site/click.schema.ts';
import { formatMoney } from '#app/modules/site/money.ts';

function Card({
  title,
  value,
  note,
  icon: Icon,
}: {
  title: string;
  value: string;
  note: string;
  icon: typeof Clock;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-700">{title}</h2>
        <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </div>
      {/* a phone's half-width card fits $10,000.00 at text-xl; anything longer wraps, never overflows */}
      <p className="mt-2 text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{value}</p>
      <p className="mt-0.5 text-xs text-slate-600">{note}</p>
    </div>
  );
}

/**
 * `stats` may be partial: product.md §7 reads the stats with an empty object as the default. The
 * revenue is no such default: absent, it is not the viewer's to see, and its card is left out.
 */
export function SummaryCards({ stats, clicks }: { stats: Partial<LeadStats>; clicks: ClickStats }) {
  const revenue = stats.monthlyRevenue;
  return (
    // two a row on a phone (four cards: two full rows), all in one row from 1024 px
    <div
      className={cn('grid grid-cols-2 gap-3', revenue === undefined ? 'lg:grid-cols-4' : 'lg:grid-cols-5')}
    >
      <Card
        title="Quote Button Clicks"
        value={clicks.totalClicks.toLocaleString('en-CA')}
        note={`${clicks.todayClicks.toLocaleString('en-CA')} today`}
        icon={MousePointerClick}
      />
      <Card
        title="Today's Leads"
        value={String(stats.todayLeads ?? 0)}
        note="New requests today"
        icon={Inbox}
      />
      <Card
        title="Pending Quotes"
        value={String(stats.pendingQuotes ?? 0)}
        note="Need pricing"
        icon={FileClock}
      />
      {revenue !== undefined && (
        <Card
          title="Monthly Revenue"
          value={formatMoney(Math.round(revenue * 100))}
          note="This month"
          icon={DollarSign}
        />
      )}
      <Card
        title="Avg Response"
        value={`${stats.avgResponseTime ?? 18} min`}
        note="Response time"
        icon={Clock}
      />
    </div>
  );
}
