/**
 * Twilio, narrowly (decision 0001, decisions 0060, 0072): the outbox worker's sender for the `sms`
 * channel (one documented form POST to the Messages API with fetch), webhook signature checks and
 * TwiML answers from the official `twilio` package (only its small webhook and TwiML modules are
 * loaded: about 0.6 MiB, against 3-4 MiB for the whole package) and MMS media downloads from
 * Twilio's media host.
 */
import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import MessagingResponse from 'twilio/lib/twiml/MessagingResponse.js';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { SMS_ERRORS, twilioErrorText } from '#app/modules/messages/messages.ts';
import { toE164 } from '#app/modules/site/phone.ts';
import type { Config } from '../config.ts';
import { SendError, type Sender, type SentLookup } from './worker.ts';

export type TwilioAccount = { accountSid: string; authToken: string; apiBase: string };

/** Connection errors that happen before a request is sent: trying again cannot send twice. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Twilio errors on the Messages API that mean the customer opted out. */
const OPTED_OUT_CODE = 21610;
export const SEND_TIMEOUT_MS = 15_000;
export const MEDIA_TIMEOUT_MS = 30_000;

const basicAuth = (account: { accountSid: string; authToken: string }) =>
  `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The `sms` sender: POST {apiBase}/2010-04-01/Accounts/{sid}/Messages.json with Basic auth and
 * To, From, Body, StatusCallback. Never sends to a number that opted out (checked right before
 * sending: `blocked`). Temporary trouble (429, 5xx, 401 while credentials get fixed, a connection
 * that never opened) is retried; any other 4xx fails at once (21610 also records the opt-out);
 * a request whose fate is unknown (timeout, connection lost mid-way) is never retried.
 */
export function createTwilioSender(deps: {
  config: Extract<Config['sms'], { provider: 'twilio' }>;
  baseUrl: string;
  isOptedOut: (phone: string) => Promise<boolean>;
  recordOptOut: (phone: string, keyword: string) => Promise<void>;
}): Sender {
  const { config } = deps;
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const statusCallback = `${deps.baseUrl}/api/sms/status`;
  return async (message) => {
    const to = toE164(message.recipient);
    if (!to) throw new SendError(SMS_ERRORS.notTextable);
    if (await deps.isOptedOut(to)) throw new SendError(SMS_ERRORS.optedOut, { blocked: true });
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: basicAuth(config),
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          To: to,
          From: config.from,
          Body: message.body,
          StatusCallback: statusCallback,
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (err) {
      const code = errorCode(err);
      if (code && NOT_SENT_CODES.has(code))
        throw new SendError(`Could not reach Twilio (${code})`, { retry: true, cause: err });
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new SendError(timedOut ? SMS_ERRORS.noAnswer : SMS_ERRORS.uncertain, { cause: err });
    }
    const text = await res.text().catch(() => '');
    let payload: { sid?: unknown; code?: unknown; message?: unknown } = {};
    try {
      payload = text ? (JSON.parse(text) as typeof payload) : {};
    } catch {
      // not JSON (a proxy's error page): the status decides
    }
    if (res.ok) return { providerId: typeof payload.sid === 'string' ? payload.sid : undefined };
    const code =
      typeof payload.code === 'number' || typeof payload.code === 'string' ? payload.code : undefined;
    const detail = twilioErrorText(
      code,
      typeof payload.message === 'string'
        ? payload.message.slice(0, 200)
        : `Twilio answered HTTP ${res.status}`,
    );
    if (Number(code) === OPTED_OUT_CODE) {
      await deps.recordOptOut(to, `twilio-${OPTED_OUT_CODE}`);
      throw new SendError(detail, { blocked: true });
    }
    const temporary = res.status >= 500 || res.status === 429 || res.status === 408 || res.status === 401;
    throw new SendError(detail, { retry: temporary });
  };
}

/** How far Twilio's clock may be behind ours when matching a text to the moment it was claimed. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Texts to one number looked at: Twilio lists the newest first. */
const LOOKUP_PAGE_SIZE = 50;

/**
 * The `sms` lookup after a crash: GET the Messages list filtered To the customer and From our
 * number (newest first) and find a text with the same body created since the claim (less a clock
 * skew). Found: Twilio got it (its sid). Not found: it never did. Any trouble asking throws, and
 * the worker asks again later. Two texts with one body to one number within minutes are one text
 * here: the outbox's dedupe keys already keep such twins from being written.
 */
export function createTwilioLookup(config: Extract<Config['sms'], { provider: 'twilio' }>): SentLookup {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  return async (message, claimedAt) => {
    const to = toE164(message.recipient);
    if (!to) return undefined; // never sendable, so never sent
    const query = new URLSearchParams({ To: to, From: config.from, PageSize: String(LOOKUP_PAGE_SIZE) });
    const res = await fetch(`${url}?${query}`, {
      headers: { Authorization: basicAuth(config), Accept: 'application/json' },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Twilio answered HTTP ${res.status} to the list of messages`);
    const payload = (await res.json()) as { messages?: unknown };
    if (!Array.isArray(payload.messages)) throw new Error('Twilio sent no list of messages');
    const since = claimedAt.getTime() - CLOCK_SKEW_MS;
    const match = (payload.messages as { sid?: unknown; body?: unknown; date_created?: unknown }[]).find(
      (m) =>
        m.body === message.body && typeof m.date_created === 'string' && Date.parse(m.date_created) >= since,
    );
    if (!match) return undefined;
    return { providerId: typeof match.sid === 'string' ? match.sid : undefined };
  };
}

/**
 * Whether a webhook really comes from Twilio: X-Twilio-Signature is the base64 HMAC-SHA1, keyed
 * with the auth token, of the full URL Twilio called followed by every POST parameter name and
 * value sorted by name; compared in constant time (the package's validateRequest).
 */
export function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, unknown>,
): boolean {
  if (!signature) return false;
  return validateRequest(authToken, signature, url, params);
}

/** A TwiML answer: one <Message> with the reply, or an empty <Response/> (no reply). */
export function twiml(reply?: string | null): string {
  const response = new MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}

export class MediaRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaRefused';
  }
}

/**
 * Opens an MMS media item for reading. Only URLs on the configured Twilio API host, under this
 * account (`/2010-04-01/Accounts/{sid}/`), are fetched, with the account's credentials; Twilio
 * may redirect to its media CDN, which is followed over https (or on the same host) without
 * credentials. The body is cut off past `maxBytes`. Throws MediaRefused with a reason staff read.
 */
export async function openTwilioMedia(
  mediaUrl: string,
  account: TwilioAccount,
  maxBytes: number,
): Promise<Readable> {
  let url: URL;
  try {
    url = new URL(mediaUrl);
  } catch {
    throw new MediaRefused('not a valid media address');
  }
  const api = new URL(account.apiBase);
  if (url.origin !== api.origin || !url.pathname.startsWith(`/2010-04-01/Accounts/${account.accountSid}/`))
    throw new MediaRefused(`refused: not on this account's Twilio media host (${url.host})`);
  const signal = AbortSignal.timeout(MEDIA_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: basicAuth(account) }, redirect: 'manual', signal });
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 3; hops++) {
      const location = res.headers.get('location');
      if (!location) break;
      const next = new URL(location, url);
      if (next.protocol !== 'https:' && next.origin !== api.origin)
        throw new MediaRefused(`refused: redirected to an insecure address (${next.host})`);
      await res.body?.cancel();
      url = next;
      res = await fetch(url, { redirect: 'manual', signal });
    }
  } catch (err) {
    if (err instanceof MediaRefused) throw err;
    throw new MediaRefused(`download failed (${errorCode(err) ?? (err as Error).name ?? 'network error'})`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new MediaRefused(`download failed (HTTP ${res.status})`);
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > maxBytes) {
    await res.body.cancel();
    throw new MediaRefused('larger than 10 MB');
  }
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new MediaRefused('larger than 10 MB'));
      else done(null, chunk);
    },
  });
  const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  // errors reach the reader through `limit`; pipeline closes the download on any of them
  return pipeline(body, limit, () => {});
}
