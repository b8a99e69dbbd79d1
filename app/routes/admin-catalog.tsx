/**
 * Catalog Management (product.md §2 'Catalog Management'; decision 0020): the items table with search,
 * status and category filters, 'Add New Item' and edit in one dialog, publish in one click, view
 * the public page, CSV export and import. React Router's data flow (decision 0124): the loader
 * gives the page of items for the filters in the address (?search=&status=&category=&page=) and
 * the categories; the action serves the catalog's declared changes (server/changes/catalog.ts,
 * decision 0182): create, update and publish, from the item dialog's form (decision 0183), which
 * POST /api/catalog and PATCH /api/catalog/{id} perform too; the CSV tools and picture uploads stay
 * on /api. The screen itself: app/components/catalog/admin/catalog-screen.tsx.
 */
import type { Route } from './+types/admin-catalog';
import { served, type ScreenChanges } from '#app/changes.ts';
import { settleAction } from '#app/components/admin/staff-fetcher.ts';
import {
  CATALOG_FILTERS,
  CatalogScreen,
  type CatalogFilter,
} from '#app/components/catalog/admin/catalog-screen.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { CATALOG_TEXT } from '#app/modules/catalog/catalog.ts';
import { catalogFormSchema, EMPTY_CATALOG_FORM, formToPayload } from '#app/modules/catalog/catalog.schema.ts';
import { serveChanges, staffContext } from '#app/staff.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: CATALOG_TEXT.adminTitle,
    description: 'Catalog items, prices and stock.',
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = staffContext(context);
  const params = new URL(request.url).searchParams;
  const query: Partial<Record<CatalogFilter, string>> = {};
  for (const name of CATALOG_FILTERS) {
    const value = params.get(name);
    if (value !== null) query[name] = value;
  }
  const [list, categories] = await Promise.all([
    services.catalog.listForStaff(query),
    services.reference.listCategories(),
  ]);
  return { list, categories };
}

/** The item form is small; the API takes at most the same (64 KB), and so does the action. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * A form field as text ('' when absent): app/staff.server.ts's `formText` is the server's, and this
 * reader ships to the browser with `changes`.
 */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The item dialog's fields as the one schema of the dialog reads them (`catalogFormSchema`: cost in
 * dollars, specifications as lines, a picture per `images` field), turned into the item docs/product.md
 * §7 gives (cost in cents) that the change takes: the screen's door converts, the API's takes cents
 * (decision 0182 'Catalog, blog, sign-in'). A field it refuses is refused in the one error shape
 * (400, its messages).
 */
function itemOf(form: FormData) {
  const values: Record<string, unknown> = {
    images: form.getAll('images').filter((v) => typeof v === 'string'),
  };
  for (const name of Object.keys(EMPTY_CATALOG_FORM)) if (name !== 'images') values[name] = text(form, name);
  const parsed = catalogFormSchema.safeParse(values);
  if (parsed.success) return { id: text(form, 'id'), ...formToPayload(parsed.data) };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.')] ??= []).push(issue.message);
  // thrown in the shape `serveChanges` answers (a service's AppError; the route cannot load its class)
  throw Object.assign(new Error(parsed.error.issues[0]!.message), {
    name: 'AppError',
    status: 400,
    fieldErrors,
  });
}

const itemAnswer = (item: object) => ({ item });

/**
 * The screen's intents: 'create' and 'update' (with the item's `id`) with the item dialog's fields,
 * 'publish' with the `id` (the item goes live). Each answers `{ ok: true, item }` or the refusal.
 */
export const changes = {
  create: served('catalog.create', { read: itemOf, answer: itemAnswer }),
  update: served('catalog.update', { read: itemOf, answer: itemAnswer }),
  publish: served('catalog.publish', { answer: itemAnswer }),
} satisfies ScreenChanges;

export async function action({ request, context }: Route.ActionArgs) {
  return serveChanges(context, request, changes, { maxBytes: MAX_BODY_BYTES });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => settleAction(serverAction());

export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  return <CatalogScreen {...loaderData} />;
}
