/**
 * City pages in search results (issue 49 item 4): the owner's tool that was 'Generate SEO Pages'
 * on the leads board, in words a parts-shop owner reads. It asks which city × category pages are
 * shown to search engines (decision 0012: a place we have served, with enough of our parts) and
 * says how many; the sitemap lists exactly those.
 */
import { Loader2, MapPin } from 'lucide-react';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Refusal } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { CITY_PAGES_TEXT } from '#app/modules/marketing/indexability.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

export function CityPagesInSearch() {
  const fetcher = useStaffFetcher<ActionAnswer<{ count: number }>>(() => {});
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section aria-labelledby="settings-city-pages" className="mt-10 grid min-w-0 gap-3">
      <h2 id="settings-city-pages" className="text-xl font-semibold">
        {CITY_PAGES_TEXT.title}
      </h2>
      <p className="text-slate-700">{CITY_PAGES_TEXT.intro}</p>
      <div>
        <Button
          variant="outline"
          // a sentence of a button: it wraps on a phone instead of running off the screen
          className="h-auto min-h-11 whitespace-normal py-2 text-left"
          disabled={busy}
          onClick={() => void fetcher.submit({ intent: 'city-pages' }, { method: 'post' })}
        >
          {busy ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <MapPin className="h-4 w-4" aria-hidden="true" />
          )}
          {CITY_PAGES_TEXT.show}
        </Button>
      </div>
      <p role="status" className="text-slate-800">
        {answer?.ok ? CITY_PAGES_TEXT.shown(answer.count) : null}
      </p>
      <Refusal message={answer && !answer.ok ? answer.message : null} />
    </section>
  );
}
