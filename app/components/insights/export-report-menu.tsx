/**
 * 'Export Report' (product.md §2 Lead Management; issue 16): a menu with the CSV of every lead and the
 * insights of a range as CSV. Not modal and not in a portal, so the page stays readable and the
 * menu stays inside <main> while it is open.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download } from 'lucide-react';
import { buttonVariants } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { INSIGHTS_TEXT, RANGE_LABELS, type InsightRange } from '#app/modules/insights/insights.ts';
import { LEADS_TEXT } from '#app/modules/leads/lead-admin.ts';

const ITEM =
  'flex min-h-11 cursor-pointer items-center rounded px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/** `ranges`: the insights offered, one entry each (the insights page offers its chosen range). */
export function ExportReportMenu({ ranges }: { ranges: readonly InsightRange[] }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={cn(buttonVariants({ variant: 'outline' }), 'self-start')}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {LEADS_TEXT.exportReport}
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <Menu.Item asChild className={ITEM}>
          <a href="/api/leads/export.csv" download>
            {INSIGHTS_TEXT.exportLeads}
          </a>
        </Menu.Item>
        {ranges.map((range) => (
          <Menu.Item key={range} asChild className={ITEM}>
            <a href={`/api/admin/insights.csv?range=${range}`} download>
              Insights, {RANGE_LABELS[range].toLowerCase()} (CSV)
            </a>
          </Menu.Item>
        ))}
      </Menu.Content>
    </Menu.Root>
  );
}
