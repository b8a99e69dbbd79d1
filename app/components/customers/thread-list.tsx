/**
 * A customer's conversation, oldest first, as a customer's page and the inbox show it: the lead
 * dialog's message bubbles (with their delivery status), each with its time as the server wrote
 * it. The box scrolls, kept at the newest message (the one staff need), and can be reached by
 * keyboard to scroll it.
 */
import { useEffect, useRef } from 'react';
import { MessageBubble } from '#app/components/leads/lead-conversation.tsx';
import { cn } from '#app/components/ui/cn.ts';
import type { ThreadRow } from '#app/modules/customers/screens.ts';

export function ThreadList({
  label,
  thread,
  className,
}: {
  label: string;
  thread: ThreadRow[];
  className?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const newest = thread.at(-1)?.key;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  return (
    <ol
      ref={list}
      aria-label={label}
      tabIndex={0}
      // positioned: what is hidden in its messages (a status's words for screen readers) stays
      // inside the box, instead of lengthening the page
      className={cn(
        'relative max-h-[28rem] space-y-2 overflow-y-auto rounded-md border border-slate-200 p-2',
        className,
      )}
    >
      {thread.map((m) => (
        <MessageBubble key={m.key} message={m} when={m.when} />
      ))}
    </ol>
  );
}
