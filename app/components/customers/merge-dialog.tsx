/**
 * 'Merge with another customer' on a customer's page (app/components/customers/customer-screen.tsx).
 */
import { Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { DialogActions, DialogBody, DialogFrame } from '#app/components/admin/editor-dialog.tsx';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { firstMessages, Refusal, useFormErrors } from '#app/components/admin/staff-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { Input, Label } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import { CUSTOMER_TEXT, customerLabel, customerPhone } from '#app/modules/customers/customers.ts';
import { customersHref, type CustomerRow, type CustomerScreenData } from '#app/modules/customers/screens.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

type Found = { customers: CustomerRow[]; next: string | null; error: string | null };

/**
 * 'Merge with another customer': the customers list searched as staff type (the list screen's
 * loader, through a fetcher), one of them chosen as the customer to keep, then Merge. The action
 * answers with the kept customer's page (a redirect); a refusal is said at the top.
 */
export function MergeDialog({
  customer,
  onClose,
}: {
  customer: CustomerScreenData['customer'];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<number | null>(null);
  const { element, show, clear, refusal } = useFormErrors({ id: 'merge' });
  const finder = useFetcher<Found>();
  const load = useEffectEvent((term: string) => finder.load(customersHref({ search: term })));
  // the most recent customers at first, then those matching what is typed (after a pause)
  useEffect(() => {
    const timer = setTimeout(() => void load(search), search ? 300 : 0);
    return () => clearTimeout(timer);
  }, [search]);
  const merge = useStaffFetcher<ActionAnswer>((answer) => {
    // the choice is the form's one field: its message is the refusal at the top
    if (!answer.ok) show({ message: firstMessages(answer.fieldErrors).into ?? answer.message });
  });
  // the answer is the kept customer's page: the fetcher follows the redirect
  const redirecting = merge.state === 'loading' && merge.data === undefined;
  const announced = useRef(false);
  useEffect(() => {
    if (redirecting && !announced.current) {
      announced.current = true;
      toast({ title: CUSTOMER_TEXT.merged });
    }
  }, [redirecting]);
  const busy = merge.state !== 'idle';
  const found = (finder.data?.customers ?? []).filter((c) => c.id !== customer.id);
  const searching = finder.state !== 'idle';
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (into === null) return show({ message: CUSTOMER_TEXT.mergeChoose }, { quiet: true });
    clear();
    void merge.submit({ intent: 'merge', into: String(into) }, { method: 'post' });
  };
  return (
    <DialogFrame
      open
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      title={CUSTOMER_TEXT.merge}
      description={CUSTOMER_TEXT.mergeHint}
      size="normal"
      initialFocus="merge-search"
    >
      <form ref={element} noValidate onSubmit={confirm} className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <div className="grid gap-4">
            <Refusal message={refusal} />
            <div>
              <Label htmlFor="merge-search">{CUSTOMER_TEXT.mergeSearch}</Label>
              <Input
                id="merge-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="merge-search-hint"
              />
              <p id="merge-search-hint" className="mt-1 text-sm text-slate-600">
                {CUSTOMER_TEXT.searchHint}
              </p>
            </div>
            <fieldset aria-busy={searching || undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-800">{CUSTOMER_TEXT.mergeInto}</legend>
              <p role="status" className="sr-only">
                {searching ? CUSTOMER_TEXT.mergeSearching : ''}
              </p>
              {finder.data && found.length === 0 ? (
                <p className="text-sm text-slate-600">{CUSTOMER_TEXT.mergeNone}</p>
              ) : (
                <ul className="grid gap-2">
                  {found.map((c) => (
                    <li key={c.id}>
                      <label
                        className={cn(
                          'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3',
                          into === c.id ? 'border-orange-600 bg-orange-50' : 'border-slate-200',
                        )}
                      >
                        <input
                          type="radio"
                          name="into"
                          value={c.id}
                          checked={into === c.id}
                          onChange={() => setInto(c.id)}
                          className="mt-0.5 h-5 w-5 shrink-0 accent-orange-700"
                        />
                        <span className="min-w-0 text-sm">
                          <span className="block break-words font-medium text-slate-900">
                            {customerLabel(c)}
                          </span>
                          <span className="block break-words text-slate-600">
                            {[customerPhone(c), c.email, CUSTOMER_TEXT.requestCount(c.leadCount)]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          </div>
        </DialogBody>
        <DialogActions busy={busy}>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {busy ? CUSTOMER_TEXT.merging : CUSTOMER_TEXT.mergeButton}
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}
