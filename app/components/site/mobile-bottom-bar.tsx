/** Fixed bottom bar on phones (SPEC §2): Home, Services, Text. The footer leaves room for it. */
import { Home, MessageSquare, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { smsHref, type SiteInfo } from '#app/modules/site/site.ts';

const item = 'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium';

const barClass =
  'fixed inset-x-0 bottom-0 z-40 grid grid-cols-3 border-t border-slate-700 bg-slate-900 text-slate-100 md:hidden';

/** `innerHtml`: the content as rendered once per process for pages without React (static-chrome.tsx). */
export function MobileBottomBar({ site, innerHtml }: { site: SiteInfo; innerHtml?: string }) {
  if (innerHtml !== undefined) {
    return (
      <nav aria-label="Quick actions" className={barClass} dangerouslySetInnerHTML={{ __html: innerHtml }} />
    );
  }
  return (
    <nav aria-label="Quick actions" className={barClass}>
      <MobileBottomBarContent site={site} />
    </nav>
  );
}

export function MobileBottomBarContent({ site }: { site: SiteInfo }) {
  return (
    <>
      <Link to="/" className={item}>
        <Home className="h-5 w-5" aria-hidden="true" />
        Home
      </Link>
      <Link to="/parts-sourcing" className={item}>
        <Wrench className="h-5 w-5" aria-hidden="true" />
        Services
      </Link>
      <a href={smsHref(site.phone)} className={`${item} bg-accent text-white`}>
        <MessageSquare className="h-5 w-5" aria-hidden="true" />
        Text
      </a>
    </>
  );
}
