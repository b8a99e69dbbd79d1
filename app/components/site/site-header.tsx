/**
 * Sticky dark header (product.md §2 'Site chrome'): logo, desktop nav with the Services dropdown,
 * the tracked 'Get a Quote' SMS button, and the mobile hamburger menu. Menus are <details>
 * elements, so they work before (or without) any React in the browser; app/chrome.js closes them.
 * On a 360 px phone the whole name fits beside 'Quote' and the menu button; the open mobile menu
 * sits on a dimmed backdrop, set apart from the (equally dark) page beneath it.
 */
import { ChevronDown, Menu, MessageSquare, X } from 'lucide-react';
import { smsHref, trackAttributes, type SiteInfo } from '#app/modules/site/site.ts';
import { DeskQuoteHint } from '../marketing/sms-button.tsx';
import { LogoMark } from './logo.tsx';
import { SERVICE_LINKS } from './nav-links.ts';

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white';

const headerClass = 'sticky top-0 z-40 bg-slate-900 text-white shadow-md';

export function SiteHeader({ site }: { site: SiteInfo }) {
  return (
    <header className={headerClass}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
        <a
          href="/"
          className="flex min-h-11 min-w-0 items-center gap-2 text-base font-bold leading-tight tracking-tight sm:text-lg"
        >
          <LogoMark className="h-8 w-8 shrink-0" />
          {/* a longer configured name wraps to a second line rather than losing its end */}
          <span className="line-clamp-2 break-words">{site.name}</span>
        </a>

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          <a href="/" className={navLink}>
            Home
          </a>
          <details data-menu className="relative">
            <summary className={`${navLink} flex cursor-pointer items-center gap-1`}>
              Services <ChevronDown className="h-4 w-4" aria-hidden="true" />
            </summary>
            <ul className="absolute left-0 top-full mt-2 w-56 rounded-lg bg-white p-2 text-slate-900 shadow-xl ring-1 ring-slate-200">
              {SERVICE_LINKS.map((l) => (
                <li key={l.to}>
                  <a href={l.to} className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
          <a href="/blog" className={navLink}>
            Blog
          </a>
          <a href="/#service-areas" className={navLink}>
            Service Areas
          </a>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-2">
          {/* on a wide screen without touch: where to text from a phone, and the form */}
          <DeskQuoteHint phone={site.phone} compact className="mr-2 max-xl:hidden!" />
          <a
            href={smsHref(site.phone)}
            {...trackAttributes('header', 'Get a Quote')}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-3 text-sm font-semibold text-white hover:bg-accent-hover sm:px-4"
          >
            {/* below 400 px the icon gives its room to the name */}
            <MessageSquare className="h-4 w-4 max-[399px]:hidden" aria-hidden="true" />
            <span className="hidden sm:inline">Get a Quote</span>
            <span className="sm:hidden">Quote</span>
          </a>

          <details data-menu className="group md:hidden">
            <summary
              aria-label="Menu"
              className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md hover:bg-slate-800 group-open:bg-slate-800"
            >
              <Menu className="h-6 w-6 group-open:hidden" aria-hidden="true" />
              <X className="hidden h-6 w-6 group-open:block" aria-hidden="true" />
              {/* the page under the open menu is dimmed; being part of the summary, a tap on it
                    closes the menu natively, with or without JavaScript */}
              <span
                aria-hidden="true"
                data-menu-backdrop=""
                className="fixed inset-x-0 bottom-0 top-16 hidden cursor-default bg-slate-950/75 backdrop-blur-[2px] group-open:block"
              />
            </summary>
            <nav
              aria-label="Mobile menu"
              className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto rounded-b-2xl border-b-4 border-t border-b-accent border-t-slate-600 bg-slate-800 px-4 pb-5 shadow-2xl shadow-black/60"
            >
              <ul className="flex flex-col py-2">
                <li>
                  <a href="/" className="block rounded-md px-3 py-3 text-base hover:bg-slate-700">
                    Home
                  </a>
                </li>
                {SERVICE_LINKS.map((l) => (
                  <li key={l.to}>
                    <a href={l.to} className="block rounded-md px-3 py-3 text-base hover:bg-slate-700">
                      {l.label}
                    </a>
                  </li>
                ))}
                <li>
                  <a href="/blog" className="block rounded-md px-3 py-3 text-base hover:bg-slate-700">
                    Blog
                  </a>
                </li>
              </ul>
              <a
                href={smsHref(site.phone)}
                className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent px-4 font-semibold text-white hover:bg-accent-hover"
              >
                <MessageSquare className="h-5 w-5" aria-hidden="true" />
                Get Quote
              </a>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
