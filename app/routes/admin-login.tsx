/** Admin Login (SPEC §2 'Admin Login'). */
import type { Route } from './+types/admin-login';
import { PagePlaceholder } from '#app/components/site/page-placeholder.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Admin Login', description: 'Staff sign-in for the back office.', noindex: true });

export default function Page() {
  return (
    <PagePlaceholder title="Admin Login">
      <p>Staff sign-in for the back office.</p>
    </PagePlaceholder>
  );
}
