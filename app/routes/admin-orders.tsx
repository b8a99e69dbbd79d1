/**
 * Orders (issue 29, decision 0150): every open order's parts, those that need staff first (past
 * their promised date, ready and not collected for over 3 days, still to order a business day on),
 * then by step (each step's oldest 20, or all of one); each row opens its lead and moves its part one step with one press, or takes the
 * last step back. React Router's data flow (decision 0124): the loader gives the board, the action
 * moves a line through the orders service (the same calls as /api/leads/{id}/lines/…).
 */
import type { Route } from './+types/admin-orders';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { OrdersScreen } from '#app/components/orders/orders-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { LINE_STEPS } from '#app/modules/orders/orders.ts';
import { formText, readActionForm, rowIdOf, staffAction, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Orders',
    description: 'Parts ordered for customers, step by step',
    noindex: true,
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  // ?show=<step>: that step's lines whole (up to 500), the others their oldest 20
  const show = new URL(request.url).searchParams.get('show');
  const step = LINE_STEPS.find((s) => s === show);
  return { board: await services.orders.board({ show: step }), show: step ?? null };
}

/** `intent` 'step' (with `to`) or 'undo', for the part `line` of the lead `lead` at `revision`. */
export async function action({ request, context }: Route.ActionArgs) {
  staffContext(context);
  const read = await readActionForm(request, { maxBytes: 4_096, intents: ['step', 'undo'] });
  if (!read.ok) return read.refused;
  const { form, intent } = read;
  const body = { to: formText(form, 'to'), revision: formText(form, 'revision') };
  return staffAction(context, async ({ services: { orders }, session }) => {
    const actor = session.user.username;
    const [lead, line] = [rowIdOf(formText(form, 'lead')), rowIdOf(formText(form, 'line'))];
    const moved =
      intent === 'step'
        ? await orders.moveLine(lead, line, body, actor)
        : await orders.undoLine(lead, line, body, actor);
    return { line: moved.id };
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen {...loaderData} />;
}
