/** 'We Serve All of Manitoba' (product.md §2 Home): the first 14 cities as cards and the '& N+ more' card. */
import { MapPin } from 'lucide-react';
import { cityGrid } from '#app/modules/marketing/city-grid.ts';
import type { City } from '#app/modules/site/reference.ts';
import { cityPagePath } from '../site/nav-links.ts';

/** `labelledBy`: the id of the heading that names the list (a plain list takes no aria-label). */
export function CityGrid({ cities, labelledBy }: { cities: readonly City[]; labelledBy?: string }) {
  const { shown, moreLabel } = cityGrid(cities);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-labelledby={labelledBy}>
      <CityCards shown={shown} moreLabel={moreLabel} />
    </ul>
  );
}

function CityCards({ shown, moreLabel }: { shown: City[]; moreLabel: string }) {
  return (
    <>
      {shown.map((city) => (
        <li key={city.slug}>
          <a
            href={cityPagePath(city.slug)}
            className="group flex h-full min-h-16 items-start gap-2 rounded-lg border border-slate-200 bg-white px-3 py-3 shadow-sm transition-colors hover:border-accent"
          >
            <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900 group-hover:text-accent">{city.name}</span>
              <span className="block text-xs text-slate-600">{city.region}</span>
            </span>
          </a>
        </li>
      ))}
      <li
        className="col-span-2 flex min-h-16 items-center justify-center rounded-lg border border-dashed sm:col-span-1 border-slate-300 bg-slate-50 px-3 py-3 font-semibold text-slate-700"
        data-testid="more-cities"
      >
        {moreLabel}
      </li>
    </>
  );
}
