/**
 * Orders' changes (issue 29, decision 0150): an ordered lead's parts, moved one step (or back),
 * added and changed from the Lead Details dialog and the orders screen; the order's automatic
 * texts; the suppliers. Declared once (decision 0182).
 */
import { z } from 'zod';
import { centsOfDollars } from '#app/modules/orders/orders.ts';
import { change } from './change.ts';
import { blankAsAbsent, blankAsNull, given, rowId, yesNo } from './inputs.ts';

/**
 * A part's cost as staff type it, in dollars ('45', '45.5', '$1,234.56'; a JSON number is dollars
 * too), for the service in cents; emptied, cleared (null); not an amount, passed on for the
 * service's words.
 */
const dollars = z
  .unknown()
  .optional()
  .transform((raw) => (raw === undefined || raw === null ? raw : (centsOfDollars(String(raw)) ?? null)));

/** A part's fields: any left out stays as it is, an emptied one is cleared. */
const lineFields = {
  // a part has a name: emptied, the service's 'Name the part.'
  part: given,
  supplierId: blankAsNull,
  orderRef: blankAsNull,
  promisedDate: blankAsNull,
  carrier: blankAsNull,
  trackingNumber: blankAsNull,
  // a part has a step to start from: emptied is the service's default, never none
  handover: blankAsAbsent,
  actualCost: dollars,
};

/** A part of a lead, at the revision staff read. */
const lineAt = { lead: rowId, line: rowId, revision: given };

/** A supplier's fields as staff type them (an empty lead time is none). */
const supplierFields = {
  name: given,
  phone: given,
  email: given,
  website: given,
  accountNumber: given,
  leadTimeDays: blankAsAbsent,
  notes: given,
};

/** A plain object of the fields the schema read, those given only (a field left out stays out). */
const present = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export const ordersChanges = {
  'orders.addLine': change({
    who: 'staff',
    input: z.object({ lead: rowId, ...lineFields }),
    run: ({ services, user }, { lead, ...fields }) =>
      services.orders.addLine(lead, present(fields), user.username),
    created: true,
  }),
  'orders.changeLine': change({
    who: 'staff',
    input: z.object({ ...lineAt, ...lineFields, why: given }),
    run: ({ services, user }, { lead, line, ...fields }) =>
      services.orders.changeLine(lead, line, present(fields), user.username),
  }),
  'orders.moveLine': change({
    who: 'staff',
    // 'Mark ordered' gives the supplier and the promised date (decision 0195); left out or blank,
    // the line's own, and the service names the one missing
    input: z.object({ ...lineAt, to: given, supplierId: blankAsAbsent, promisedDate: blankAsAbsent }),
    run: ({ services, user }, { lead, line, ...move }) =>
      services.orders.moveLine(lead, line, move, user.username),
  }),
  'orders.undoLine': change({
    who: 'staff',
    input: z.object(lineAt),
    run: ({ services, user }, { lead, line, revision }) =>
      services.orders.undoLine(lead, line, { revision }, user.username),
  }),
  'orders.setAutoTexts': change({
    who: 'staff',
    input: z.object({ lead: rowId, on: yesNo }),
    run: ({ services, user }, { lead, on }) => services.orders.setAutoTexts(lead, { on }, user.username),
  }),
  'suppliers.create': change({
    who: 'staff',
    input: z.object(supplierFields),
    run: ({ services }, fields) => services.orders.suppliers.create(present(fields)),
    created: true,
  }),
  'suppliers.update': change({
    who: 'staff',
    input: z.object({ id: rowId, ...supplierFields }),
    run: ({ services }, { id, ...fields }) => services.orders.suppliers.update(id, present(fields)),
  }),
  'suppliers.archive': change({
    who: 'staff',
    input: z.object({ id: rowId, archived: yesNo }),
    run: ({ services }, { id, archived }) => services.orders.suppliers.archive(id, { archived }),
  }),
};
