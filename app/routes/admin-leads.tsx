/** Lead Management (SPEC §2 'Lead Management'). */
import type { Route } from './+types/admin-leads';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Lead Management', description: 'Requests, pricing and quotes.', noindex: true });

export default function AdminLeads() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Lead Management</h1>
      <p className="mt-1 text-slate-600">Requests, pricing and quotes.</p>
    </section>
  );
}
