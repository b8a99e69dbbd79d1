/**
 * uniqueViolationOn reads the real errors of both engines: a unique column, a second unique
 * column of the same table, and anything that is not a unique violation.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { eachEngine } from '../../tests/support/databases.ts';
import { insertCatalogItem, type NewCatalogItem } from './repo/catalog.ts';
import { insertUser } from './repo/users.ts';
import { seedReference } from '../seed/index.ts';
import { uniqueViolationOn } from './unique-violation.ts';

const T0 = new Date('2026-11-02T15:04:05.678Z');

const item = (slug: string, sku: string | null): NewCatalogItem => ({
  slug,
  title: slug,
  description: null,
  category: 'snow-ice',
  subcategory: null,
  price: null,
  cost: null,
  markupPct: 0.35,
  stockQty: 0,
  images: [],
  brand: null,
  sku,
  supplierSku: null,
  specs: {},
  status: 'draft',
});

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('the write was accepted');
    },
    (err: unknown) => err,
  );

eachEngine('uniqueViolationOn', (ctx, engine) => {
  beforeAll(async () => {
    await seedReference(ctx().deps);
    await insertCatalogItem(ctx().deps.db, item('plow-edge', 'PH-1'), T0);
    await insertUser(ctx().deps.db, { username: 'sam', displayName: 'Sam', passwordHash: 'x' }, T0);
  });

  it('names the table and the column of the collision', async () => {
    const { db } = ctx().deps;
    const slug = await failureOf(insertCatalogItem(db, item('plow-edge', 'PH-2'), T0));
    expect(uniqueViolationOn(slug)).toMatchObject({ table: 'catalog_items', columns: ['slug'] });
    const sku = await failureOf(insertCatalogItem(db, item('plow-edge-2', 'PH-1'), T0));
    expect(uniqueViolationOn(sku)).toMatchObject({ table: 'catalog_items', columns: ['sku'] });
    const user = await failureOf(
      insertUser(db, { username: 'sam', displayName: 'S', passwordHash: 'y' }, T0),
    );
    expect(uniqueViolationOn(user)).toMatchObject({ table: 'users', columns: ['username'] });
    if (engine === 'postgres') expect(uniqueViolationOn(user)?.constraint).toEqual(expect.any(String));
  });

  it('answers undefined for every other failure', async () => {
    const { db } = ctx().deps;
    const notNull = await failureOf(sql`insert into users (username) values (null)`.execute(db));
    expect(uniqueViolationOn(notNull)).toBeUndefined();
    const syntax = await failureOf(sql`selec 1`.execute(db));
    expect(uniqueViolationOn(syntax)).toBeUndefined();
    expect(uniqueViolationOn(new Error('UNIQUE constraint failed, or so it says'))).toBeUndefined();
    expect(uniqueViolationOn(undefined)).toBeUndefined();
    expect(uniqueViolationOn('23505')).toBeUndefined();
  });
});
