/**
 * Who asks, read at the HTTP edge: the services get plain facts (`Client`,
 * server/services/context.ts) and never parse a request header, a user agent or an address.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';
import { isbot } from 'isbot';
import type { Client } from '../services/context.ts';
import { isPageNavigation } from './fetch-metadata.ts';

/**
 * The client of a request. `key`: by address, an IPv6 client by its /56 as the other limits count
 * (express-rate-limit): one home or phone network holds many addresses. `program` (decision 0173):
 * `isbot` by the user agent (a link preview fetched by the customer's messaging app, a chat app or
 * a mail scanner, a crawler, a script), or no user agent at all, which every browser sends.
 */
export function clientOf(ip: string, userAgent: string, headers?: IncomingHttpHeaders): Client {
  return {
    ip,
    userAgent,
    key: ipKeyGenerator(ip),
    program: userAgent.trim() === '' || isbot(userAgent),
    ...(headers ? { navigation: isPageNavigation(headers) } : {}),
  };
}
