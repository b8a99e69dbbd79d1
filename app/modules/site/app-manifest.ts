/**
 * The back office as an app on a phone's home screen or a computer's dock (issue 51 item 5,
 * decision 0206): its web app manifest, opened full-screen at the inbox, scoped to /admin/. Linked
 * from the back office's pages only (app/root.tsx); served by server/http/app-manifest.ts. Pure.
 */

export const MANIFEST_PATH = '/manifest.webmanifest';

/** The icons, made from public/favicon.svg by scripts/make-app-icons.ts and kept in public/. */
export const APP_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The back office's header (slate-900, the pages' theme-color) and its background (slate-50). */
export const APP_THEME_COLOR = '#0f172a';
export const APP_BACKGROUND_COLOR = '#f8fafc';

/** The manifest for a site of this name. */
export function appManifest(siteName: string) {
  return {
    id: '/admin/',
    name: `${siteName} back office`,
    short_name: siteName,
    description: `Requests, quotes, orders and conversations of ${siteName}.`,
    start_url: '/admin/inbox',
    scope: '/admin/',
    display: 'standalone',
    orientation: 'any',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: APP_ICONS,
  };
}
