/**
 * The notifications region (Radix Toast): 5000 ms auto-close, swipe right 50 px to dismiss,
 * F8 focuses the region, labelled 'Notifications' — Radix's defaults are the spec's (product.md §9).
 * Toasts sit at the bottom (above the phone's bottom bar) and never cover a dialog's action
 * buttons: while one is shown, a dialog's action row (marked `data-dialog-actions`) that it
 * would overlap lifts the region just above that row.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from './cn.ts';
import { dismissToast, useToasts } from './use-toast.ts';

export const TOAST_DURATION = 5000;

/** The region's distance from the bottom without a dialog: above the bottom bar (bottom-16) below md. */
const baseBottom = () => (window.matchMedia('(min-width: 768px)').matches ? 0 : 64);

/**
 * The bottom offset that keeps the toasts above every dialog action row they would overlap, or
 * null when none is in the way. Measured every frame while a toast is open (a dialog may open,
 * close, scroll or wrap its buttons meanwhile), and not at all otherwise.
 */
function useClearOfDialogActions(active: boolean, viewport: RefObject<HTMLOListElement | null>) {
  const [lift, setLift] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      let next: number | null = null;
      const region = viewport.current?.getBoundingClientRect();
      if (region) {
        const base = baseBottom();
        const bottom = window.innerHeight - base;
        const top = bottom - region.height;
        for (const row of document.querySelectorAll('[data-dialog-actions]')) {
          const r = row.getBoundingClientRect();
          const beside = r.right <= region.left || r.left >= region.right;
          if (!r.height || beside || r.top >= bottom || r.bottom <= top) continue;
          next = Math.max(next ?? base, Math.ceil(window.innerHeight - r.top));
        }
      }
      setLift((previous) => (previous === next ? previous : next));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => {
      cancelAnimationFrame(frame);
      setLift(null);
    };
  }, [active, viewport]);
  return lift;
}

export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const lift = useClearOfDialogActions(
    toasts.some((t) => t.open),
    viewport,
  );
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notifications"
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        style={lift === null ? undefined : { bottom: lift }}
        className="fixed bottom-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm md:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
