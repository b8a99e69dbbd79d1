/**
 * The browser-side auth check of product.md §2 'Blog Management' / §4 'Admin auth': 'checking' until
 * hydrated (the server cannot see browser storage), then 'authenticated', or 'redirecting' on the
 * way to /admin/login. The server has already refused requests without a session; this keeps the
 * spec's client behaviour and texts.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { isAuthenticatedInBrowser } from './admin-api.ts';

export type ClientAuthState = 'checking' | 'authenticated' | 'redirecting';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function useClientAuth(): ClientAuthState {
  const navigate = useNavigate();
  const authenticated = useSyncExternalStore(subscribe, isAuthenticatedInBrowser, () => null);
  useEffect(() => {
    if (authenticated === false) navigate('/admin/login', { replace: true });
  }, [authenticated, navigate]);
  if (authenticated === null) return 'checking';
  return authenticated ? 'authenticated' : 'redirecting';
}
