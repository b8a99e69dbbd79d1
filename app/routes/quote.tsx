/**
 * The customer's private page (issue 28, decision 0125): `/q/<token>` from the request's
 * confirmation or a quote's text. It shows the request and the customer's own photos beside the
 * quote's options, and takes Accept, Decline, a question, or 'Ask for a new quote' as plain form
 * posts (no JavaScript needed; the page ships none). Rendered for its visitor every time: private,
 * no-store, noindex, never in the page cache (its handle). `?latest` shows the current quote to the
 * holder of a replaced one's link.
 */
import { data, redirect } from 'react-router';
import type { Route } from './+types/quote';
import type { QuoteRefusal } from '#app/components/quotes/quote-answers.tsx';
import { QuotePage, QuotePageMissing } from '#app/components/quotes/quote-page.tsx';
import { pageMeta } from '#app/components/site/seo.ts';
import { getAppContext, type AppLoadContext } from '#app/load-context.ts';
import { QUOTE_PAGE_TEXT } from '#app/modules/quotes/quote-page.ts';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '#app/modules/shared/idempotency.ts';
import type { PageHandle } from '#app/page-handle.ts';
import { bodyRefusal, formText, malformedForm, readForm, refusal, refuse } from '#app/staff.server.ts';

export const handle = { private: true, query: ['latest', 'asked'] } satisfies PageHandle;

const viewerOf = (app: AppLoadContext) => ({ staff: Boolean(app.session), ...app.client });

/** A refused link (404) or a client that tried too many (429): the page says so, with its status. */
function missing(err: unknown) {
  const refused = refusal(err);
  if (!refused) throw err;
  return data({ found: false as const, message: refused.message }, { status: refused.status });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const query = new URL(request.url).searchParams;
  try {
    const page = await app.services.quotes.page(params.token, viewerOf(app), {
      latest: query.has('latest'),
      // a person opening the page; a HEAD (a link checker) is not a view
      count: request.method === 'GET',
    });
    // the key the page's question is posted with: the same question again changes nothing (decision 0179)
    return { found: true as const, page, asked: query.has('asked'), formKey: newIdempotencyKey() };
  } catch (err) {
    return missing(err);
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  return pageMeta(args, {
    title: d?.found ? QUOTE_PAGE_TEXT.title(d.page.caseNumber) : 'Link not found',
    description: QUOTE_PAGE_TEXT.description,
    noindex: true,
  });
};

/** The page's forms, by their button's `intent`. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = getAppContext(context);
  const tooLarge = bodyRefusal(request, 16_384);
  if (tooLarge) return tooLarge;
  const form = await readForm(request);
  if (!form) return malformedForm();
  const intent = formText(form, 'intent');
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string'));
  const quotes = app.services.quotes;
  const viewer = viewerOf(app);
  try {
    if (intent === 'accept') await quotes.accept(params.token, fields, viewer);
    else if (intent === 'decline') await quotes.decline(params.token, fields, viewer);
    else if (intent === 'question')
      await quotes.ask(params.token, fields, viewer, formText(form, IDEMPOTENCY_FIELD));
    else if (intent === 'renew') await quotes.renew(params.token, viewer);
    else return refuse(400, 'Unknown action');
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return data(
      {
        ok: false as const,
        intent,
        message: refused.message,
        fieldErrors: refused.fieldErrors ?? {},
        fields,
      },
      { status: refused.status },
    );
  }
  // a new GET of the page shows the result (a reload posts nothing twice)
  return redirect(`/q/${params.token}${intent === 'question' ? '?asked' : ''}`, 303);
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <QuotePageMissing message={loaderData.message} />;
  // the action's own refusals carry the form's fields (a body refused unread does not)
  const refused = actionData && 'fields' in actionData ? (actionData as unknown as QuoteRefusal) : undefined;
  return (
    <QuotePage
      page={loaderData.page}
      asked={loaderData.asked}
      refused={refused}
      formKey={loaderData.formKey}
    />
  );
}
