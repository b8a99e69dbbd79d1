/**
 * The layout the back office's dialogs share (a catalog item, a blog post, the CSV import): a
 * title, an optional description and a Close button above a body that scrolls between a fixed
 * header and footer; Cancel and the dialog's own button in the footer (for a form, its submit). Full screen on a phone, centred from
 * `sm` up. While `busy` nothing closes it and the submit button shows a spinner and `busyLabel`.
 * Focus goes to `initialFocus` (an element id) when given, and back to whatever opened the dialog
 * when it closes: Radix returns it only to a Dialog.Trigger, and these open from table rows.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useRef, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/components/ui/cn.ts';

const SIZES = {
  narrow: 'sm:max-h-[90vh] sm:w-[min(92vw,40rem)]',
  normal: 'sm:max-h-[92vh] sm:w-[min(92vw,48rem)]',
  wide: 'sm:max-h-[94vh] sm:w-[min(94vw,60rem)]',
} as const;

type FrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: string;
  description?: string;
  size?: keyof typeof SIZES;
  initialFocus?: string;
  children: ReactNode;
};

/** The dialog itself: overlay, panel, title and Close; `children` fill the rest of the panel. */
export function DialogFrame({
  open,
  onOpenChange,
  busy,
  title,
  description,
  size = 'normal',
  initialFocus,
  children,
}: FrameProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 top-0 z-50 flex flex-col bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
            SIZES[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(e) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (!initialFocus) return;
            e.preventDefault();
            document.getElementById(initialFocus)?.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (opener.current?.isConnected) {
              e.preventDefault();
              opener.current.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close"
                disabled={busy}
                className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The footer: Cancel (closes, unless busy), then the dialog's own buttons. */
export function DialogActions({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div
      data-dialog-actions=""
      className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
    >
      <Dialog.Close asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </Dialog.Close>
      {children}
    </div>
  );
}

/** The scrolling middle of a dialog, between its title and its footer. */
export function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6', className)}>{children}</div>;
}

/** A form in a dialog: its fields scroll, and the footer's submit button says `busyLabel` while busy. */
export function EditorDialog({
  onSubmit,
  submitLabel,
  busyLabel,
  bodyClassName,
  formRef,
  children,
  ...frame
}: FrameProps & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the form's own element (the form system's `formRef`, app/components/admin/staff-form.tsx) */
  formRef?: Ref<HTMLFormElement>;
  submitLabel: string;
  busyLabel: string;
  bodyClassName?: string;
}) {
  return (
    <DialogFrame {...frame}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
        <DialogBody className={bodyClassName}>{children}</DialogBody>
        <DialogActions busy={frame.busy}>
          <Button type="submit" variant="accent" disabled={frame.busy}>
            {frame.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {frame.busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}
