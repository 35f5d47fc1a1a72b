import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'nestmark-config-'));

describe('loadConfig', () => {
  it('defaults to the embedded setup and keeps a generated JWT secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      appUrl: 'http://127.0.0.1:8080',
      importMaxBytes: 100 * 1024 * 1024,
      uploadMaxBytes: 10 * 1024 * 1024,
      rateLimitPerMinute: 1200,
      previewConcurrency: 4,
      previewLeaseMs: 120_000,
      copyPageMaxBytes: 5 * 1024 * 1024,
      copyReadableMaxBytes: 1024 * 1024,
      copyPdfMaxBytes: 20 * 1024 * 1024,
      copiesAccountMaxBytes: 1024 * 1024 * 1024,
      copyConcurrency: 2,
      fileStore: 'disk',
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable, treating empty strings as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db:5432/nestmark',
      APP_URL: 'https://marks.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      OWNER_EMAIL: 'me@example.com',
      OWNER_PASSWORD: 'long enough',
      IMPORT_MAX_MB: '5',
      UPLOAD_MAX_MB: '2.5',
      RATE_LIMIT_PER_MINUTE: '0',
      PREVIEW_CONCURRENCY: '12',
      PREVIEW_LEASE_SECONDS: '5',
      COPIES_PAGE_MAX_MB: '2',
      COPIES_READABLE_MAX_MB: '0.5',
      COPIES_PDF_MAX_MB: '8',
      COPIES_MAX_MB: '100',
      COPIES_CONCURRENCY: '3',
      FILE_STORE: 'database',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/nestmark',
      appUrl: 'https://marks.example.com',
      jwtSecret: 'x'.repeat(40),
      ownerEmail: 'me@example.com',
      importMaxBytes: 5 * 1024 * 1024,
      uploadMaxBytes: 2.5 * 1024 * 1024,
      rateLimitPerMinute: 0,
      previewConcurrency: 12,
      previewLeaseMs: 5000,
      copyPageMaxBytes: 2 * 1024 * 1024,
      copyReadableMaxBytes: 512 * 1024,
      copyPdfMaxBytes: 8 * 1024 * 1024,
      copiesAccountMaxBytes: 100 * 1024 * 1024,
      copyConcurrency: 3,
      fileStore: 'database',
      logLevel: 'info',
    });
  });

  it('names every bad variable in one clear message', () => {
    const bad = {
      DATA_DIR: dataDir(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      APP_URL: 'not a url',
      JWT_SECRET: 'short',
      UPLOAD_MAX_MB: '0',
      RATE_LIMIT_PER_MINUTE: '-5',
      FILE_STORE: 's4',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'APP_URL',
        'JWT_SECRET',
        'UPLOAD_MAX_MB',
        'FILE_STORE',
        'RATE_LIMIT_PER_MINUTE',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('takes PREVIEW_CONCURRENCY as a whole number from 1 to 64', () => {
    for (const value of ['0', '-1', '2.5', 'four', '65']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PREVIEW_CONCURRENCY: value }), value).toThrow(
        /PREVIEW_CONCURRENCY/,
      );
    }
    expect(loadConfig({ DATA_DIR: dataDir(), PREVIEW_CONCURRENCY: '64' }).previewConcurrency).toBe(
      64,
    );
  });

  it('takes PREVIEW_LEASE_SECONDS as a whole number of seconds from 1 to 3600', () => {
    for (const value of ['0', '-1', '2.5', 'long', '3601']) {
      expect(
        () => loadConfig({ DATA_DIR: dataDir(), PREVIEW_LEASE_SECONDS: value }),
        value,
      ).toThrow(/PREVIEW_LEASE_SECONDS/);
    }
    expect(loadConfig({ DATA_DIR: dataDir(), PREVIEW_LEASE_SECONDS: '1' }).previewLeaseMs).toBe(
      1000,
    );
  });

  it('turns metrics on with a METRICS_TOKEN of 16 or more printable characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'a'.repeat(15) + '~';
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a'.repeat(15) })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    for (const spaced of [
      'a'.repeat(8) + ' ' + 'a'.repeat(8),
      'a'.repeat(16) + '\n',
      'é'.repeat(16),
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: spaced })).toThrow(
        /METRICS_TOKEN: must be printable ASCII without spaces/,
      );
    }
  });

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('wants OWNER_EMAIL and OWNER_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OWNER_EMAIL: 'me@example.com' })).toThrow(
      /OWNER_EMAIL and OWNER_PASSWORD/,
    );
  });

  it('reads SMTP_URL and MAIL_FROM, and wants a sender whenever SMTP is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
      MAIL_FROM: 'Nestmark <nestmark@example.com>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mailer:secret@mail.example.com:587',
      mailFrom: 'Nestmark <nestmark@example.com>',
    });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: undefined,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://mail.example.com:587' }),
    ).toThrow(/MAIL_FROM is required when SMTP_URL is set/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'x' }),
    ).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM: must be an email address/,
    );
  });

  it('reads the S3 settings, and with FILE_STORE=s3 refuses to go without them', () => {
    const s3 = {
      S3_BUCKET: 'nestmark',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3', ...s3 })).toMatchObject({
      fileStore: 's3',
      s3: {
        endpoint: undefined,
        bucket: 'nestmark',
        region: 'eu-central-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
    });
    // Set beside another store: `nestmark copy-files --to s3` before the switch.
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      fileStore: 'disk',
      s3: { endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    });
    for (const name of Object.keys(s3)) {
      const without = { DATA_DIR: dataDir(), FILE_STORE: 's3', ...s3, [name]: '' };
      expect(() => loadConfig(without), name).toThrow(ConfigError);
      expect(() => loadConfig(without), name).toThrow(
        new RegExp(`${name} is required when FILE_STORE=s3`),
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3' })).toThrow(
      /S3_BUCKET is required[^]*S3_REGION is required[^]*S3_ACCESS_KEY_ID is required[^]*S3_SECRET_ACCESS_KEY is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'nestmark' })).toThrow(
      /S3_REGION is required when other S3_ settings are set/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        ...s3,
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL[^]*S3_FORCE_PATH_STYLE: must be true or false/,
    );
  });
});
