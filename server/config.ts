import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Where stored files are kept (`FILE_STORE`, docs/OPERATIONS.md#files): `DATA_DIR/<area>/` on
 * local disk, rows of the database, which every process on it reaches, or objects of a bucket
 * of an S3-compatible store.
 */
export const fileStoreKinds = ['disk', 'database', 's3'] as const;
export type FileStoreKind = (typeof fileStoreKinds)[number];

/** How to reach the bucket of the s3 file store (`S3_*`, docs/OPERATIONS.md#files). */
export interface S3Settings {
  /** `http(s)://host[:port]` of an S3-compatible server; undefined: AWS S3 in `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses objects as `<endpoint>/<bucket>/<key>`, not `<bucket>.<host>` (MinIO and the like). */
  forcePathStyle: boolean;
}

/** The S3 settings the s3 file store cannot do without. */
const requiredS3Settings = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * How long a claim of a link preview (a post and its host) holds by default
 * (`PREVIEW_LEASE_SECONDS`): a process that dies mid-fetch loses its claims after this long. Much
 * longer than a preview can take: the guard stops each request at 10 s, and a preview makes a page
 * request, an image request and a favicon round of at most 10 s.
 */
export const DEFAULT_PREVIEW_LEASE_MS = 2 * 60 * 1000;

/** Typed configuration, read once from the environment at start (README, configuration table). */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory: SQLite file, generated secret, uploads. */
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined selects the SQLite file `DATA_DIR/nestmark.db`. */
  databaseUrl: string | undefined;
  /** Public origin without a trailing slash, for links in mails and share URLs. */
  appUrl: string;
  /** HS256 key for access tokens. */
  jwtSecret: string;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  /** Largest accepted bookmark file, in bytes. */
  importMaxBytes: number;
  /** Posts deleted more than this many days ago leave the recycle bin for good; undefined = never. */
  recycleBinDays: number | undefined;
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; unset: mails go to the log. */
  smtpUrl: string | undefined;
  /** Sender of mails, `address` or `Name <address>`; set whenever `smtpUrl` is. */
  mailFrom: string | undefined;
  /**
   * Whom to believe about the client address (`X-Forwarded-For`): false = nobody (the default;
   * the address is the connection's), true = any proxy, or a comma-separated list of proxy
   * addresses / CIDR ranges. Login limits per address rely on it.
   */
  trustProxy: boolean | string;
  /** Largest accepted image upload (POST /api/files), in bytes. */
  uploadMaxBytes: number;
  /** API requests a minute per signed-in user and per client address; 0 = no limit. */
  rateLimitPerMinute: number;
  /** Link previews fetched at the same time by one server process (at most one per host). */
  previewConcurrency: number;
  /**
   * How long a claim of a link preview holds, in milliseconds ({@link DEFAULT_PREVIEW_LEASE_MS};
   * shorter only for tests that kill a process: a live process whose preview outlasts its claim
   * may see the post fetched again by another).
   */
  previewLeaseMs: number;
  /**
   * Page copies (PRODUCT.md#page-copies), all sizes in bytes: the largest page a copy is made of
   * (`COPIES_PAGE_MAX_MB`), readable copy kept (`COPIES_READABLE_MAX_MB`) and PDF read
   * (`COPIES_PDF_MAX_MB`); what one account's copies may take together (`COPIES_MAX_MB`); copies
   * made at the same time by one server process (`COPIES_CONCURRENCY`, at most one per host).
   */
  copyPageMaxBytes: number;
  copyReadableMaxBytes: number;
  copyPdfMaxBytes: number;
  copiesAccountMaxBytes: number;
  copyConcurrency: number;
  /** Where stored files (uploads, thumbnails, favicons) are kept: `DATA_DIR`, the database or S3. */
  fileStore: FileStoreKind;
  /**
   * The bucket of the s3 file store: set with `FILE_STORE=s3`, or whenever an `S3_*` setting is
   * (`nestmark copy-files --to s3` before the switch); undefined otherwise.
   */
  s3: S3Settings | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Bearer token that `GET /metrics` (Prometheus) requires; undefined turns metrics off (404) and
   * keeps prom-client from loading at all.
   */
  metricsToken: string | undefined;
}

const port = z.coerce.number().int().min(1).max(65535);

/** `address` or `Name <address>`, the address as browsers accept it in an email field. */
const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const address = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
    return z.regexes.html5Email.test(address.trim());
  }, 'must be an email address, optionally with a name: Nestmark <nestmark@example.com>');

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OWNER_EMAIL: z.email().optional(),
  OWNER_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  IMPORT_MAX_MB: z.coerce.number().positive().max(4096).default(100),
  // recycleBinDays, under the name operators set (docs/OPERATIONS.md).
  TRASH_DAYS: z.coerce.number().int().positive().max(36500).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: mailbox.optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[\d.:/a-fA-F, ]+)$/,
      'must be true, false, or proxy addresses / CIDR ranges',
    )
    .optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(10),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  PREVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PREVIEW_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_PREVIEW_LEASE_MS / 1000),
  COPIES_PAGE_MAX_MB: z.coerce.number().positive().max(1024).default(5),
  COPIES_READABLE_MAX_MB: z.coerce.number().positive().max(1024).default(1),
  COPIES_PDF_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  COPIES_MAX_MB: z.coerce.number().positive().max(1_048_576).default(1024),
  COPIES_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  FILE_STORE: z
    .enum(fileStoreKinds, { error: `must be one of ${fileStoreKinds.join(', ')}` })
    .default('disk'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in a header)')
    .optional(),
});

/** Thrown with every invalid variable listed, one per line, so the process can print it and exit. */
export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Empty strings count as unset. Side effect: creates
 * `DATA_DIR` and, when `JWT_SECRET` is unset, a secret kept in `DATA_DIR/jwt-secret`.
 * @throws ConfigError naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  if ((vars.OWNER_EMAIL === undefined) !== (vars.OWNER_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  OWNER_EMAIL and OWNER_PASSWORD must be set together',
    );
  }
  if (vars.SMTP_URL !== undefined && vars.MAIL_FROM === undefined) {
    throw new ConfigError('Invalid configuration:\n  MAIL_FROM is required when SMTP_URL is set');
  }
  const s3 = s3SettingsOf(vars);
  const dataDir = resolve(vars.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    appUrl: (vars.APP_URL ?? `http://${vars.HOST}:${vars.PORT}`).replace(/\/+$/, ''),
    jwtSecret: vars.JWT_SECRET ?? readOrCreateSecret(join(dataDir, 'jwt-secret')),
    ownerEmail: vars.OWNER_EMAIL,
    ownerPassword: vars.OWNER_PASSWORD,
    importMaxBytes: Math.round(vars.IMPORT_MAX_MB * 1024 * 1024),
    recycleBinDays: vars.TRASH_DAYS,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    trustProxy:
      vars.TRUST_PROXY === undefined || vars.TRUST_PROXY === 'false'
        ? false
        : vars.TRUST_PROXY === 'true' || vars.TRUST_PROXY,
    uploadMaxBytes: Math.round(vars.UPLOAD_MAX_MB * 1024 * 1024),
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    previewConcurrency: vars.PREVIEW_CONCURRENCY,
    previewLeaseMs: vars.PREVIEW_LEASE_SECONDS * 1000,
    copyPageMaxBytes: Math.round(vars.COPIES_PAGE_MAX_MB * 1024 * 1024),
    copyReadableMaxBytes: Math.round(vars.COPIES_READABLE_MAX_MB * 1024 * 1024),
    copyPdfMaxBytes: Math.round(vars.COPIES_PDF_MAX_MB * 1024 * 1024),
    copiesAccountMaxBytes: Math.round(vars.COPIES_MAX_MB * 1024 * 1024),
    copyConcurrency: vars.COPIES_CONCURRENCY,
    fileStore: vars.FILE_STORE,
    s3,
    logLevel: vars.LOG_LEVEL,
    metricsToken: vars.METRICS_TOKEN,
  };
}

/**
 * The S3 settings when `FILE_STORE=s3` or any `S3_*` variable is set, else undefined.
 * @throws ConfigError naming each required S3 setting that is missing.
 */
function s3SettingsOf(vars: z.infer<typeof envSchema>): S3Settings | undefined {
  const {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: pathStyle,
  } = vars;
  const given = [endpoint, bucket, region, accessKeyId, secretAccessKey, pathStyle].some(
    (value) => value !== undefined,
  );
  if (vars.FILE_STORE !== 's3' && !given) return undefined;
  if (
    bucket === undefined ||
    region === undefined ||
    accessKeyId === undefined ||
    secretAccessKey === undefined
  ) {
    const reason = vars.FILE_STORE === 's3' ? 'FILE_STORE=s3' : 'other S3_ settings are set';
    const lines = requiredS3Settings
      .filter((name) => vars[name] === undefined)
      .map((name) => `  ${name} is required when ${reason}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true',
  };
}

/** A secret generated on first start and kept, so tokens survive restarts. */
function readOrCreateSecret(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
