/**
 * The orders screen's body (app/routes/admin-orders.tsx): 'Needs attention' first, then a section
 * per step, each part a card that fits a 390 px phone, with its lead's case number as a link, the
 * one-press move to its next step and 'Undo last step'.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { shortDay, type LineStep, type OrdersBoard, type OrdersRow } from '#app/modules/orders/orders.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';
import { MarkOrderedForm } from './mark-ordered-form.tsx';

export const ORDERS_TEXT = {
  title: 'Orders',
  subtitle: 'Parts bought for customers, from supplier to pickup.',
  attention: 'Needs attention',
  none: 'No open orders. Parts show here once a customer accepts a quote.',
  empty: 'Nothing here.',
  undo: 'Undo last step',
  promised: 'Promised',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}.`,
  showAll: (title: string) => `Show all: ${title}`,
} as const;

export function OrdersScreen({ board, show }: { board: OrdersBoard; show: LineStep | null }) {
  const total = board.steps.reduce((n, s) => n + s.total, 0);
  return (
    <section>
      <h1 className="text-2xl font-bold">{ORDERS_TEXT.title}</h1>
      <p className="mt-1 text-slate-600">{ORDERS_TEXT.subtitle}</p>
      {total === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {ORDERS_TEXT.none}
        </p>
      ) : (
        <>
          {board.exceptions.length > 0 && (
            <OrdersGroup
              title={ORDERS_TEXT.attention}
              rows={board.exceptions}
              total={board.exceptions.length}
              suppliers={board.suppliers}
              attention
            />
          )}
          {board.steps.map((group) => (
            <OrdersGroup
              key={group.step}
              title={group.label}
              rows={group.rows}
              total={group.total}
              suppliers={board.suppliers}
              more={group.step === show ? undefined : `?show=${group.step}`}
            />
          ))}
        </>
      )}
    </section>
  );
}

function OrdersGroup({
  title,
  rows,
  total,
  suppliers,
  more,
  attention,
}: {
  title: string;
  rows: OrdersRow[];
  total: number;
  suppliers: OrdersBoard['suppliers'];
  /** where the rest of the group is, when some are not shown */
  more?: string;
  attention?: boolean;
}) {
  const id = `orders-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className={attention ? 'text-lg font-semibold text-red-800' : 'text-lg font-semibold'}>
        {title} <span className="font-normal text-slate-600">({total})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{ORDERS_TEXT.empty}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {rows.map((row) => (
            <OrderCard key={row.lineId} row={row} suppliers={suppliers} />
          ))}
        </ul>
      )}
      {more && total > rows.length && (
        <p className="mt-3 text-sm text-slate-700">
          {ORDERS_TEXT.showing(rows.length, total)}{' '}
          <Link to={more} className="font-medium text-blue-800 underline">
            {ORDERS_TEXT.showAll(title)}
          </Link>
        </p>
      )}
    </section>
  );
}

function OrderCard({ row, suppliers }: { row: OrdersRow; suppliers: OrdersBoard['suppliers'] }) {
  const fetcher = useStaffFetcher<ActionAnswer<{ line?: number }>>((answer) => {
    if (!answer.ok) toast({ title: 'Not moved', description: answer.message, variant: 'destructive' });
  });
  const busy = fetcher.state !== 'idle';
  // 'Mark ordered' asks for the supplier and the promised date first (decision 0195)
  const [asking, setAsking] = useState(false);
  const formId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const asks = row.next?.step !== undefined && row.step === 'to_order';
  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  const submit = (intent: 'step' | 'undo', to = '') =>
    fetcher.submit(
      { intent, lead: String(row.leadId), line: String(row.lineId), to, revision: String(row.revision) },
      { method: 'post' },
    );
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Link to={`/admin/leads/${row.leadId}`} className="font-semibold text-blue-800 underline">
          {row.caseNumber}
        </Link>
        <span className="text-sm text-slate-700">{row.stepLabel}</span>
      </div>
      <p className="mt-1 break-words font-medium">{row.part}</p>
      <p className="break-words text-sm text-slate-700">
        {row.customer}
        {row.supplierName ? ` · ${row.supplierName}` : ''}
        {row.promisedDate ? ` · ${ORDERS_TEXT.promised} ${shortDay(row.promisedDate)}` : ''}
      </p>
      {row.exception && <p className="mt-1 text-sm font-medium text-red-800">{row.exception}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {row.next && asks && (
          <Button
            ref={opener}
            type="button"
            aria-expanded={asking}
            aria-controls={asking ? formId : undefined}
            onClick={() => (asking ? close() : setAsking(true))}
          >
            {row.next.label}
          </Button>
        )}
        {row.next && !asks && (
          <Button type="button" disabled={busy} onClick={() => submit('step', row.next!.step)}>
            {row.next.label}
          </Button>
        )}
        {row.canUndo && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => submit('undo')}>
            {ORDERS_TEXT.undo}
          </Button>
        )}
      </div>
      {asking && row.next && (
        <MarkOrderedForm
          id={formId}
          fields={{
            intent: 'step',
            lead: String(row.leadId),
            line: String(row.lineId),
            to: row.next.step,
            revision: String(row.revision),
          }}
          suppliers={suppliers}
          supplierId={row.supplierId}
          promisedDate={row.promisedDate}
          onDone={() => {
            setAsking(false);
            toast({ title: 'Part ordered' });
          }}
          onCancel={close}
        />
      )}
    </li>
  );
}
