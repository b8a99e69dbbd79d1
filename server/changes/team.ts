/**
 * The owner's changes (issue 30, decision 0160): the team's accounts and the texts' settings,
 * refused to staff (403, OWNER_ONLY). Declared once (decision 0182).
 */
import { z } from 'zod';
import { SHOP_SECTIONS } from '#app/modules/site/shop-settings.ts';
import { change } from './change.ts';
import { given, nested, rowId } from './inputs.ts';

export const teamChanges = {
  'team.add': change({
    who: 'owner',
    input: z.object({ username: given, displayName: given }),
    run: ({ services, user }, member) => services.team.add(member, user),
    created: true,
  }),
  'team.setDisabled': change({
    who: 'owner',
    input: z.object({
      id: rowId,
      disabled: z.boolean({ message: 'Say disabled: true or false.' }),
    }),
    run: ({ services, user }, { id, disabled }) => services.team.setDisabled(id, disabled, user),
  }),
  'team.rename': change({
    who: 'owner',
    input: z.object({ id: rowId, displayName: given }),
    run: ({ services, user }, { id, ...input }) => services.team.rename(id, input, user),
  }),
  'team.resetPassword': change({
    who: 'owner',
    input: z.object({ id: rowId }),
    run: ({ services, user }, { id }) => services.team.resetPassword(id, user),
  }),
  // one section of the shop's own numbers (decision 0204): its form, read by the shop service
  'settings.shop': change({
    who: 'owner',
    input: z.preprocess(
      nested,
      z.object({
        section: z.enum(SHOP_SECTIONS, { message: 'Say which settings: ' + SHOP_SECTIONS.join(', ') + '.' }),
        hours: given,
        markup: given,
        pickup: given,
        quietHours: given,
        staff: given,
      }),
    ),
    run: ({ services, user }, { section, ...form }) => services.shop.update(section, form, user),
  }),
  'settings.update': change({
    who: 'owner',
    // the follow-up texts and review requests as the settings service reads them (its own schema);
    // a form names each field by its path ('followUps.viewed.text')
    input: z.preprocess(nested, z.object({ followUps: given, reviews: given })),
    run: ({ services, user }, settings) => services.settings.update(settings, user),
  }),
};
