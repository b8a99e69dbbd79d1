import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT, type ToastData } from './use-toast.ts';

const t = (id: string): ToastData => ({ id, title: id, open: true });

describe('toast reducer', () => {
  it('keeps only the newest toast visible', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = reducer(reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: t('a') }), {
      type: 'ADD_TOAST',
      toast: t('b'),
    });
    expect(state.toasts.map((x) => x.id)).toEqual(['b']);
  });

  it('updates, dismisses (closed but kept) and removes', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: t('a') });
    state = reducer(state, { type: 'UPDATE_TOAST', toast: { id: 'a', title: 'Saved' } });
    expect(state.toasts[0]?.title).toBe('Saved');
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(state.toasts).toEqual([{ id: 'a', title: 'Saved', open: false }]);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: 'a' });
    expect(state.toasts).toEqual([]);
  });
});
