/** Fixed bottom bar on phones (product.md §2): Home, Services, Text. The footer leaves room for it. */
import { Home, MessageSquare, Wrench } from 'lucide-react';
import { smsHref, type SiteInfo } from '#app/modules/site/site.ts';

const item = 'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium';

const barClass =
  'fixed inset-x-0 bottom-0 z-40 grid grid-cols-3 border-t border-slate-700 bg-slate-900 text-slate-100 md:hidden';

export function MobileBottomBar({ site }: { site: SiteInfo }) {
  return (
    <nav aria-label="Quick actions" className={barClass}>
      <a href="/" className={item}>
        <Home className="h-5 w-5" aria-hidden="true" />
        Home
      </a>
      <a href="/parts-sourcing" className={item}>
        <Wrench className="h-5 w-5" aria-hidden="true" />
        Services
      </a>
      <a href={smsHref(site.phone)} className={`${item} bg-accent text-white`}>
        <MessageSquare className="h-5 w-5" aria-hidden="true" />
        Text
      </a>
    </nav>
  );
}
