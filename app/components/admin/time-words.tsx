/**
 * Times as the server wrote them (decision 0192): a screen whose loader sends `times` (app/modules/
 * shared/time-words.ts) wraps what it shows in `<TimeWordsProvider words={times}>`, and each time
 * shown is `<When at={iso} />` (or `useWhen()(iso)` inside other words). Without the server's words
 * for an instant (a component test, a screen without them) it is written by the same function the
 * server uses, which in a browser relies on the browser's time-zone data: the loader's map is what
 * keeps the browser out of it.
 */
import { createContext, use, type ReactNode } from 'react';
import type { TimeWords } from '#app/modules/shared/time-words.ts';
import { businessTime } from '#app/modules/team/team.ts';

const TimeWordsContext = createContext<TimeWords>({});

export function TimeWordsProvider({ words, children }: { words: TimeWords; children: ReactNode }) {
  return <TimeWordsContext value={words}>{children}</TimeWordsContext>;
}

/** The words of an instant: the server's. */
export function useWhen(): (at: string) => string {
  const words = use(TimeWordsContext);
  return (at) => words[at] ?? businessTime(at);
}

/** An instant in words, in a `<time>` that carries the instant itself. */
export function When({ at }: { at: string }) {
  const when = useWhen();
  return <time dateTime={at}>{when(at)}</time>;
}
