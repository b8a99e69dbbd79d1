/**
 * What a back-office screen's action performs, by the form's `intent` (decision 0182): a declared
 * change named by its string (server/changes/; the names are types only, so nothing of the server
 * is loaded here), with values of the screen's own that its form does not send, and the screen's
 * answer made of the change's result. A screen exports its map as `changes` and serves it with
 * `serveChanges` (app/staff.server.ts); tests/api/changes.test.ts reads every screen's map.
 */
import type { ChangeName, ChangeResult } from '#server/changes/index.ts';

export type { ChangeName };

/**
 * An intent's change: `input` the screen's own values ('archive' is `suppliers.archive` with
 * `archived: true`), `answer` what the screen answers (without it, `{ intent }`). `read` reads the
 * form where the screen's form speaks otherwise than the change (the catalog's item dialog types
 * dollars and lines, the change takes docs/product.md §7's item in cents): the change's input, or a
 * refusal thrown in the one error shape. `files` names the form's file fields the change reads
 * (the blog post's `featuredImage`), handed over as `{ data, name }`.
 */
export type Served = {
  change: ChangeName;
  input?: Record<string, unknown>;
  answer?: (result: never) => object;
  read?: (form: FormData) => Record<string, unknown>;
  files?: readonly string[];
};

/** A screen's changes by intent. */
export type ScreenChanges = Record<string, ChangeName | Served>;

/** An intent's change, typed: its answer reads the change's own result. */
export function served<N extends ChangeName>(
  change: N,
  options: {
    input?: Record<string, unknown>;
    answer?: (result: ChangeResult<N>) => object;
    read?: (form: FormData) => Record<string, unknown>;
    files?: readonly string[];
  } = {},
): Served {
  return { change, ...options };
}

/** An intent's entry as one shape. */
export const servedOf = (entry: ChangeName | Served): Served =>
  typeof entry === 'string' ? { change: entry } : entry;
