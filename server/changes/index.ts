/**
 * Every back-office change, by name (decision 0182): what `serveChanges` (a screen's action,
 * app/staff.server.ts) and `apiChange` (an `/api` endpoint, server/http/change.ts) perform.
 * tests/api/changes.test.ts lists them and holds both doors to one answer.
 */
import type { SessionUser } from '../services/auth.ts';
import type { Services } from '../services/index.ts';
import { accountChanges } from './account.ts';
import { blogChanges } from './blog.ts';
import { catalogChanges } from './catalog.ts';
import { performChange, type Change, type Who } from './change.ts';
import { customersChanges } from './customers.ts';
import { leadsChanges } from './leads.ts';
import { ordersChanges } from './orders.ts';
import { teamChanges } from './team.ts';

export const CHANGES = {
  ...leadsChanges,
  ...ordersChanges,
  ...customersChanges,
  ...teamChanges,
  ...accountChanges,
  ...catalogChanges,
  ...blogChanges,
} satisfies Record<string, Change>;

export type ChangeName = keyof typeof CHANGES;

/** What a change answers (the service's result). */
export type ChangeResult<N extends ChangeName> = Awaited<ReturnType<(typeof CHANGES)[N]['run']>>;

export const isChangeName = (name: string): name is ChangeName => Object.hasOwn(CHANGES, name);

/**
 * The changes as the load context carries them to route actions (app/load-context.ts): performed
 * by name for the signed-in staff member, over the services the render layer holds.
 */
export type ChangeDoor = {
  perform<N extends ChangeName>(name: N, input: unknown, user: SessionUser): Promise<ChangeResult<N>>;
  who(name: ChangeName): Who;
};

export function changeDoor(services: Services): ChangeDoor {
  return {
    perform: (name, input, user) =>
      performChange(CHANGES[name] as Change, services, user, input) as Promise<ChangeResult<typeof name>>,
    who: (name) => CHANGES[name].who,
  };
}

export { performChange, type Change, type Who };
