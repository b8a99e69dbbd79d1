/**
 * The audit log (issue 30 item 5, decision 0160), the owner's alone: who signed in or failed to,
 * who moved a lead, priced a quote or changed a catalog price, who added, disabled or turned back
 * on an account or reset its password; newest first, a hundred at a time ('Older entries'),
 * filtered by person, action and day, all kept in the address (?actor=&action=&from=&until=,
 * ?before=). The loader reads it through the team service (no /api of its own, decision 0182); a
 * filter the log does not know shows the service's words above an empty list. Staff get a 403,
 * 'Only the owner can do this.' (`ownerContext`).
 */
import { data } from 'react-router';
import type { Route } from './+types/admin-audit';
import { pageMeta } from '#app/components/site/seo.ts';
import { AuditScreen } from '#app/components/team/audit-screen.tsx';
import { AUDIT_TEXT, auditQueryOf, auditRow, type AuditRecord } from '#app/modules/team/audit.ts';
import { ownerContext, refusal } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: AUDIT_TEXT.title, description: 'Who changed what, and when', noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = ownerContext(context);
  const { filters, before } = auditQueryOf(new URL(request.url).searchParams);
  // the accounts name the subjects ('user:3') and fill the Person filter's suggestions
  const members = await services.team.list();
  const shown = { filters, before, members };
  try {
    const log: { entries: AuditRecord[]; next: number | null } = await services.team.audit({
      ...filters,
      ...(before === null ? {} : { before }),
    });
    // times are written here, on the server: the browser's time-zone data may differ
    return { ...shown, entries: log.entries.map(auditRow), next: log.next, error: null };
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data({ ...shown, entries: [], next: null, error: refused.message }, { status: refused.status });
  }
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditScreen {...loaderData} />;
}
