/**
 * A photo of the customer's request, for their private page (routes/quote.tsx): `/q/<token>/photos/<n>`,
 * the n-th photo from 1, as stored, or `?preview` for the small copy the page's tiles show. The
 * same link rules as the page (a wrong token 404, many 429); kept by the customer's browser only
 * (private), since lead photos are never public.
 */
import type { Route } from './+types/quote-photo';
import { getAppContext } from '#app/load-context.ts';
import type { PageHandle } from '#app/page-handle.ts';
import { refusal } from '#app/staff.server.ts';

export const handle = { private: true, query: ['preview'] } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getAppContext(context);
  try {
    const photo = await app.services.quotes.photo(
      params.token,
      Number(params.n),
      { staff: Boolean(app.session), ...app.client },
      // the page's tiles: a small copy, made as it is asked for (decision 0171)
      { preview: new URL(request.url).searchParams.has('preview') },
    );
    return new Response(new Uint8Array(photo.data), {
      headers: {
        'Content-Type': photo.contentType,
        'Cache-Control': 'private, max-age=3600',
        'X-Robots-Tag': 'noindex',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    const refused = refusal(err);
    if (!refused) throw err;
    return new Response(refused.message, {
      status: refused.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
}
