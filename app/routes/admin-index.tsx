/** `/admin`: the back office's front door, the leads board (signing in first when needed). */
import { redirect } from 'react-router';
import { DEFAULT_LANDING } from '#app/modules/auth/login.schema.ts';
import type { PageHandle } from '#app/page-handle.ts';

export const handle = { backOffice: true } satisfies PageHandle;

export function loader() {
  return redirect(DEFAULT_LANDING);
}
