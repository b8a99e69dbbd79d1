/**
 * The catalog's changes (docs/product.md §2 'Catalog Management', §7; decision 0020): 'Add New Item',
 * the item dialog's save and 'Publish'. Declared once (decision 0182); creating and editing keep
 * their `/api` doors, POST /api/catalog and PATCH /api/catalog/{id}. An item is what docs/product.md
 * §7 gives (cost and price in cents, markup a fraction), read by the catalog service with the one
 * item schema (`catalogItemSchema`, app/modules/catalog/catalog.schema.ts). The screen's dialog types
 * dollars: its door reads the dialog into an item first (app/routes/admin-catalog.tsx; decision 0182
 * 'Catalog, blog, sign-in').
 */
import { z } from 'zod';
import { change } from './change.ts';
import { given, rowId } from './inputs.ts';

export const catalogChanges = {
  'catalog.create': change({
    who: 'staff',
    // the item as docs/product.md §7 gives it; the catalog service reads and checks it
    input: given,
    run: ({ services }, item) => services.catalog.createItem(item),
    created: true,
  }),
  'catalog.update': change({
    who: 'staff',
    // the fields to change, any of the item's; the merged item is checked as a whole
    input: z.object({ id: rowId }).catchall(z.unknown()),
    run: ({ services, user }, { id, ...fields }) => services.catalog.updateItem(id, fields, user.username),
  }),
  'catalog.publish': change({
    who: 'staff',
    input: z.object({ id: rowId }),
    run: ({ services, user }, { id }) => services.catalog.updateItem(id, { status: 'active' }, user.username),
  }),
};
