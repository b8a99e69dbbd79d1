/**
 * A local stand-in of Twilio's Messages API, as far as sending goes, for the browser tests that
 * run a server of their own with SMS_PROVIDER=twilio (texting, the quote link): it records each
 * text's form post and Basic auth and answers 201 with a message sid. `env()` gives the server's
 * settings that point it here.
 */
import http from 'node:http';
import type net from 'node:net';

export type ReceivedText = { auth: string | undefined; form: URLSearchParams };

export function twilioStandIn(options: { accountSid: string; authToken: string; from: string }) {
  const received: ReceivedText[] = [];
  const listeners = new Set<() => void>();
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${options.accountSid}/Messages.json`) {
        res.writeHead(404).end();
        return;
      }
      received.push({
        auth: req.headers.authorization,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const sid = `SM${String(received.length).padStart(32, '0')}`;
      res
        .writeHead(201, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ sid, status: 'queued' }));
      for (const listener of listeners) listener();
    });
  });

  /** Resolves with what `found` finds in the texts received so far, once it finds something (10 s at most). */
  function waitFor<T>(found: () => T | undefined, failure: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(failure()));
      }, 10_000);
      listeners.add(check);
      check();
    });
  }

  const bodies = () => received.map((text) => text.form.get('Body') ?? '');

  return {
    received,
    async start(): Promise<void> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    stop(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
    /** The server's environment for texting through this stand-in. */
    env(): Record<string, string> {
      return {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: options.accountSid,
        TWILIO_AUTH_TOKEN: options.authToken,
        TWILIO_FROM: options.from,
        TWILIO_API_BASE: origin,
      };
    },
    /** Resolves when `count` texts have arrived (the outbox sends in the background). */
    textsReceived(count: number): Promise<void> {
      return waitFor(
        () => (received.length >= count ? true : undefined),
        () => `the stand-in got ${received.length} texts, not ${count}`,
      ).then(() => undefined);
    },
    /** The body of the first text received that matches. */
    textMatching(pattern: RegExp): Promise<string> {
      return waitFor(
        () => bodies().find((body) => pattern.test(body)),
        () => `no text matching ${pattern}; the stand-in got:\n${bodies().join('\n')}`,
      );
    },
  };
}
