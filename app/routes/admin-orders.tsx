/**
 * Orders (issue 29, decision 0150): every open order's parts, those that need staff first (past
 * their promised date, ready and not collected for over 3 days, still to order a business day on),
 * then by step (each step's oldest 20, or all of one); each row opens its lead and moves its part one step with one press, or takes the
 * last step back. React Router's data flow (decision 0124): the loader gives the board, the action
 * moves a line: the changes `orders.moveLine` and `orders.undoLine` (server/changes/orders.ts, decision
 * 0182), which the Lead Details dialog's parts perform too.
 */
import type { Route } from './+types/admin-orders';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { OrdersScreen } from '#app/components/orders/orders-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { LINE_STEPS } from '#app/modules/orders/orders.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { serveChanges, staffContext } from '#app/staff.server.ts';

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
export const changes = {
  step: served('orders.moveLine', { answer: (moved) => ({ line: moved.id }) }),
  undo: served('orders.undoLine', { answer: (moved) => ({ line: moved.id }) }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: 4_096 });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen {...loaderData} />;
}
