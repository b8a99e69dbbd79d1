/**
 * What the Orders screen reads (issue 29, decision 0150): the open lines of every ordered lead, those
 * that need staff first (late, ready and not collected, not ordered), then each step's count and its
 * first lines. Read only; the lines are changed by order-lines.ts.
 */
import {
  businessDay,
  DAY_MS,
  EXCEPTION_LABELS,
  lineException,
  UNCOLLECTED_DAYS,
} from '#app/modules/orders/order-timing.ts';
import {
  LINE_STEPS,
  moveLabel,
  nextStep,
  stepLabel,
  type LineStep,
  type OrdersBoard,
  type OrdersRow,
} from '#app/modules/orders/orders.ts';
import {
  countOpenLines,
  listLinesNeedingAttention,
  listOpenLinesAt,
  listSuppliers,
  type OpenLine,
} from '../db/repo/orders.ts';
import type { ServiceDeps } from './context.ts';

/** How many lines the orders screen shows: per step, of one step shown whole, needing attention. */
export const BOARD_STEP_LIMIT = 20;
export const BOARD_SHOW_ALL_LIMIT = 500;
export const BOARD_ATTENTION_LIMIT = 50;

/** The orders screen's group headings. */
type OpenStep = Exclude<LineStep, 'done'>;
const OPEN_STEPS = LINE_STEPS.filter((s): s is OpenStep => s !== 'done');
const STEP_GROUPS: Record<OpenStep, string> = {
  to_order: stepLabel('to_order', 'pickup'),
  ordered: stepLabel('ordered', 'pickup'),
  shipped: stepLabel('shipped', 'pickup'),
  arrived: stepLabel('arrived', 'pickup'),
  ready: 'Ready for pickup or out for delivery',
};

export function orderBoardService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    /**
     * The orders screen: the lines that need staff first (late, ready and not collected, not
     * ordered), then each step's count and its first lines (all of one step with `show`).
     */
    async board(options: { show?: LineStep } = {}): Promise<OrdersBoard> {
      const at = now();
      const row = (line: OpenLine): OrdersRow & { needs: boolean } => {
        const exception = lineException(
          {
            step: line.step,
            promisedDate: line.promisedDate,
            readyAt: line.readyAt ? new Date(line.readyAt) : null,
            acceptedAt: new Date(line.createdAt),
          },
          at,
        );
        const next = nextStep(line.step);
        return {
          leadId: line.leadId,
          lineId: line.id,
          revision: line.revision,
          caseNumber: line.caseNumber ?? `#${line.leadId}`,
          customer: line.customer,
          part: line.part,
          supplierId: line.supplierId,
          supplierName: line.supplierName,
          step: line.step,
          stepLabel: stepLabel(line.step, line.handover),
          next: next ? { step: next, label: moveLabel(next, line.handover) } : null,
          canUndo: line.previousStep !== null,
          promisedDate: line.promisedDate,
          exception: exception ? EXCEPTION_LABELS[exception] : null,
          needs: exception !== undefined,
        };
      };
      const strip = ({ needs: _, ...r }: OrdersRow & { needs: boolean }): OrdersRow => r;
      const [suppliers, counts, candidates, ...groups] = await Promise.all([
        listSuppliers(db),
        countOpenLines(db, OPEN_STEPS),
        // a line still to order for a day may be within its business day (a weekend): the rule decides
        listLinesNeedingAttention(
          db,
          {
            today: businessDay(at),
            readyBefore: new Date(at.getTime() - UNCOLLECTED_DAYS * DAY_MS),
            addedBefore: new Date(at.getTime() - DAY_MS),
          },
          BOARD_ATTENTION_LIMIT,
        ),
        ...OPEN_STEPS.map((step) =>
          listOpenLinesAt(db, step, step === options.show ? BOARD_SHOW_ALL_LIMIT : BOARD_STEP_LIMIT),
        ),
      ]);
      return {
        exceptions: candidates
          .map(row)
          .filter((r) => r.needs)
          .map(strip),
        steps: OPEN_STEPS.map((step, i) => ({
          step,
          label: STEP_GROUPS[step],
          total: counts.get(step) ?? 0,
          rows: groups[i]!.map((line) => strip(row(line))),
        })),
        suppliers: suppliers.map(({ id, name }) => ({ id, name })),
      };
    },
  };
}
