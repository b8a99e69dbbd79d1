/**
 * Insights (issue 16; docs/stats.md): how the business is doing over the last 30, 90 or 365 days,
 * in charts with a summary line and a data table each. The range is in the URL (?range=90d); the
 * loader calls the same service as GET /api/admin/insights, and a range is a link: React Router
 * loads the new range's figures, nothing is kept aside. 'Export Report' offers the lead CSV and
 * these figures as CSV (downloads from /api). The charts are drawn by the server as plain SVG
 * (decision 0138): their code comes with this route only, and the browser runs no chart library.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/admin-insights';
import { InsightsScreen } from '#app/components/insights/insights-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { DEFAULT_INSIGHT_RANGE, INSIGHTS_TEXT, isInsightRange } from '#app/modules/insights/insights.ts';
import { staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: INSIGHTS_TEXT.title, description: INSIGHTS_TEXT.subtitle, noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, session } = staffContext(context);
  const range = new URL(request.url).searchParams.get('range');
  // a range typed by hand that is not one of the three: show the default rather than an error
  if (range !== null && !isInsightRange(range)) throw redirect('/admin/insights');
  return { insights: await services.insights.insights(range ?? DEFAULT_INSIGHT_RANGE, session.user) };
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  return <InsightsScreen insights={loaderData.insights} />;
}
