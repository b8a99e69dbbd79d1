/** Home (SPEC §2 'Home'). */
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { cityPagePath } from '#app/components/site/nav-links.ts';
import { pageMeta } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { cities: await getAppContext(context).services.reference.listCities() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Heavy Duty Parts Across Manitoba',
    description:
      'Same-day quotes on heavy equipment, truck, trailer and ag parts across Manitoba. Text a photo of your part and get a price and an ETA from a real person.',
    keywords: ['heavy duty parts Manitoba', 'truck parts', 'trailer parts', 'ag parts', 'parts sourcing'],
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Heavy Duty Parts Across Manitoba
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            Text us a photo of the part you need. A real person replies with a price and an ETA.
          </p>
        </div>
      </section>
      <section id="service-areas" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-2xl font-bold">We Serve All of Manitoba</h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {loaderData.cities.map((city) => (
            <li key={city.slug}>
              <Link
                to={cityPagePath(city.slug)}
                className="block rounded-lg border border-slate-200 px-4 py-3 font-medium hover:border-accent hover:text-accent"
              >
                {city.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
