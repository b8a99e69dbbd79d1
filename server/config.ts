/**
 * The process configuration: read once from the environment, validated, frozen.
 * A bad value stops the start with one readable line per problem (see formatConfigErrors).
 */
import path from 'node:path';
import { z } from 'zod';
import { isQuietHours } from '#app/modules/shared/quiet-hours.ts';
import { isPhoneCountry } from '#app/modules/site/phone-country.ts';
import { E164_PATTERN as E164 } from '#app/modules/site/phone.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * How long a request waits for the database before it is answered 503 (decision 0090): SQLite's
 * busy timeout, PostgreSQL's statement timeout (the connect and no-answer limits scale with it,
 * server/db/index.ts). The fault tests set a short one to see the same behaviour sooner.
 */
export const DATABASE_TIMEOUT_MS = 5_000;

/** TEXT_QUIET_HOURS as written: off, or two hours of the day */
const QUIET_PATTERN = /^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/;

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'must be a number of processes from 1 to 16' })
    .int('must be a number of processes from 1 to 16')
    .min(1, 'must be a number of processes from 1 to 16')
    .max(16, 'must be a number of processes from 1 to 16')
    .default(1),
  BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://parts.example.ca' })
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'must start with file: (SQLite) or postgres:// (PostgreSQL)')
    .optional(),
  DATABASE_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds from 100 to 60000' })
    .int('must be a number of milliseconds from 100 to 60000')
    .min(100, 'must be a number of milliseconds from 100 to 60000')
    .max(60_000, 'must be a number of milliseconds from 100 to 60000')
    .default(DATABASE_TIMEOUT_MS),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-zA-Z0-9._-]{3,64}$/, 'must be 3-64 letters, digits, dots, dashes or underscores')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  SITE_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(80, 'must be at most 80 characters')
    .default('Parts Hunters MB'),
  SITE_PHONE: z.string().regex(E164, 'must be an E.164 number such as +12045550147').default('+12045550147'),
  SITE_EMAIL: z.email({ message: 'must be an e-mail address' }).default('quotes@example.com'),
  TEXT_QUIET_HOURS: z
    .string()
    .trim()
    .regex(QUIET_PATTERN, 'must be off or two hours such as 20-8')
    // an evening hour, then the morning's: the night in between (the Settings' one rule)
    .refine(
      (v) =>
        !QUIET_PATTERN.test(v) ||
        v === 'off' ||
        isQuietHours(Number(v.split('-')[0]), Number(v.split('-')[1])),
      'must be an evening hour (18-23) then a morning hour (5-11), such as 20-8',
    )
    .default('20-8'),
  TEXT_COUNTRIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (codes) => codes.length > 0 && codes.every(isPhoneCountry),
      'must be two-letter country codes separated by commas, such as CA,US',
    )
    .default(['CA', 'US']),
  TEXT_DAILY_LIMIT: z.coerce
    .number({ message: 'must be a number of texts a day' })
    .int('must be a whole number of texts a day')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(300),
  SEND_INTERRUPTED_AFTER_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(600),
  PICKUP_ADDRESS: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  BACKUP_NIGHTLY: booleanFlag.default(true),
  SMS_PROVIDER: z.enum(['log', 'twilio'], { message: 'must be log or twilio' }).default('log'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().regex(E164, 'must be an E.164 number').optional(),
  TWILIO_API_BASE: z.url({ message: 'must be a URL' }).default('https://api.twilio.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  NOTIFY_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  STORAGE_URL: z
    .string()
    .regex(
      /^(file:|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$)/,
      'must be file: (the local folder) or s3://bucket or s3://bucket/prefix',
    )
    .default('file:'),
  AWS_ENDPOINT_URL: z
    .url({ message: 'must be a URL such as https://s3.ca-central-1.amazonaws.com' })
    .optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as ca-central-1')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  TRUST_PROXY: z.coerce.number({ message: 'must be a number of proxy hops' }).int().min(0).max(10).optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .max(200, 'must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be letters, digits and punctuation, without spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAGE_CACHE_MB: z.coerce
    .number({ message: 'must be a number of MiB' })
    .int({ message: 'must be a whole number of MiB' })
    .min(1, 'must be at least 1 (MiB)')
    .max(4096, 'must be at most 4096 (MiB)')
    .default(8),
});

/** Rules across variables; checked even when single variables are bad, so every problem shows at once. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.SMS_PROVIDER === 'twilio') {
    problems.push(
      ...(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
        .filter((key) => !env[key])
        .map((key) => `${key} is required when SMS_PROVIDER=twilio`),
    );
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither');
  }
  return problems;
}

export type Config = Readonly<{
  env: 'production' | 'development' | 'test';
  port: number;
  /** Worker processes serving the port (node:cluster); 1 = one process, no primary (decision 0092). */
  webConcurrency: number;
  baseUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** How long a request waits for the database (DATABASE_TIMEOUT_MS); openDatabase's `timeoutMs` */
  databaseTimeoutMs: number;
  admin: { username: string; password?: string };
  site: { name: string; phone: string; email: string };
  /**
   * Where customers pick up their parts (PICKUP_ADDRESS): only the first value of the owner's
   * Settings (server/services/shop.ts, decision 0204); unset, no text or page names a place
   */
  pickupAddress?: string;
  /**
   * A message still 'sending' this long after it was handed to its provider was cut off by a
   * crash (SEND_INTERRUPTED_AFTER_SECONDS): an e-mail goes again, a text only if Twilio never got
   * it (server/messaging/worker.ts). Keep it well above a send's 15 s limit.
   */
  sendInterruptedAfterMs: number;
  /**
   * The night hours (Winnipeg) in which customers' texts wait for the morning, or null for none
   * (TEXT_QUIET_HOURS): the first value of the owner's Settings (server/services/shop.ts)
   */
  quietHours: { from: number; until: number } | null;
  /**
   * Texts the public can cause without staff (decision 0175): only to numbers of these countries
   * (TEXT_COUNTRIES, ISO codes), and at most `dailyLimit` a day shop-wide (TEXT_DAILY_LIMIT)
   */
  publicTexts: { countries: readonly string[]; dailyLimit: number };
  seedDemo: boolean;
  /** The server makes a backup every night from 03:00 Winnipeg time (BACKUP_NIGHTLY; decision 0198). */
  backupNightly: boolean;
  /**
   * Texting (docs/sms.md). With `log` nothing is sent, but a Twilio auth token and account SID, when
   * set, are still kept: the token verifies Twilio's webhooks, the SID and token fetch MMS photos.
   */
  sms:
    | { provider: 'log'; accountSid?: string; authToken?: string; from?: string; apiBase: string }
    | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };
  smtpUrl?: string;
  notifyEmail?: string;
  trustProxy?: number;
  logLevel: string;
  /**
   * The bearer token GET /metrics asks for (METRICS_TOKEN, decision 0199); unset, /metrics is not
   * there at all (the not-found page) and no figures are kept
   */
  metricsToken?: string;
  /** Memory the page cache may hold, every encoding of every page counted (decision 0164). */
  pageCacheBytes: number;
  /** Where uploaded files live (decision 0094): the local folder under DATA_DIR, or an S3 bucket. */
  storage: StorageConfig;
}>;

export type StorageConfig =
  | { kind: 'folder' }
  | {
      kind: 's3';
      bucket: string;
      /** Keys go under `<prefix>/public/…` and `<prefix>/private/…`; '' for the bucket's root */
      prefix: string;
      /** An S3-compatible service's URL (MinIO, R2, s3rver); AWS itself when unset */
      endpoint?: string;
      region: string;
      /** From the environment; unset: the SDK's default chain (instance role, ~/.aws) */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Empty strings in the environment mean "not set", as a shell user expects. */
function withoutBlanks(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/** Reads and validates the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  const present = withoutBlanks(rawEnv);
  const parsed = envSchema.safeParse(present);
  const crossField = crossFieldProblems(present);
  if (!parsed.success || crossField.length) {
    const problems = (parsed.error?.issues ?? []).map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const value = rawEnv[key];
      const shown = value === undefined || /PASSWORD|TOKEN|SECRET|URL/.test(key) ? '' : ` (got "${value}")`;
      return `${key} ${issue.message}${shown}`;
    });
    throw new ConfigError([...problems, ...crossField]);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, 'app.db')}`;
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return Object.freeze({
    env: nodeEnv,
    port: env.PORT,
    webConcurrency: env.WEB_CONCURRENCY,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: databaseUrl.startsWith('file:')
      ? { kind: 'sqlite', file: path.resolve(databaseUrl.slice('file:'.length)) }
      : { kind: 'postgres', url: databaseUrl },
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    site: { name: env.SITE_NAME, phone: env.SITE_PHONE, email: env.SITE_EMAIL },
    pickupAddress: env.PICKUP_ADDRESS,
    sendInterruptedAfterMs: env.SEND_INTERRUPTED_AFTER_SECONDS * 1000,
    quietHours:
      env.TEXT_QUIET_HOURS === 'off'
        ? null
        : {
            from: Number(env.TEXT_QUIET_HOURS.split('-')[0]),
            until: Number(env.TEXT_QUIET_HOURS.split('-')[1]),
          },
    publicTexts: { countries: Object.freeze(env.TEXT_COUNTRIES), dailyLimit: env.TEXT_DAILY_LIMIT },
    seedDemo: env.SEED_DEMO ?? nodeEnv !== 'production',
    backupNightly: env.BACKUP_NIGHTLY,
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
            apiBase: env.TWILIO_API_BASE.replace(/\/+$/, ''),
          }
        : {
            provider: 'log',
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiBase: env.TWILIO_API_BASE.replace(/\/+$/, ''),
          },
    smtpUrl: env.SMTP_URL,
    notifyEmail: env.NOTIFY_EMAIL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    storage: storageConfig(env),
  } satisfies Config);
}

function storageConfig(env: z.output<typeof envSchema>): StorageConfig {
  if (!env.STORAGE_URL.startsWith('s3://')) return { kind: 'folder' };
  const [bucket = '', ...prefix] = env.STORAGE_URL.slice('s3://'.length).split('/').filter(Boolean);
  return {
    kind: 's3',
    bucket,
    prefix: prefix.join('/'),
    endpoint: env.AWS_ENDPOINT_URL,
    region: env.AWS_REGION ?? 'us-east-1',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}
