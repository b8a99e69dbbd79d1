/**
 * Notifications state (product.md §4 'Notifications'): add, update, dismiss, remove; one visible at a
 * time; a dismissed toast is removed from memory after 1,000,000 ms (its exit animation is long done).
 * A tiny store outside React so any code path (a mutation's error handler, say) can raise a toast.
 */
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';
export type ToastData = {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  open: boolean;
};
type ToastInput = Omit<ToastData, 'id' | 'open'>;

type Action =
  | { type: 'ADD_TOAST'; toast: ToastData }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

type State = { toasts: ToastData[] };

let count = 0;
const nextId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER));
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  if (action.type === 'DISMISS_TOAST') {
    for (const t of memoryState.toasts)
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = nextId();
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS_TOAST', toastId: id }),
    update: (next: ToastInput) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId: id });
}

/** Calls `listener` on every change of the toasts; returns the way to stop. */
export function subscribeToasts(listener: (toasts: ToastData[]) => void): () => void {
  const wrapped = (state: State) => listener(state.toasts);
  listeners.add(wrapped);
  return () => {
    listeners.delete(wrapped);
  };
}

const NO_TOASTS: ToastData[] = [];

/**
 * The toasts, kept in step with the store: also one raised before the toaster listened (by an
 * effect of the page's first render, which runs before the toaster's).
 */
export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribeToasts,
    () => memoryState.toasts,
    () => NO_TOASTS,
  );
}
