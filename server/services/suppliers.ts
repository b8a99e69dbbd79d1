/**
 * The suppliers parts are bought from (issue 29, decision 0150): the list, one supplier, and staff's
 * changes to it. A supplier is archived, never deleted, so old orders keep theirs; the lines that
 * name one are order-lines.ts. `services.orders.suppliers` (orders.ts).
 */
import { supplierSchema } from '#app/modules/orders/orders.ts';
import { z } from 'zod';
import {
  archiveSupplier,
  findSupplier,
  insertSupplier,
  listSuppliers,
  updateSupplier,
} from '../db/repo/orders.ts';
import { AppError } from '../errors.ts';
import { parseInput } from '../validation.ts';
import type { ServiceDeps } from './context.ts';

export const SUPPLIER_NOT_FOUND = 'Supplier not found';

const archiveSchema = z.object({ archived: z.boolean({ message: 'Say archived: true or false.' }) });

export function suppliersService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function get(id: number) {
    const supplier = await findSupplier(db, id);
    if (!supplier) throw new AppError(404, SUPPLIER_NOT_FOUND);
    return supplier;
  }

  return {
    list: (options: { archived?: boolean } = {}) => listSuppliers(db, options),
    get,
    async create(payload: unknown) {
      const fields = parseInput(supplierSchema, payload);
      const id = await insertSupplier(db, fields, now());
      return get(id);
    },
    async update(id: number, payload: unknown) {
      const fields = parseInput(supplierSchema, payload);
      if (!(await updateSupplier(db, id, fields, now()))) throw new AppError(404, SUPPLIER_NOT_FOUND);
      return get(id);
    },
    /** `{ archived: true }` archives, `{ archived: false }` brings back. */
    async archive(id: number, payload: unknown) {
      const { archived } = parseInput(archiveSchema, payload);
      if (!(await archiveSupplier(db, id, archived, now()))) throw new AppError(404, SUPPLIER_NOT_FOUND);
      return get(id);
    },
  };
}

export type SuppliersService = ReturnType<typeof suppliersService>;
