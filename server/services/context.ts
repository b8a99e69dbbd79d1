/** What every service is built with. `now` is injectable so tests can fix the clock. */
import type { Logger } from 'pino';
import type { ShopSettings } from '#app/modules/site/shop-settings.ts';
import type { Config } from '../config.ts';
import type { Engine } from '../db/index.ts';
import type { Db } from '../db/schema.ts';
import type { FileStore } from '../storage/index.ts';

export type ServiceDeps = {
  db: Db;
  engine: Engine;
  config: Config;
  logger: Logger;
  files: FileStore;
  now: () => Date;
  /**
   * The shop's own numbers in force (hours, markup, pickup, quiet hours, staff access): the owner's
   * Settings, read without waiting (server/services/shop.ts; decision 0204)
   */
  shop: ShopReader;
};

/** What a service reads of the shop's settings. */
export type ShopReader = { current(): ShopSettings };

/**
 * Who asks, as the HTTP edge reads the request (server/http/client.ts): the address (as Express
 * reads it behind TRUST_PROXY) and browser; `key`, the address a limit counts it by (an IPv6
 * client by its /56); `program`, whether the user agent is a program's (a link preview, a mail
 * scanner, a crawler, a script, or none at all) rather than a person's browser; `navigation`,
 * whether the request is a page navigation by its fetch metadata (absent: counts as one).
 */
export type Client = { ip: string; userAgent: string; key: string; program: boolean; navigation?: boolean };
