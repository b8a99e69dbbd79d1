/**
 * Customers' and the inbox's changes (issue 30 items 1 and 2, decision 0161): a customer's details
 * and merge; 'Same person' and 'Different person' on a request under another name (decision 0193); a conversation replied to, assigned and done (it is read by opening it: the
 * conversation screen's loader). Ids are customers' ids, read by the services (400 when not one,
 * 404 when no customer has it). Declared once (decision 0182).
 */
import { z } from 'zod';
import { change } from './change.ts';
import { given, IDEMPOTENCY_FIELD, requestKey, yesNo } from './inputs.ts';

export const customersChanges = {
  'customers.update': change({
    who: 'staff',
    // `fleet` and `noReviews`: JSON's true or false, or a form's box ('on' when ticked)
    input: z.object({ id: given, name: given, company: given, notes: given, fleet: given, noReviews: given }),
    run: ({ services, user }, { id, ...fields }) => services.customers.update(id, fields, user),
  }),
  'customers.merge': change({
    // the owner's, unless the owner allows staff in Settings (decision 0204)
    who: 'mergeCustomers',
    input: z.object({ id: given, into: given }),
    run: ({ services, user }, { id, into }) => services.customers.merge(id, { into }, user),
  }),
  // a request under another name than its customer's (decision 0193): `lead` is the request's id
  'customers.samePerson': change({
    who: 'staff',
    input: z.object({ lead: given }),
    run: ({ services, user }, { lead }) => services.customers.samePerson(lead, user),
  }),
  'customers.differentPerson': change({
    who: 'staff',
    input: z.object({ lead: given }),
    run: ({ services, user }, { lead }) => services.customers.differentPerson(lead, user),
  }),
  'inbox.reply': change({
    who: 'staff',
    input: z.object({ id: given, body: given, withName: given, ...requestKey }),
    run: ({ services, user }, { id, body, withName, [IDEMPOTENCY_FIELD]: key }) =>
      services.inbox.reply(id, { body, withName }, user, key),
  }),
  'inbox.assign': change({
    who: 'staff',
    // nobody: JSON's null, or the form's empty choice
    input: z.object({
      id: given,
      userId: z
        .unknown()
        .optional()
        .transform((raw) => (raw === '' ? null : raw)),
    }),
    run: ({ services, user }, { id, userId }) => services.inbox.assign(id, { userId }, user),
  }),
  'inbox.setDone': change({
    who: 'staff',
    input: z.object({ id: given, done: yesNo }),
    run: ({ services }, { id, done }) => services.inbox.setDone(id, { done }),
  }),
};
