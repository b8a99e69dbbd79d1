/** Blog Management (SPEC §2 'Blog Management'). */
import type { Route } from './+types/admin-blog';
import { useClientAuth } from '#app/components/admin/use-client-auth.ts';
import { pageMeta } from '#app/components/site/seo.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Blog Management',
    description: 'Create and manage blog posts for the product',
    noindex: true,
  });

export default function AdminBlog() {
  const auth = useClientAuth();
  if (auth !== 'authenticated') {
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        {auth === 'checking' ? 'Checking authentication...' : 'Redirecting to login...'}
      </p>
    );
  }
  return (
    <section>
      <h1 className="text-2xl font-bold">Blog Management</h1>
      <p className="mt-1 text-slate-600">Create and manage blog posts for the product</p>
    </section>
  );
}
