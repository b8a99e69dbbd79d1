/**
 * E-mail over SMTP (nodemailer): the outbox worker's sender for the `email` channel. Only built when
 * SMTP_URL is set. Short timeouts: the outbox retries later rather than hang on a dead server.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Sender } from './worker.ts';

export function createSmtpSender(config: Config): Sender | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = { name: config.site.name, address: config.site.email };
  return async (message) => {
    const info = await transport.sendMail({
      from,
      to: message.recipient,
      subject: message.subject ?? undefined,
      text: message.body,
    });
    return { providerId: info.messageId };
  };
}
