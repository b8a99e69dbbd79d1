/**
 * A back-office change, declared once (decision 0182): the input it reads (one zod schema, for a
 * screen's form and for JSON alike), who may make it (any staff member, or the owner alone) and the
 * service call. A route action (`serveChanges`, app/staff.server.ts) and, where an outside caller
 * needs one, an `/api` endpoint (`apiChange`, server/http/change.ts) both perform it through
 * `performChange`: the same input, the same refusals, the same call. The services keep the
 * business rules and their own validation; a declaration reads only what a door would otherwise
 * read for itself (ids, yes/no fields, blank fields).
 */
import type { z } from 'zod';
import type { StaffAccess } from '#app/modules/site/shop-settings.ts';
import { OWNER_ONLY, OWNER_UNLESS_ALLOWED } from '#app/modules/team/team.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from '../services/auth.ts';
import type { Services } from '../services/index.ts';
import { parseInput } from '../validation.ts';

/**
 * Who may make a change: any signed-in staff member, the owner alone (decision 0160), or the owner
 * and staff once the owner allows them this (a key of the Settings' staff access, decision 0204).
 */
export type Who = 'staff' | 'owner' | keyof StaffAccess;

/** What a change runs with: the services and the signed-in staff member who makes it. */
export type ChangeContext = { services: Services; user: SessionUser };

export type Change<S extends z.ZodType = z.ZodType, R = unknown> = {
  who: Who;
  input: S;
  run: (context: ChangeContext, input: z.output<S>) => Promise<R>;
  /** The change makes something new: its `/api` door answers 201. */
  created?: true;
};

/** A declaration, typed by its schema (the run's input is the schema's output). */
export const change = <S extends z.ZodType, R>(declared: Change<S, R>): Change<S, R> => declared;

/**
 * Performs a declared change for a signed-in staff member: the owner's alone refused to staff
 * (403, OWNER_ONLY), the input read by the declaration's schema (400 in the one error shape,
 * decision 0074), then the service call. Its refusals are the services' AppErrors.
 */
export async function performChange<R>(
  declared: Change<z.ZodType, R>,
  services: Services,
  user: SessionUser,
  raw: unknown,
): Promise<R> {
  if (declared.who === 'owner' && user.role !== 'owner') throw new AppError(403, OWNER_ONLY);
  if (declared.who !== 'owner' && declared.who !== 'staff' && !services.shop.may(user, declared.who))
    throw new AppError(403, OWNER_UNLESS_ALLOWED);
  return declared.run({ services, user }, parseInput(declared.input, raw));
}
