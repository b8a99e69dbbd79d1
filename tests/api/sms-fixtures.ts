/**
 * Stand-ins for the texting tests (issue 8 item 5), speaking the real protocols on loopback:
 * Twilio's Messages API and media host (HTTP, form posts, Basic auth), a server on another host
 * that must never be called, and an SMTP server (smtp-server). Plus webhook signing done the way
 * Twilio documents it (HMAC-SHA1 over the URL and the sorted parameters), written independently
 * of the `twilio` package the server uses.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type { Express } from 'express';

export const ACCOUNT_SID = `AC${'5e'.repeat(16)}`;
export const AUTH_TOKEN = 'test-twilio-auth-token';
export const TWILIO_FROM = '+12045550100';
export const BASE_URL = 'https://parts.example.ca';
export const NOTIFY = 'staff@example.com';

/** The environment of a server in Twilio mode whose Twilio and SMTP are the local stand-ins. */
export function twilioEnv(twilioOrigin: string, smtpUrl: string): Record<string, string> {
  return {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM,
    TWILIO_API_BASE: twilioOrigin,
    BASE_URL,
    SMTP_URL: smtpUrl,
    NOTIFY_EMAIL: NOTIFY,
  };
}

export const BASIC_AUTH = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

/** Twilio's signature: base64 HMAC-SHA1 (key: auth token) of the URL followed by each name and value, sorted by name. */
export function twilioSignature(url: string, params: Record<string, string>, token = AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(Buffer.from(data, 'utf8')).digest('base64');
}

export const messageSid = (prefix = 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

/** The parameters Twilio posts for a text (NumMedia and media fields added by the caller). */
export function textParams(
  from: string,
  body: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const sid = extra.MessageSid ?? messageSid(extra.NumMedia && extra.NumMedia !== '0' ? 'MM' : 'SM');
  return {
    ToCountry: 'CA',
    ToState: 'MB',
    SmsMessageSid: sid,
    SmsSid: sid,
    MessageSid: sid,
    NumMedia: '0',
    FromCity: 'WINNIPEG',
    Body: body,
    FromCountry: 'CA',
    To: TWILIO_FROM,
    NumSegments: '1',
    SmsStatus: 'received',
    AccountSid: ACCOUNT_SID,
    From: from,
    ApiVersion: '2010-04-01',
    ...extra,
  };
}

/** POSTs a signed webhook (or a badly signed one, with `signature`). */
export function postWebhook(
  app: Express,
  path: '/api/sms/inbound' | '/api/sms/status',
  params: Record<string, string>,
  signature: string | null = twilioSignature(`${BASE_URL}${path}`, params),
) {
  let req = request(app).post(path).type('form');
  if (signature !== null) req = req.set('X-Twilio-Signature', signature);
  return req.send(params);
}

/** A text Twilio got: `sid` and `createdAt` are what its list of messages shows of it. */
export type SentText = {
  auth: string | undefined;
  form: URLSearchParams;
  path: string;
  sid?: string;
  createdAt?: Date;
};
export type MediaRequest = { path: string; auth: string | undefined };
type Scripted = { status: number; json: Record<string, unknown> };

export const tinyJpeg = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 190, g: 60, b: 20 } } })
    .jpeg()
    .toBuffer();

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
};

/**
 * Twilio's Messages API and media host on one loopback server. Texts answer 201 with a fresh
 * sid unless `script` holds answers to give first. GET on the Messages list gives the texts got
 * (To and From filters, newest first, Twilio's RFC 2822 dates) unless `listScript` holds a status
 * to answer first. Media live under /2010-04-01/Accounts/{sid}/ and need the account's Basic
 * auth; /cdn/* answers without (where Twilio redirects to).
 */
export async function startTwilioStandIn() {
  const texts: SentText[] = [];
  const mediaRequests: MediaRequest[] = [];
  const script: Scripted[] = [];
  const listScript: number[] = [];
  /** Texts to take and never answer: 'got it' records the text first (Twilio has it), 'lost' does not. */
  const hangs: ('got it' | 'lost')[] = [];
  /** The Body of every text posted, whatever the answer (or none). */
  const posted: string[] = [];
  const media = new Map<string, { type: string; data: Buffer } | { redirect: string }>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const auth = req.headers.authorization;
      if (req.method === 'POST' && path === `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
        posted.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('Body') ?? '');
        const hang = hangs.shift();
        if (hang) {
          if (hang === 'got it') {
            const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
            const sid = `SM${(++counter).toString(16).padStart(32, '0')}`;
            texts.push({ auth, form, path, sid, createdAt: new Date() });
          }
          return; // no answer: the sender waits until it gives up or dies
        }
        texts.push({ auth, form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')), path });
        const answer =
          auth === BASIC_AUTH
            ? script.shift()
            : { status: 401, json: { code: 20003, message: 'Authenticate' } };
        const sid = `SM${(++counter).toString(16).padStart(32, '0')}`;
        const { status, json } = answer ?? { status: 201, json: { sid, status: 'queued' } };
        if (!answer) Object.assign(texts.at(-1)!, { sid, createdAt: new Date() });
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
        return;
      }
      const [listPath, query] = path.split('?') as [string, string | undefined];
      if (req.method === 'GET' && listPath === `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
        if (auth !== BASIC_AUTH) return res.writeHead(401).end();
        const failure = listScript.shift();
        if (failure) return res.writeHead(failure, { 'Content-Type': 'application/json' }).end('{}');
        const filter = new URLSearchParams(query);
        const messages = texts
          .filter(
            (t) =>
              t.sid && t.form.get('To') === filter.get('To') && t.form.get('From') === filter.get('From'),
          )
          .toReversed()
          .slice(0, Number(filter.get('PageSize') ?? 50))
          .map((t) => ({
            sid: t.sid,
            body: t.form.get('Body'),
            date_created: t.createdAt!.toUTCString().replace('GMT', '+0000'),
          }));
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ messages }));
      }
      if (req.method === 'GET') {
        mediaRequests.push({ path, auth });
        const item = media.get(path);
        if (!item) return res.writeHead(404).end();
        if ('redirect' in item) return res.writeHead(307, { Location: item.redirect }).end();
        if (!path.startsWith('/cdn/') && auth !== BASIC_AUTH) return res.writeHead(401).end();
        return res
          .writeHead(200, { 'Content-Type': item.type, 'Content-Length': item.data.length })
          .end(item.data);
      }
      res.writeHead(404).end();
    });
  });
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    texts,
    mediaRequests,
    script,
    listScript,
    hangs,
    posted,
    media,
    /** A media path of this account (as Twilio's MediaUrl gives it). */
    mediaPath: (name: string) =>
      `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM${'0'.repeat(32)}/Media/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A server on another host: it answers everything, and no one should ever ask it. */
export async function startOtherHost() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('x');
  });
  const port = await listen(server);
  return { port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type Mail = { to: string[]; text: string };

/** An SMTP server on loopback collecting what it receives (quoted-printable decoded enough to read). */
export async function startSmtp() {
  const received: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
