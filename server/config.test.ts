import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the demo defaults of README.md, Configuration on an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/app.db') });
    expect(config.admin).toEqual({ username: 'admin', password: undefined });
    expect(config.site).toEqual({
      name: 'Parts Hunters MB',
      phone: '+12045550147',
      email: 'quotes@example.com',
    });
    expect(config.seedDemo).toBe(true);
    expect(config.sms).toEqual({ provider: 'log', apiBase: 'https://api.twilio.com' });
  });

  it('derives BASE_URL from PORT, DATABASE_URL from DATA_DIR, and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: '/srv/ph' }).database).toEqual({ kind: 'sqlite', file: '/srv/ph/app.db' });
    expect(loadConfig({ BASE_URL: 'https://parts.example.ca/' }).baseUrl).toBe('https://parts.example.ca');
  });

  it('selects PostgreSQL for postgres:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db/app',
    });
  });

  it('waits 5 s for the database unless DATABASE_TIMEOUT_MS says otherwise (100 ms to 60 s)', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '1500' }).databaseTimeoutMs).toBe(1_500);
    for (const bad of ['0', '99', '60001', '1.5', 'soon'])
      expect(problemsOf({ DATABASE_TIMEOUT_MS: bad })).toEqual([
        `DATABASE_TIMEOUT_MS must be a number of milliseconds from 100 to 60000 (got "${bad}")`,
      ]);
  });

  it('turns demo data off by default in production, and SEED_DEMO wins either way', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('keeps the Twilio token and SID in log mode (webhook signatures, MMS photos) and checks the SID', () => {
    const sid = `AC${'0a'.repeat(16)}`;
    expect(
      loadConfig({
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_API_BASE: 'http://127.0.0.1:9/',
      }).sms,
    ).toEqual({ provider: 'log', authToken: 'secret-token', accountSid: sid, apiBase: 'http://127.0.0.1:9' });
    expect(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+12045550100',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: sid,
      authToken: 'secret-token',
      from: '+12045550100',
      apiBase: 'https://api.twilio.com',
    });
    expect(problemsOf({ TWILIO_ACCOUNT_SID: 'AC123' })).toEqual([
      'TWILIO_ACCOUNT_SID must be an account SID (AC followed by 32 hex digits) (got "AC123")',
    ]);
  });

  it('runs one process by default and up to 16 with WEB_CONCURRENCY', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    for (const bad of ['0', '17', '2.5', 'auto'])
      expect(problemsOf({ WEB_CONCURRENCY: bad })).toEqual([
        `WEB_CONCURRENCY must be a number of processes from 1 to 16 (got "${bad}")`,
      ]);
  });

  it('gives the page cache 8 MiB unless PAGE_CACHE_MB says otherwise (1 to 4096)', () => {
    expect(loadConfig({}).pageCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ PAGE_CACHE_MB: '32' }).pageCacheBytes).toBe(32 * 1024 * 1024);
    for (const bad of ['0', '4097', '2.5', 'lots']) {
      const problems = problemsOf({ PAGE_CACHE_MB: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^PAGE_CACHE_MB must be /);
      expect(problems[0]).toContain(`(got "${bad}")`);
    }
  });

  it("holds an order's texts from 20:00 to 08:00 unless TEXT_QUIET_HOURS says otherwise", () => {
    expect(loadConfig({}).quietHours).toEqual({ from: 20, until: 8 });
    expect(loadConfig({ TEXT_QUIET_HOURS: '21-7' }).quietHours).toEqual({ from: 21, until: 7 });
    expect(loadConfig({ TEXT_QUIET_HOURS: 'off' }).quietHours).toBeNull();
    expect(problemsOf({ TEXT_QUIET_HOURS: '25-8' })).toEqual([
      'TEXT_QUIET_HOURS must be off or two hours such as 20-8 (got "25-8")',
    ]);
    // one rule with the owner's Settings: an evening (18-23), then a morning (5-11)
    for (const day of ['8-8', '2-6', '21-4', '17-7'])
      expect(problemsOf({ TEXT_QUIET_HOURS: day })).toEqual([
        `TEXT_QUIET_HOURS must be an evening hour (18-23) then a morning hour (5-11), such as 20-8 (got "${day}")`,
      ]);
    // no pickup place unless one is given: the owner sets it on Settings (decision 0204)
    expect(loadConfig({}).pickupAddress).toBeUndefined();
    expect(loadConfig({ PICKUP_ADDRESS: '1450 Sargent Ave' }).pickupAddress).toBe('1450 Sargent Ave');
  });

  it('lets the public cause texts to Canada and the US, 300 a day, unless TEXT_COUNTRIES and TEXT_DAILY_LIMIT say otherwise', () => {
    expect(loadConfig({}).publicTexts).toEqual({ countries: ['CA', 'US'], dailyLimit: 300 });
    expect(loadConfig({ TEXT_COUNTRIES: 'ca, us ,mx', TEXT_DAILY_LIMIT: '50' }).publicTexts).toEqual({
      countries: ['CA', 'US', 'MX'],
      dailyLimit: 50,
    });
    expect(loadConfig({ TEXT_DAILY_LIMIT: '0' }).publicTexts.dailyLimit).toBe(0);
    for (const bad of ['XX', 'Canada', 'CA;US', ','])
      expect(problemsOf({ TEXT_COUNTRIES: bad })).toEqual([
        `TEXT_COUNTRIES must be two-letter country codes separated by commas, such as CA,US (got "${bad}")`,
      ]);
    for (const bad of ['-1', '2.5', 'lots']) expect(problemsOf({ TEXT_DAILY_LIMIT: bad })).toHaveLength(1);
  });

  it('counts a message still sending after SEND_INTERRUPTED_AFTER_SECONDS (default 10 minutes) as cut off', () => {
    expect(loadConfig({}).sendInterruptedAfterMs).toBe(600_000);
    expect(loadConfig({ SEND_INTERRUPTED_AFTER_SECONDS: '90' }).sendInterruptedAfterMs).toBe(90_000);
    expect(problemsOf({ SEND_INTERRUPTED_AFTER_SECONDS: '0' })).toEqual([
      'SEND_INTERRUPTED_AFTER_SECONDS must be at least 1 (got "0")',
    ]);
    expect(problemsOf({ SEND_INTERRUPTED_AFTER_SECONDS: 'soon' })).toEqual([
      'SEND_INTERRUPTED_AFTER_SECONDS must be a number of seconds (got "soon")',
    ]);
  });

  it('keeps no /metrics without METRICS_TOKEN, and asks for 16 characters or more without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-scrape-token' }).metricsToken).toBe('a-long-scrape-token');
    expect(problemsOf({ METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN must be at least 16 characters',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'a long scrape token' })).toEqual([
      'METRICS_TOKEN must be letters, digits and punctuation, without spaces',
    ]);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', SITE_NAME: '  ' }).port).toBe(3000);
  });

  it('lists every bad variable, one line each, without echoing secrets', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      BASE_URL: 'ftp://x',
      SITE_PHONE: '204-555-0147',
      SITE_EMAIL: 'nope',
      DATABASE_URL: 'mysql://x',
      ADMIN_PASSWORD: 'short',
      SMS_PROVIDER: 'twilio',
      SEED_DEMO: 'maybe',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT must be a port number \(got "eighty"\)$/),
        expect.stringMatching(/^BASE_URL must be an http\(s\) URL/),
        expect.stringMatching(/^SITE_PHONE must be an E\.164 number/),
        expect.stringMatching(/^SITE_EMAIL must be an e-mail address/),
        expect.stringMatching(/^DATABASE_URL must start with file: \(SQLite\) or postgres:\/\//),
        'ADMIN_PASSWORD must be at least 10 characters',
        'TWILIO_ACCOUNT_SID is required when SMS_PROVIDER=twilio',
        'TWILIO_AUTH_TOKEN is required when SMS_PROVIDER=twilio',
        'TWILIO_FROM is required when SMS_PROVIDER=twilio',
        expect.stringMatching(/^SEED_DEMO must be true or false/),
      ]),
    );
    expect(problems).toHaveLength(10);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('keeps files in the local folder by default, or in the bucket STORAGE_URL names (decision 0094)', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'folder' });
    expect(
      loadConfig({
        STORAGE_URL: 's3://parts-hunters/prod/uploads',
        AWS_ENDPOINT_URL: 'http://127.0.0.1:9000',
        AWS_REGION: 'ca-central-1',
        AWS_ACCESS_KEY_ID: 'AKIA1',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'parts-hunters',
      prefix: 'prod/uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ca-central-1',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    // no keys: the SDK's own chain (an instance role); AWS's region default
    expect(loadConfig({ STORAGE_URL: 's3://parts-hunters' }).storage).toEqual({
      kind: 's3',
      bucket: 'parts-hunters',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(problemsOf({ STORAGE_URL: 'ftp://files' })).toEqual([
      'STORAGE_URL must be file: (the local folder) or s3://bucket or s3://bucket/prefix',
    ]);
    expect(problemsOf({ STORAGE_URL: 's3://x', AWS_ACCESS_KEY_ID: 'AKIA1' })).toEqual([
      'STORAGE_URL must be file: (the local folder) or s3://bucket or s3://bucket/prefix',
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither',
    ]);
  });
});
