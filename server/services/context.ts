/** What every service is built with. `now` is injectable so tests can fix the clock. */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DB, Engine } from '../db/index.ts';
import type { FileStore } from '../storage/index.ts';

export type ServiceDeps = {
  db: Kysely<DB>;
  engine: Engine;
  config: Config;
  logger: Logger;
  files: FileStore;
  now: () => Date;
};
