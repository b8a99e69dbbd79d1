/**
 * The back office's one form system (decision 0183): one small hook over the router's fetchers
 * (`useStaffFetcher`, app/components/admin/staff-fetcher.ts), and one way to show what was refused.
 *
 * - A field's message goes under the field (`error(name)`, a `FieldError`), and the field says so:
 *   `field(name)` gives it its id, `aria-invalid` and `aria-describedby` (the message, then any hint).
 * - A refusal that belongs to no field (a name already taken, a row gone) is said by `<Refusal>` at
 *   the top of the form; a form whose words the product gives as a notice (product.md §8: 'Error',
 *   'Login failed', 'Settings not saved') also says them in a toast (`notice`).
 * - After a refused submit, focus goes to the first field in error, else to the refusal.
 * - A form may check its values in the browser first (`check(schema, values)`, the same zod schema
 *   the server ends in): a refusal there is shown the same way and nothing is posted.
 *
 * Messages are kept by their full path ('followUps.viewed.text'); `messages(prefix)` gives the
 * first one of each field under a prefix, and `firstMessages` is the one fold of the error shape's
 * `fieldErrors` into what a form shows.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { useStaffFetcher } from '#app/components/admin/staff-fetcher.ts';
import { FieldError } from '#app/components/ui/input.tsx';
import { toast } from '#app/components/ui/use-toast.ts';
import type { ActionAnswer } from '#app/modules/site/answers.ts';

/** What was refused: the one error shape (decision 0074), as an action or /api answers it. */
export type Refused = { message: string; fieldErrors?: Record<string, string[]> };

/**
 * The first message of each field under `prefix` ('' for all), keyed by the next part of its path:
 * 'specs.0.name' counts for 'specs'; under 'followUps.viewed', 'followUps.viewed.text' for 'text'.
 */
export function firstMessages(
  fieldErrors: Record<string, string[]> | undefined,
  prefix = '',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    if (prefix && !path.startsWith(`${prefix}.`)) continue;
    const field = path.slice(prefix ? prefix.length + 1 : 0).split('.')[0]!;
    if (messages[0] && !(field in out)) out[field] = messages[0];
  }
  return out;
}

/** The words of a refusal that belongs to no field, at the top of its form. */
export function Refusal({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      data-refusal=""
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

/** A zod failure in the error shape: the first rule's words, the messages by their paths. */
function refusedBy(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Refused {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (path) (fieldErrors[path] ??= []).push(issue.message);
  }
  return { message: issues[0]?.message ?? '', fieldErrors };
}

type Shown = { fieldErrors: Record<string, string[]>; refusal: string | null; turn: number };

/**
 * A form's refusals: `show` them (and move the focus), `forget` a field's message once it is
 * changed, `clear` them all. `id` prefixes the fields' ids: `{id}-{name}`, `{id}-{name}-error`.
 */
export function useFormErrors({
  id,
  notice,
  words = (message) => message,
}: {
  id: string;
  notice?: string;
  /** the notice's words for the refusal's message (a screen's own words for no connection) */
  words?: (message: string) => string;
}) {
  // the form's element, as a callback ref: what the focus looks in
  const [form, element] = useState<HTMLFormElement | null>(null);
  const [shown, setShown] = useState<Shown>({ fieldErrors: {}, refusal: null, turn: 0 });

  // after a refused submit: the first field in error, else the refusal, in the middle of the screen
  // (not under the back office's sticky header)
  useEffect(() => {
    if (shown.turn === 0) return;
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-refusal]');
    first?.scrollIntoView?.({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [shown.turn, form]);

  /** Shows a refusal; `quiet` leaves out the notice (a check in the browser). */
  function show(refused: Refused, { quiet = false } = {}) {
    const fieldErrors = refused.fieldErrors ?? {};
    const byField = Object.keys(fieldErrors).length > 0;
    setShown((s) => ({ fieldErrors, refusal: byField ? null : refused.message, turn: s.turn + 1 }));
    if (notice && !quiet)
      toast({ title: notice, description: words(refused.message), variant: 'destructive' });
  }
  const clear = () => setShown((s) => ({ ...s, fieldErrors: {}, refusal: null }));
  /** A field changed: its message goes (by its path, or every path under it), the others stay. */
  function forget(path: string) {
    setShown((s) => {
      const gone = Object.keys(s.fieldErrors).filter((p) => p === path || p.startsWith(`${path}.`));
      if (gone.length === 0) return s;
      const fieldErrors = { ...s.fieldErrors };
      for (const p of gone) delete fieldErrors[p];
      return { ...s, fieldErrors };
    });
  }
  /** `values` checked by `schema`: its output, or undefined after showing what is wrong. */
  function check<T>(schema: ZodType<T>, values: unknown): T | undefined {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    show(refusedBy(parsed.error.issues), { quiet: true });
    return undefined;
  }

  const top = firstMessages(shown.fieldErrors);
  const errorId = (name: string) => `${id}-${name}-error`;
  return {
    /** the form's callback ref: `<form ref={element}>` */
    element,
    show,
    clear,
    forget,
    check,
    /** the refusal that belongs to no field, for `<Refusal>` */
    refusal: shown.refusal,
    /** every message by its full path ('options.1.cost'), as the error shape has them */
    fieldErrors: shown.fieldErrors,
    /** whether any field has a message */
    byField: Object.keys(shown.fieldErrors).length > 0,
    /** the first message of each field under `prefix` */
    messages: (prefix = '') => (prefix ? firstMessages(shown.fieldErrors, prefix) : top),
    /** a control's id, name and state; `hint` is the id of the words under it */
    field: (name: string, hint?: string) => ({
      id: `${id}-${name}`,
      name,
      'aria-invalid': top[name] ? (true as const) : undefined,
      'aria-describedby': [top[name] && errorId(name), hint].filter(Boolean).join(' ') || undefined,
    }),
    /** the field's message, under it */
    error: (name: string) => <FieldError id={errorId(name)} message={top[name]} />,
  };
}

/**
 * A back-office form posted to its route's action: `submit(fields)` posts the form with `fields`
 * added (its intent, an id); `post(data)` posts what a form built itself. `done` hears the
 * action's `{ ok: true, … }` once the screen has been read again; a refusal is shown as above.
 */
export function useStaffForm<Answer extends ActionAnswer>({
  done,
  ...shown
}: Parameters<typeof useFormErrors>[0] & {
  done: (answer: Extract<Answer, { ok: true }>) => void;
}) {
  const errors = useFormErrors(shown);
  const fetcher = useStaffFetcher<Answer>((answer) => {
    if (answer.ok) {
      errors.clear();
      done(answer as Extract<Answer, { ok: true }>);
    } else errors.show(answer as Refused);
  });
  // a form with a file goes as multipart (the router sends a form url-encoded, without its files)
  const post = (data: FormData | Record<string, string>) => {
    const files = data instanceof FormData && [...data.values()].some((v) => typeof v !== 'string');
    void fetcher.submit(data, { method: 'post', encType: files ? 'multipart/form-data' : undefined });
  };
  const submit = (fields: Record<string, string>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    post(data);
  };
  return { ...errors, fetcher, busy: fetcher.state !== 'idle', post, submit };
}
