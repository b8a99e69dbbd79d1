/**
 * 'Import CSV' (decision 0020): choose a sheet, the server checks every row (a dry run) and says
 * what it would create and update, or lists every problem by row and column; only then can staff
 * import it. Nothing is written while any row is bad.
 */
import { AlertTriangle, CheckCircle2, FileSpreadsheet, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { adminApi, errorMessage } from '#app/components/admin/admin-api.ts';
import { DialogActions, DialogBody, DialogFrame } from '#app/components/admin/editor-dialog.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import type { CatalogImportResult } from '#app/modules/catalog/catalog.ts';

type State =
  | { step: 'choose' }
  | { step: 'checking'; file: File }
  | { step: 'checked'; file: File; result: CatalogImportResult }
  | { step: 'importing'; file: File; result: CatalogImportResult };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function CatalogImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'choose' });
  const busy = state.step === 'checking' || state.step === 'importing';

  function failed(err: unknown) {
    toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    setState({ step: 'choose' });
  }

  async function check(file: File | undefined) {
    if (!file) return;
    setState({ step: 'checking', file });
    try {
      setState({ step: 'checked', file, result: await adminApi.catalog.importCsv(file, true) });
    } catch (err) {
      failed(err);
    }
  }

  async function runImport() {
    if (state.step !== 'checked' || !state.result.ok) return;
    setState({ ...state, step: 'importing' });
    try {
      const result = await adminApi.catalog.importCsv(state.file, false);
      if (!result.ok) {
        setState({ step: 'checked', file: state.file, result });
        return;
      }
      toast({
        title: 'Success',
        description: `Catalog imported: ${plural(result.created, 'new item', 'new items')}, ${plural(result.updated, 'item', 'items')} updated.`,
      });
      setState({ step: 'choose' });
      onImported();
    } catch (err) {
      failed(err);
    }
  }

  const result = state.step === 'checked' || state.step === 'importing' ? state.result : null;

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!next) setState({ step: 'choose' });
        onOpenChange(next);
      }}
      busy={busy}
      title="Import CSV"
      description="Create or update items by SKU from a spreadsheet."
      size="narrow"
    >
      <DialogBody className="text-sm">
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          <li>
            A <code className="font-mono">sku</code> column is required. Other columns:{' '}
            <code className="font-mono">
              slug, title, brand, category, subcategory, description, supplier_sku, cost, markup_pct, price,
              stock_qty, status, specs, images
            </code>
            .
          </li>
          <li>
            Only the columns in the file change existing items: a sheet of SKU, cost and stock reprices and
            restocks.
          </li>
          <li>
            New SKUs become new items (title and category needed; a category by its name or its slug), saved
            as drafts unless the status says otherwise.
          </li>
          <li>Every row is checked first. If any row has a problem, nothing is imported.</li>
        </ul>
        <p className="mt-3 text-slate-600">
          Tip: start from Export CSV to get the current catalog in this format.
        </p>

        <div className="mt-5">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="peer sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              void check(file);
            }}
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 bg-slate-50 px-4 font-semibold text-slate-800 hover:bg-slate-100 peer-focus-visible:ring-2 peer-focus-visible:ring-orange-500 peer-focus-visible:ring-offset-2"
          >
            <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
            {state.step === 'choose' ? 'Choose CSV file' : 'Choose another file'}
          </label>
          {state.step !== 'choose' && (
            <span className="ml-3 break-all text-slate-700">{state.file.name}</span>
          )}
        </div>

        <div aria-live="polite" className="mt-5">
          {state.step === 'checking' && (
            <p className="flex items-center gap-2 text-slate-700">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              Checking every row...
            </p>
          )}
          {result?.ok && (
            <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
              <p className="flex items-center gap-2 font-semibold">
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                Ready to import
              </p>
              <p className="mt-1">
                {plural(result.created, 'new item', 'new items')}, {plural(result.updated, 'item', 'items')}{' '}
                to update, {result.unchanged} unchanged.
              </p>
              {result.ignoredColumns.length > 0 && (
                <p className="mt-1">Ignored columns: {result.ignoredColumns.join(', ')}</p>
              )}
            </div>
          )}
          {result && !result.ok && (
            <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
              <p className="flex items-center gap-2 font-semibold">
                <AlertTriangle className="h-4 w-4" aria-hidden="true" />
                {result.message}
              </p>
              <div
                className="mt-3 max-h-64 overflow-auto rounded border border-red-200 bg-white"
                tabIndex={0}
                role="region"
                aria-label="Problems found"
              >
                <table className="w-full text-left text-sm text-slate-800">
                  <thead className="sticky top-0 bg-red-100 text-red-950">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Row
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Column
                      </th>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        Problem
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-red-100">
                    {result.problems.map((p, i) => (
                      <tr key={i}>
                        <td className="px-3 py-2 tabular-nums">{p.row}</td>
                        <td className="px-3 py-2 font-mono">{p.column ?? '—'}</td>
                        <td className="px-3 py-2">{p.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </div>
      </DialogBody>
      <DialogActions busy={busy}>
        <Button variant="accent" disabled={!result?.ok || busy} onClick={() => void runImport()}>
          {state.step === 'importing' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {state.step === 'importing' ? 'Importing...' : 'Import'}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
