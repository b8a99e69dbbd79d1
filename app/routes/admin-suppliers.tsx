/**
 * Suppliers (issue 29, decision 0150): whom staff buy parts from, with their phone, e-mail,
 * website, account number, usual lead time and notes; added and edited in a dialog, archived (never
 * deleted: old orders keep their supplier) and brought back. React Router's data flow (decision
 * 0124): the loader gives the list, the action saves through the orders service (the same calls as
 * /api/admin/suppliers).
 */
import type { Route } from './+types/admin-suppliers';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { SuppliersScreen } from '#app/components/orders/suppliers-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { formText, readActionForm, rowIdOf, staffAction, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Suppliers', description: 'Whom we buy parts from', noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  const archived = new URL(request.url).searchParams.get('archived') === '1';
  return { suppliers: await services.orders.suppliers.list({ archived }), archived };
}

const INTENTS = ['create', 'update', 'archive', 'restore'] as const;
const FIELDS = ['name', 'phone', 'email', 'website', 'accountNumber', 'leadTimeDays', 'notes'] as const;

/** `intent` 'create' or 'update' (with the supplier's fields), 'archive' or 'restore'; `id` but for 'create'. */
export async function action({ request, context }: Route.ActionArgs) {
  staffContext(context);
  const read = await readActionForm(request, { maxBytes: 16_384, intents: INTENTS });
  if (!read.ok) return read.refused;
  const { form, intent } = read;
  const fields = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
  if (fields.leadTimeDays === '') delete fields.leadTimeDays;
  return staffAction(context, async ({ services: { orders } }) => {
    switch (intent) {
      case 'create':
        return { supplier: await orders.suppliers.create(fields) };
      case 'update':
        return { supplier: await orders.suppliers.update(rowIdOf(formText(form, 'id')), fields) };
      default:
        return {
          supplier: await orders.suppliers.archive(rowIdOf(formText(form, 'id')), {
            archived: intent === 'archive',
          }),
        };
    }
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminSuppliers({ loaderData }: Route.ComponentProps) {
  return <SuppliersScreen {...loaderData} />;
}
