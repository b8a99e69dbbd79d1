/**
 * Suppliers (issue 29, decision 0150): whom staff buy parts from, with their phone, e-mail,
 * website, account number, usual lead time and notes; added and edited in a dialog, archived (never
 * deleted: old orders keep their supplier) and brought back. React Router's data flow (decision
 * 0124): the loader gives the list, the action performs the suppliers' changes (server/changes/orders.ts,
 * decision 0182).
 */
import type { Route } from './+types/admin-suppliers';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { SuppliersScreen } from '#app/components/orders/suppliers-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Suppliers', description: 'Whom we buy parts from', noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  const archived = new URL(request.url).searchParams.get('archived') === '1';
  return { suppliers: await services.orders.suppliers.list({ archived }), archived };
}

/** A supplier as the dialog saved it, or as archived or brought back. */
const supplier = (saved: object) => ({ supplier: saved });

/** `intent` 'create' or 'update' (with the supplier's fields), 'archive' or 'restore'; `id` but for 'create'. */
export const changes = {
  create: served('suppliers.create', { answer: supplier }),
  update: served('suppliers.update', { answer: supplier }),
  archive: served('suppliers.archive', { input: { archived: true }, answer: supplier }),
  restore: served('suppliers.archive', { input: { archived: false }, answer: supplier }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: 16_384 });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminSuppliers({ loaderData }: Route.ComponentProps) {
  return <SuppliersScreen {...loaderData} />;
}
