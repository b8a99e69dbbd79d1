/**
 * The inbox's pulse in the back office's shell (decision 0161): while the page is visible it asks
 * GET /api/inbox/pulse ({ unread, latest }) every INBOX_POLL_MS, and when the newest message's time
 * changes it reloads the screen's loaders (useRevalidator), so the inbox's list and the open
 * conversation show a text within a few seconds of its arrival, without a reload. Answers the
 * figures to show in the menu: the last poll's, or the layout loader's when it is newer (a
 * navigation or a change read them afresh). The loader's are null when it could not read them.
 * `paused` (signing out) stops the polls and drops the one on its way: once the session is gone
 * its answer would be a 401, which the browser reports in the console.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';
import { INBOX_POLL_MS, type InboxPulse } from '#app/modules/customers/inbox.ts';

/** What the menu shows before the figures could be read. */
const NO_PULSE: InboxPulse = { unread: 0, latest: null };

export function useInboxPulse(read: InboxPulse | null, paused = false): InboxPulse {
  const loaded = read ?? NO_PULSE;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // a poll's answer, with the loader's figures it was read after (a newer load wins over it)
  const [polled, setPolled] = useState<{ after: InboxPulse; pulse: InboxPulse } | null>(null);
  // the newest message the screen has been loaded with
  const known = useRef(loaded.latest);
  // the poll on its way, dropped when the polls pause
  const asking = useRef<AbortController | null>(null);

  const poll = useEffectEvent(async () => {
    // one poll at a time (a slow answer is not asked again over): the one `paused` drops
    if (paused || asking.current || document.visibilityState !== 'visible') return;
    const controller = new AbortController();
    asking.current = controller;
    let pulse: InboxPulse;
    try {
      const res = await fetch('/api/inbox/pulse', {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      // signed out meanwhile, the server away: the next navigation says so
      if (!res.ok) return;
      pulse = (await res.json()) as InboxPulse;
    } catch {
      return;
    } finally {
      asking.current = null;
    }
    setPolled({ after: loaded, pulse });
    // the loaders read it already (a navigation since): nothing to reload
    if (pulse.latest === loaded.latest) known.current = pulse.latest;
    if (pulse.latest === known.current) return;
    // not in the middle of a change or a navigation: the next poll tries again
    if (revalidator.state !== 'idle' || navigation.state !== 'idle') return;
    if (fetchers.some((f) => f.state !== 'idle')) return;
    known.current = pulse.latest;
    void revalidator.revalidate();
  });

  useEffect(() => {
    if (paused) asking.current?.abort();
  }, [paused]);

  useEffect(() => {
    const timer = setInterval(() => void poll(), INBOX_POLL_MS);
    const visible = () => void poll();
    document.addEventListener('visibilitychange', visible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);

  return polled && polled.after === loaded ? polled.pulse : loaded;
}
