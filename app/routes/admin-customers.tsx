/**
 * Customers (issue 30 item 1, decision 0161): everyone who has asked for a part, searched by name,
 * company, phone or e-mail and sorted by last contact or total spent, 50 at a time ('More
 * customers'), all kept in the address (?search=&sort=&after=); each row opens the customer's page.
 * React Router's data flow (decision 0124): the loader reads the list through the customers service
 * (it has no /api of its own, decision 0182); a search or sort the service refuses shows its words
 * above an empty list (status 400), not the error page. The customer page's merge dialog loads
 * this loader with a fetcher to find the customer to keep.
 */
import { data } from 'react-router';
import type { Route } from './+types/admin-customers';
import { CustomersScreen } from '#app/components/customers/customers-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { CUSTOMER_TEXT, type CustomerSort, type CustomerSummary } from '#app/modules/customers/customers.ts';
import { customerRow, type CustomerRow } from '#app/modules/customers/screens.ts';
import { refusal, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: CUSTOMER_TEXT.title, description: CUSTOMER_TEXT.subtitle, noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  const params = new URL(request.url).searchParams;
  const query = {
    search: params.get('search') ?? '',
    sort: params.get('sort') ?? '',
    after: params.get('after') ?? '',
  };
  const shown = { query };
  try {
    const list: { customers: CustomerSummary[]; next: string | null } = await services.customers.list({
      ...(query.search ? { search: query.search } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.after ? { after: query.after } : {}),
    });
    // days are written here, on the server: the browser's time-zone data may differ
    return { ...shown, customers: list.customers.map(customerRow), next: list.next, error: null };
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data(
      { ...shown, customers: [] as CustomerRow[], next: null, error: refused.message },
      { status: refused.status },
    );
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, ...rest } = loaderData;
  return (
    <CustomersScreen
      {...rest}
      search={query.search}
      sort={query.sort as CustomerSort | ''}
      after={query.after}
    />
  );
}
