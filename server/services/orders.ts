/**
 * Orders after a yes (issue 29, decision 0150), split by concern (decision 0186): the suppliers
 * (suppliers.ts), what the Orders screen reads (order-board.ts), a lead's lines and their steps
 * (order-lines.ts), the reminders pass (order-reminders.ts) and the texts the customer gets about
 * an order (order-texts.ts). `services.orders` is them together, as this factory composes them.
 */
import type { ServiceDeps } from './context.ts';
import type { Messaging } from './messaging.ts';
import { orderBoardService } from './order-board.ts';
import { orderLinesService } from './order-lines.ts';
import { orderRemindersService } from './order-reminders.ts';
import { orderTexts } from './order-texts.ts';
import { suppliersService } from './suppliers.ts';

// what callers (the tests, the changes) read of orders stays where it was
export { BOARD_ATTENTION_LIMIT, BOARD_SHOW_ALL_LIMIT, BOARD_STEP_LIMIT } from './order-board.ts';
export { LINE_NOT_FOUND, MAX_WHY, ORDER_ACTOR } from './order-lines.ts';
export { SUPPLIER_NOT_FOUND } from './suppliers.ts';

/** The orders whole: suppliers, the board, a lead's lines, the reminders; one texts writer for both. */
export function ordersService(deps: ServiceDeps, parts: { messaging: Messaging }) {
  const texts = orderTexts(deps, parts);
  return {
    suppliers: suppliersService(deps),
    ...orderBoardService(deps),
    ...orderLinesService(deps, { texts }),
    ...orderRemindersService(deps, { texts }),
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
