/**
 * City × category landing page (product.md §2 'City-category page'): server-built title, heading and
 * description; featured items; common uses; four FAQs (also FAQPage structured data); the region
 * blurb; links to the communities near it, the hub cities, its sibling pages, local guides and the
 * catalog. Pages without content of their
 * own are noindex (decision 0012). Unknown city or category: HTTP 404 with 'Page Not Found'.
 * No React in the browser (decision 0013).
 */
import { BookOpen, HardHat, MapPin, Tractor, Truck } from 'lucide-react';
import { data } from 'react-router';
import type { Route } from './+types/city-category';
import { ClosingCta, PageHero, Section } from '#app/components/marketing/blocks.tsx';
import { FeaturedItemCards } from '#app/components/marketing/featured-item-card.tsx';
import { SmsButton } from '#app/components/marketing/sms-button.tsx';
import { cityPagePath } from '#app/components/site/nav-links.ts';
import { pageMeta, siteFromMatches } from '#app/components/site/seo.ts';
import { getAppContext } from '#app/load-context.ts';
import {
  cityPageCommonUses,
  cityPageFaqs,
  regionBlurb,
  type CommonUse,
} from '#app/modules/marketing/city-page.ts';
import { NEARBY_KM } from '#app/modules/marketing/geography.ts';
import { breadcrumbJsonLd, faqPageJsonLd } from '#app/modules/seo/json-ld.ts';
import type { Category, City } from '#app/modules/site/reference.ts';
import { smsHref } from '#app/modules/site/site.ts';

const NOT_FOUND = {
  title: 'Page Not Found',
  text: 'The requested city and category combination could not be found.',
  action: 'Return Home',
} as const;

const USE_ICONS: Record<CommonUse['audience'], typeof HardHat> = {
  Contractors: HardHat,
  Farmers: Tractor,
  'Fleet Operators': Truck,
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  const page = await services.cityPages.cityCategoryPage(params.city, params.category);
  if (!page) return data({ found: false as const }, { status: 404 });
  const links = await services.cityPages.cityPageLinks(page.city, page.category);
  return { found: true as const, page, links };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded?.found) {
    return pageMeta(args, { title: NOT_FOUND.title, description: NOT_FOUND.text, noindex: true });
  }
  const { page } = loaded;
  const site = siteFromMatches(args.matches);
  return pageMeta(args, {
    title: page.seo.title,
    // past 60 characters with the brand: drop ', Manitoba', then say it the short way
    shorterTitles: [page.seo.h1, `${page.category.name}, ${page.city.name}`],
    description: page.seo.description,
    keywords: [
      `${page.category.name.toLowerCase()} ${page.city.name}`,
      `${page.category.name.toLowerCase()} Manitoba`,
      `parts delivery ${page.city.name}`,
    ],
    noindex: page.indexable ? false : 'follow',
    jsonLd: [
      faqPageJsonLd(cityPageFaqs(page.city, page.category)),
      breadcrumbJsonLd(site, [
        { name: 'Home', path: '/' },
        { name: 'Service Areas', path: '/#service-areas' },
        { name: page.seo.h1, path: args.location.pathname },
      ]),
    ],
  });
};

export default function CityCategory({ loaderData, matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  if (!loaderData.found) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <MapPin className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold">{NOT_FOUND.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{NOT_FOUND.text}</p>
        <a
          href="/"
          className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-5 font-semibold text-white hover:bg-slate-700"
        >
          {NOT_FOUND.action}
        </a>
      </section>
    );
  }

  const { page, links } = loaderData;
  const { city, category, seo, featuredItems } = page;
  const sms = smsHref(site.phone);
  const prefilled = smsHref(site.phone, `Hi, I need ${category.name.toLowerCase()} in ${city.name}: `);
  const catalogHref = `/catalog?category=${encodeURIComponent(category.slug)}`;
  // what the sections below read: the city, the category, and the page's links
  const place = {
    city: { slug: city.slug, name: city.name, region: city.region },
    category: { slug: category.slug, name: category.name },
  };

  return (
    <>
      <nav aria-label="Breadcrumb" className="border-b border-slate-800 bg-slate-900 text-sm text-slate-300">
        <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-1">
          <li>
            <a href="/" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
              Home
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <a
              href="/#service-areas"
              className="inline-flex min-h-11 items-center hover:text-white hover:underline"
            >
              Service Areas
            </a>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-white">
            {seo.h1}
          </li>
        </ol>
      </nav>

      <PageHero eyebrow={`${city.name} · ${city.region}`} title={seo.h1} lead={seo.description}>
        <SmsButton href={prefilled} size="lg">
          Text for a Quote
        </SmsButton>
      </PageHero>

      <Section
        id="featured-items"
        title={`Featured ${category.name}`}
        intro={`In stock or ready to order for ${city.name}. Don't see your part? Text us a photo and we will find it.`}
      >
        {featuredItems.length > 0 ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <FeaturedItemCards items={featuredItems} />
          </ul>
        ) : (
          <p className="rounded-xl bg-slate-50 p-6 text-lg text-slate-700 ring-1 ring-slate-200">
            We source {category.name.toLowerCase()} on request. Text us a photo of the part and we will quote
            it the same day.
          </p>
        )}
        <p className="mt-8">
          <a
            href={catalogHref}
            className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4 hover:text-accent-hover"
          >
            Browse all {category.name.toLowerCase()} in the catalog
          </a>
        </p>
      </Section>

      <Section id="common-uses" title={`Who Needs ${category.name} in ${city.name}`} tone="muted">
        <ul className="grid gap-5 md:grid-cols-3">
          <CommonUses {...place} />
        </ul>
      </Section>

      <Section id="region" title={`Serving ${city.name} and Area`}>
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <RegionText {...place} guides={links.localGuides} />
        </div>
      </Section>

      <Section id="faq" title="Frequently Asked Questions" tone="muted">
        <div className="grid gap-5 md:grid-cols-2">
          <Faqs {...place} />
        </div>
      </Section>

      <Section id="nearby" title={`${category.name} Near ${city.name}`}>
        {/* only communities that are near by the map (decision 0141); the hubs have their own list */}
        {links.nearbyCities.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-labelledby="nearby-heading">
            <NearbyCityLinks cities={links.nearbyCities} category={place.category} />
          </ul>
        ) : (
          <p className="text-slate-700">
            No other community we serve lies within {NEARBY_KM} km of {city.name}.
          </p>
        )}
        {links.hubCities.length > 0 && (
          <>
            <h3 id="hub-cities" className="mt-10 text-xl font-semibold text-slate-900">
              {category.name} in Our Hub Cities
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2" aria-labelledby="hub-cities">
              <NearbyCityLinks cities={links.hubCities} category={place.category} />
            </ul>
          </>
        )}
        <h3 className="mt-10 text-xl font-semibold text-slate-900">More Parts in {city.name}</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          <OtherCategoryLinks city={place.city} categories={links.otherCategories} />
        </ul>
      </Section>

      <ClosingCta
        title={`Need ${category.name} in ${city.name}?`}
        text="Send us a photo and we'll get you a quote, fast!"
      >
        <SmsButton href={sms} size="lg">
          Text Us Your Part
        </SmsButton>
      </ClosingCta>
    </>
  );
}

/* The page's sections. */
type Place = { city: City; category: Category };
type Guide = { slug: string; title: string; excerpt: string | null };

function CommonUses({ city, category }: Place) {
  return cityPageCommonUses(city, category).map((use) => {
    const Icon = USE_ICONS[use.audience];
    return (
      <li key={use.audience} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-orange-50 text-accent">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <h3 className="mt-4 text-lg font-semibold text-slate-900">{use.audience}</h3>
        <p className="mt-2 leading-7 text-slate-600">{use.text}</p>
      </li>
    );
  });
}

function RegionText({ city, category, guides }: Place & { guides: Guide[] }) {
  return (
    <>
      <div className="space-y-4 text-lg leading-8 text-slate-700">
        {regionBlurb(city, category).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {guides.length > 0 && (
        <aside aria-labelledby="local-guides" className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
          <h3 id="local-guides" className="flex items-center gap-2 font-semibold text-slate-900">
            <BookOpen className="h-5 w-5 text-accent" aria-hidden="true" />
            Local Guides
          </h3>
          <ul className="mt-3 space-y-3">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <a
                  href={`/blog/${guide.slug}`}
                  className="inline-flex min-h-11 items-center font-semibold text-slate-900 underline-offset-2 hover:text-accent hover:underline"
                >
                  {guide.title}
                </a>
                {guide.excerpt && <p className="text-sm leading-6 text-slate-600">{guide.excerpt}</p>}
              </li>
            ))}
          </ul>
        </aside>
      )}
    </>
  );
}

function Faqs({ city, category }: Place) {
  return cityPageFaqs(city, category).map((faq) => (
    <div key={faq.question} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{faq.question}</h3>
      <p className="mt-2 leading-7 text-slate-600">{faq.answer}</p>
    </div>
  ));
}

function NearbyCityLinks({
  cities,
  category,
}: {
  cities: Pick<City, 'slug' | 'name'>[];
  category: Category;
}) {
  return cities.map((c) => (
    <li key={c.slug}>
      <a
        href={cityPagePath(c.slug, category.slug)}
        className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-accent hover:text-accent"
      >
        <MapPin className="h-4 w-4" aria-hidden="true" />
        {c.name}
      </a>
    </li>
  ));
}

function OtherCategoryLinks({ city, categories }: { city: City; categories: Category[] }) {
  return categories.map((c) => (
    <li key={c.slug}>
      <a
        href={cityPagePath(city.slug, c.slug)}
        className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-accent hover:text-accent"
      >
        {c.name}
      </a>
    </li>
  ));
}
