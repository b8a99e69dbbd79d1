/** Four-column footer (product.md §2): about, services, coverage areas, contact; copyright and policy links. */
import { Clock, Mail, Phone } from 'lucide-react';
import { PRIVACY_PATH, TERMS_PATH } from '#app/modules/site/legal.ts';
import { formatPhone } from '#app/modules/site/phone.ts';
import { copyrightYears, siteHours, SLOGAN, type SiteInfo } from '#app/modules/site/site.ts';
import { LogoMark } from './logo.tsx';
import { cityPagePath, FOOTER_CITIES, SERVICE_LINKS } from './nav-links.ts';

const heading = 'text-sm font-semibold uppercase tracking-wider text-white';
const link = 'hover:text-white hover:underline';

const footerClass = 'bg-slate-900 pb-20 text-slate-300 md:pb-0';

/** `year`: the current year in Manitoba, for the copyright line. */
export function SiteFooter({ site, year }: { site: SiteInfo; year: number }) {
  return (
    <footer className={footerClass}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark className="h-7 w-7" />
            {site.name}
          </p>
          <p className="mt-3 text-sm leading-6">
            Heavy duty, truck, trailer and agricultural parts sourced and quoted fast for farms, fleets and
            contractors across Manitoba.
          </p>
          <p className="mt-3 text-sm italic">{SLOGAN}</p>
        </div>

        <div>
          <h2 className={heading}>Services</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {SERVICE_LINKS.map((l) => (
              <li key={l.to}>
                <a href={l.to} className={link}>
                  {l.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/find-my-part" className={link}>
                Find My Part
              </a>
            </li>
            <li>
              <a href="/catalog" className={link}>
                Parts Catalog
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={heading}>Coverage Areas</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {FOOTER_CITIES.map((c) => (
              <li key={c.slug}>
                <a href={cityPagePath(c.slug)} className={link}>
                  {c.name}
                </a>
              </li>
            ))}
            <li>
              <a href="/#service-areas" className={link}>
                All Manitoba Cities
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`tel:${site.phone}`} className={`${link} inline-flex items-center gap-2`}>
                <Phone className="h-4 w-4" aria-hidden="true" />
                {formatPhone(site.phone)}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className={`${link} inline-flex items-center gap-2`}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {site.email}
              </a>
            </li>
            {siteHours(site).map((line) => (
              <li key={line} className="inline-flex items-center gap-2">
                <Clock className="h-4 w-4" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {copyrightYears(year)} {site.name}. All rights reserved.
          </p>
          <ul className="flex gap-6">
            <li>
              <a href={PRIVACY_PATH} className={link}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href={TERMS_PATH} className={link}>
                Terms of Service
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
