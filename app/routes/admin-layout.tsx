/**
 * The back office shell around Inbox, Leads, Customers, Orders, Suppliers, Insights, Catalog and
 * Blog, for the owner Team, Audit log and Settings (decisions 0160, 0161; the screens refuse staff), and
 * everyone's 'Your account' (decision 0201):
 * navigation, who is signed in, Sign out. The Inbox link shows how many conversations have unread
 * messages; the shell polls that pulse and reloads the screen when a message arrives (decision 0161).
 * The server refuses these pages without a live session (redirect to /admin/login, which comes
 * back here after signing in: `?redirectTo=`). Sign out stays
 * a call to POST /api/admin/logout, beside sign-in: the session cookie is the HTTP layer's to set
 * and clear (decision 0124).
 */
import {
  BarChart3,
  BookOpen,
  Inbox,
  KanbanSquare,
  LogOut,
  Package,
  ScrollText,
  Settings,
  Tags,
  Truck,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, redirect, useRouteLoaderData } from 'react-router';
import type { PageHandle } from '#app/page-handle.ts';
import type { Route } from './+types/admin-layout';
import { reattachHere } from '#app/components/team/push-here.ts';
import {
  adminApi,
  CONNECTION_FAILED,
  forgetLogin,
  isAuthenticatedInBrowser,
  rememberLogin,
} from '#app/components/admin/admin-api.ts';
import { PhoneTabBar, type BackOfficeLink } from '#app/components/admin/phone-tab-bar.tsx';
import { ScreenError } from '#app/components/admin/screen-error.tsx';
import { useInboxPulse } from '#app/components/admin/use-inbox-pulse.ts';
import { LogoMark } from '#app/components/site/logo.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { toast } from '#app/components/ui/use-toast.ts';
import { getAppContext } from '#app/load-context.ts';
import { ACCOUNT_PATH } from '#app/modules/auth/login.schema.ts';
import { CUSTOMER_TEXT } from '#app/modules/customers/customers.ts';
import { ACCOUNT_TEXT } from '#app/modules/team/account.ts';
import { INBOX_TEXT, type InboxPulse } from '#app/modules/customers/inbox.ts';
import { staffContext } from '#app/staff.server.ts';

export const handle = { backOffice: true } satisfies PageHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  // a visitor without a session signs in first, and comes back here after
  if (!getAppContext(context).session) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(pathname + search)}`);
  }
  // the shell is shown on 'Your account' too while a handed-out password is being changed
  const { services, session, site } = staffContext(context, { beforePasswordChange: true });
  // the inbox's unread conversations for the menu; the shell then polls them (useInboxPulse). The
  // shell is shown without them when they cannot be read (the database away for a moment): the
  // screen inside says so itself
  // (none before a handed-out password is changed: the inbox is not theirs yet, decision 0203)
  const pulse: InboxPulse | null = session.user.mustChangePassword
    ? null
    : await services.inbox.pulse().catch(() => null);
  return { user: session.user, token: session.csrfToken, siteName: site.name, pulse };
}

/** The menu's name, the same on a desk and on a phone. */
const NAV_LABEL = 'Back office';

/** The menu, in its order; on a phone the `tab` ones are the bottom bar's, the rest under More (decision 0191). */
const NAV: (BackOfficeLink & { ownerOnly?: true })[] = [
  { to: '/admin/inbox', label: INBOX_TEXT.title, icon: Inbox, tab: true },
  { to: '/admin/leads', label: 'Leads', icon: KanbanSquare, tab: true },
  { to: '/admin/customers', label: CUSTOMER_TEXT.title, icon: Users, tab: true },
  { to: '/admin/orders', label: 'Orders', icon: Package, tab: true },
  { to: '/admin/suppliers', label: 'Suppliers', icon: Truck },
  { to: '/admin/insights', label: 'Insights', icon: BarChart3 },
  { to: '/admin/catalog', label: 'Catalog', icon: Tags },
  { to: '/admin/blog', label: 'Blog', icon: BookOpen },
  { to: '/admin/team', label: 'Team', icon: UsersRound, ownerOnly: true },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, ownerOnly: true },
  { to: '/admin/settings', label: 'Settings', icon: Settings, ownerOnly: true },
  // everyone's own (decision 0201)
  { to: ACCOUNT_PATH, label: ACCOUNT_TEXT.title, icon: UserRound },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame shell={loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * The one error boundary of the back office: a screen that could not be shown (a 403 for a staff
 * member on an owner's screen, a row that does not exist, a failure) says so inside the frame, its
 * navigation kept (decision 0183). Only when the shell itself could not be read is it shown alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>('routes/admin-layout');
  if (!shell) return <ScreenError error={error} />;
  return (
    <AdminFrame shell={shell}>
      <ScreenError error={error} />
    </AdminFrame>
  );
}

type Shell = Route.ComponentProps['loaderData'];

function AdminFrame({ shell: loaderData, children }: { shell: Shell; children: React.ReactNode }) {
  const { user, token, siteName } = loaderData;
  const [signingOut, setSigningOut] = useState(false);
  // texts and questions as they arrive: the unread count, and the screen reloaded (decision 0161)
  const { unread } = useInboxPulse(loaderData.pulse, signingOut || Boolean(user.mustChangePassword));

  // keep the browser's stored token equal to this session's CSRF token (it rotates on every sign-in)
  useEffect(() => {
    if (isAuthenticatedInBrowser()) rememberLogin(token);
  }, [token]);

  // notifications this person turned on in this browser follow them into this session (decision 0205)
  useEffect(() => {
    if (!user.mustChangePassword) void reattachHere(user.username).catch(() => undefined);
  }, [user.username, user.mustChangePassword, token]);

  async function signOut() {
    setSigningOut(true);
    try {
      await adminApi.auth.logout();
    } catch {
      toast({ title: 'Error', description: CONNECTION_FAILED, variant: 'destructive' });
      setSigningOut(false);
      return;
    }
    forgetLogin();
    window.location.assign('/admin/login');
  }

  // while a handed-out password is being changed, 'Your account' is the one place to go (decision 0201)
  const links = NAV.filter((item) =>
    user.mustChangePassword ? item.to === ACCOUNT_PATH : !item.ownerOnly || user.role === 'owner',
  );
  // read as 'Inbox 3 unread': the badge's figure, then the word for it
  const badge = (to: string) =>
    to === '/admin/inbox' &&
    unread > 0 && (
      <>
        {' '}
        <span className="rounded-full bg-orange-600 px-1.5 py-0.5 text-xs font-bold leading-none text-white max-md:absolute max-md:left-1/2 max-md:top-1 max-md:ml-1 md:ml-1">
          {unread}
        </span>
        <span className="sr-only"> {INBOX_TEXT.navUnread}</span>
      </>
    );

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {/* pinned on a desk; on a phone one row that scrolls away, the menu being the bottom bar */}
      <header className="z-40 bg-slate-900 text-white shadow lg:sticky lg:top-0">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
          <span className="flex min-h-11 items-center gap-2 font-bold">
            <LogoMark className="h-7 w-7" />
            <span className="hidden sm:inline">{siteName}</span>
            <span className="rounded bg-slate-700 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide">
              Admin
            </span>
          </span>
          <nav
            aria-label={NAV_LABEL}
            className="order-last hidden w-full flex-wrap items-center gap-1 md:flex lg:order-none lg:w-auto"
          >
            {links.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center rounded-md px-3 text-sm font-medium',
                    isActive
                      ? 'bg-slate-700 text-white'
                      : 'text-slate-200 hover:bg-slate-800 hover:text-white',
                  )
                }
              >
                {item.label}
                {badge(item.to)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-slate-300 md:inline">
              Signed in as <strong className="font-semibold text-white">{user.displayName}</strong>
            </span>
            <Button
              variant="ghost"
              className="text-slate-100 hover:bg-slate-800 hover:text-white"
              onClick={signOut}
              disabled={signingOut}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </div>
      </header>
      {/* on a phone the page's end scrolls clear of the bottom bar (and the phone's own bar) */}
      <main
        id="main"
        className="mx-auto w-full max-w-7xl flex-1 px-4 pb-[calc(5rem+env(safe-area-inset-bottom))] pt-4 md:py-8"
      >
        {children}
      </main>
      <PhoneTabBar links={links} label={NAV_LABEL} badge={badge} />
    </div>
  );
}
