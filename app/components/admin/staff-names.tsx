/**
 * Staff by their display names (decision 0201): a screen whose loader sends `names` (username →
 * display name) wraps what it shows in `<StaffNamesProvider names={names}>`, and each person a
 * record names by username (a lead's history: `actor`) is shown through `useStaffName()`. A name the
 * map does not hold (the customer, a text, an account since gone) is shown as recorded.
 */
import { createContext, use, type ReactNode } from 'react';

const StaffNamesContext = createContext<Record<string, string>>({});

export function StaffNamesProvider({
  names,
  children,
}: {
  names: Record<string, string>;
  children: ReactNode;
}) {
  return <StaffNamesContext value={names}>{children}</StaffNamesContext>;
}

/** Who a record names, in words: their display name when they are on the team. */
export function useStaffName(): (actor: string) => string {
  const names = use(StaffNamesContext);
  return (actor) => (Object.hasOwn(names, actor) ? names[actor]! : actor);
}
