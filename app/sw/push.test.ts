/**
 * The service worker's push part (app/sw/push.ts, decision 0205) over a stand-in of the worker's
 * globals: what arrives is shown with its line, tag and address; a payload that is not JSON still
 * shows; tapping focuses a window already at the address, brings another back-office window there,
 * or opens one; an address off this site or outside the back office opens the inbox instead.
 */
import { describe, expect, it } from 'vitest';
import { openPush, showPush, type PushWorkerScope } from './push.ts';

type Shown = { title: string; options: { body: string; tag: string; data: { url: string } } };

function scope(windows: { url: string; focused?: boolean; navigatedTo?: string }[] = []) {
  const shown: Shown[] = [];
  const opened: string[] = [];
  const waits: Promise<unknown>[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: async () => {
      w.focused = true;
    },
    navigate: async (url: string) => {
      w.navigatedTo = url;
    },
  }));
  const worker: PushWorkerScope = {
    location: { origin: 'https://parts.example.ca' },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => opened.push(url),
    },
  };
  const event = { waitUntil: (p: Promise<unknown>) => waits.push(p) };
  return { worker, shown, opened, windows, event, settled: () => Promise.all(waits) };
}

const payload = {
  title: 'Parts Hunters MB',
  body: 'New request Q-10001 from Jane Doe: hydraulic pump',
  url: '/admin/leads/1',
  tag: 'request:1',
};

describe('showPush', () => {
  it('shows the title, the one line and the tag, and keeps the address for the tap', async () => {
    const s = scope();
    showPush({ ...s.event, data: { json: () => payload, text: () => JSON.stringify(payload) } }, s.worker);
    await s.settled();
    expect(s.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: payload.body,
          tag: 'request:1',
          data: { url: '/admin/leads/1' },
        }),
      },
    ]);
  });

  it('shows a payload that is not JSON as its text, opening the inbox; never another site', async () => {
    const s = scope();
    const bad = { json: () => JSON.parse('not json') as unknown, text: () => 'not json' };
    showPush({ ...s.event, data: bad }, s.worker);
    const away = { ...payload, url: 'https://evil.example/admin' };
    showPush({ ...s.event, data: { json: () => away, text: () => '' } }, s.worker);
    await s.settled();
    expect(s.shown.map((n) => [n.options.body, n.options.data.url])).toEqual([
      ['not json', '/admin/inbox'],
      [payload.body, '/admin/inbox'],
    ]);
  });
});

describe('openPush', () => {
  const tap = (url: unknown) => ({ notification: { data: { url }, close: () => {} } });

  it('focuses a window already at the address', async () => {
    const s = scope([{ url: 'https://parts.example.ca/admin/leads/1' }]);
    openPush({ ...s.event, ...tap('/admin/leads/1') }, s.worker);
    await s.settled();
    expect(s.windows[0]).toMatchObject({ focused: true });
    expect(s.opened).toEqual([]);
  });

  it('brings another back-office window to the address, else opens one', async () => {
    const s = scope([{ url: 'https://parts.example.ca/admin/orders' }]);
    openPush({ ...s.event, ...tap('/admin/inbox/7') }, s.worker);
    await s.settled();
    expect(s.windows[0]).toMatchObject({
      focused: true,
      navigatedTo: 'https://parts.example.ca/admin/inbox/7',
    });
    const none = scope([{ url: 'https://parts.example.ca/catalog' }]);
    openPush({ ...none.event, ...tap('/admin/leads/2') }, none.worker);
    await none.settled();
    expect(none.opened).toEqual(['https://parts.example.ca/admin/leads/2']);
  });

  it('opens the inbox for an address off the site or outside the back office', async () => {
    const s = scope();
    openPush({ ...s.event, ...tap('https://evil.example/admin/leads/1') }, s.worker);
    openPush({ ...s.event, ...tap('/catalog') }, s.worker);
    await s.settled();
    expect(s.opened).toEqual([
      'https://parts.example.ca/admin/inbox',
      'https://parts.example.ca/admin/inbox',
    ]);
  });
});
