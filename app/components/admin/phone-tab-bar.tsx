/**
 * The back office's menu on a phone (below `md`, decision 0191): one row fixed at the bottom with
 * the four screens used most (their icons and names) and 'More', a disclosure that opens the rest
 * above the bar. More says whether it is open (aria-expanded); Escape closes it and gives the focus
 * back to it; it closes when the focus or a tap leaves it and when a screen opens. The current
 * screen is `aria-current="page"`, and More is marked while one of its screens is open.
 */
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '#app/components/ui/cn.ts';

export type BackOfficeLink = { to: string; label: string; icon: LucideIcon; tab?: true };

const TAB =
  'relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium';
const MORE_ID = 'back-office-more';

export function PhoneTabBar({
  links,
  label,
  badge,
}: {
  links: BackOfficeLink[];
  /** the navigation's name, the desk menu's */
  label: string;
  /** what a link shows beside its name (the inbox's unread count) */
  badge: (to: string) => React.ReactNode;
}) {
  const tabs = links.filter((l) => l.tab);
  const rest = links.filter((l) => !l.tab);
  const [open, setOpen] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  const holder = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  // a screen opened (from the list or anywhere else): the list closes
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    setSeen(pathname);
    setOpen(false);
  }
  const inMore = rest.some((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      more.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(TAB, isActive ? 'bg-slate-700 text-white' : 'text-slate-200 hover:bg-slate-800 hover:text-white');

  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-700 bg-slate-900 pb-[env(safe-area-inset-bottom)] text-slate-100 md:hidden"
    >
      <ul className="grid grid-cols-5">
        {tabs.map(({ to, label: name, icon: Icon }) => (
          <li key={to} className="min-w-0">
            <NavLink to={to} className={linkClass}>
              <Icon className="h-5 w-5" aria-hidden="true" />
              <span>{name}</span>
              {badge(to)}
            </NavLink>
          </li>
        ))}
        <li
          ref={holder}
          className="min-w-0"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <button
            ref={more}
            type="button"
            aria-expanded={open}
            aria-controls={MORE_ID}
            onClick={() => setOpen((was) => !was)}
            className={cn(
              TAB,
              open || inMore
                ? 'bg-slate-700 text-white'
                : 'text-slate-200 hover:bg-slate-800 hover:text-white',
            )}
          >
            <MoreHorizontal className="h-5 w-5" aria-hidden="true" />
            More
          </button>
          <ul
            id={MORE_ID}
            hidden={!open}
            className="absolute inset-x-0 bottom-full max-h-[70dvh] overflow-y-auto border-t border-slate-700 bg-slate-900 py-1 shadow-lg"
          >
            {rest.map(({ to, label: name, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-12 items-center gap-3 px-4 text-sm font-medium',
                      isActive
                        ? 'bg-slate-700 text-white'
                        : 'text-slate-200 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  <Icon className="h-5 w-5" aria-hidden="true" />
                  {name}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
