/**
 * One customer (issue 30 item 1, decision 0161): name, company, fleet account, phone (call or
 * text) and e-mail, totals (spent, requests, first and last contact) and notes; the newest 20
 * requests ('Show all' for the rest) with their case number, part, status and price, those
 * requests' quote versions with their options and the one accepted and ordered parts with their
 * step and supplier, and the newest messages. 'Edit customer'
 * (name, company, notes, fleet account, 'Do not ask for reviews') and 'Merge with another customer'
 * (the one kept is chosen from a search of the customers list; the page then is the kept
 * customer's). A merged customer's page says so and links to the one kept; an unknown id is a 404
 * inside the back office. React Router's data flow (decision 0124): the loader reads the page
 * through the customers service (GET /api/customers/{id}), the action edits and merges: the changes
 * `customers.update` and `customers.merge` (server/changes/customers.ts, decision 0182).
 */
import { data, redirect } from 'react-router';
import type { Route } from './+types/admin-customer';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import { CustomerScreen } from '#app/components/customers/customer-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { CUSTOMER_TEXT, type CustomerPage } from '#app/modules/customers/customers.ts';
import { customerScreen } from '#app/modules/customers/screens.ts';
import { served, type ScreenChanges } from '#app/changes.ts';
import { refusal, serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.customer.name ?? CUSTOMER_TEXT.notFound,
    description: CUSTOMER_TEXT.subtitle,
    noindex: true,
  });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, session } = staffContext(context);
  // '?requests=all' shows every request; anything else the newest
  const requests = new URL(request.url).searchParams.get('requests') === 'all' ? 'all' : 'newest';
  try {
    const page: CustomerPage = await services.customers.page(params.id, { requests });
    // days and times are written here, on the server: the browser's time-zone data may differ
    // merging is the owner's unless the owner allows staff (Settings, decision 0204)
    return { ...customerScreen(page), mayMerge: services.shop.may(session.user, 'mergeCustomers') };
  } catch (err) {
    // no such customer (an old link, a typed address): 404 with the service's words; an address
    // whose id is not one: 400 with the id's (decision 0178)
    const refused = refusal(err);
    if (refused) throw data({ message: refused.message }, { status: refused.status });
    throw err;
  }
}

/**
 * `intent` 'update' (with `name`, `company`, `notes`, and the `fleet` and `noReviews` boxes, 'on'
 * when ticked); 'merge' (with `into`, the customer kept): then to the kept customer's page. The
 * customer is the address's (not an id: the service's 400; an id that names no customer: its 404).
 */
export const changes = {
  update: served('customers.update', { answer: () => ({}) }),
  merge: served('customers.merge', {
    answer: (kept) => {
      throw redirect(`/admin/customers/${kept.customer.id}`);
    },
  }),
} satisfies ScreenChanges;

export async function action({ request, context, params }: Route.ActionArgs) {
  // notes of 4,000 characters, each up to nine bytes once a form encodes them
  return serveChanges(context, request, changes, { maxBytes: 64 * 1024, params: { id: params.id } });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  // another customer (the kept one, after a merge) starts with its dialogs closed
  return <CustomerScreen key={loaderData.customer.id} {...loaderData} />;
}
