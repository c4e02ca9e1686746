import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_APP_ID,
  DEFAULT_SIGNING_KEYS,
  DEV_SIGNING_KEY,
  FALLBACK_LANGUAGE,
  matchLanguage,
  parseSigningKeys,
  type Language,
} from '@wallet/contract';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Several instances share the replay window through Redis when set. */
  redisUrl: string | undefined;
  appId: string;
  signingKeys: { keyId: string; key: string }[];
  operatorUsername: string;
  operatorPassword: string | undefined;
  rootInviteCode: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** The proxies (addresses and CIDR ranges) whose X-Forwarded-For and X-Forwarded-Proto are believed; empty: none. */
  trustProxy: string[];
  /** In production the API documentation is served only when asked for. */
  apiDocs: boolean;
  defaultLang: Language;
  timeZone: string;
  /** Hosts whose https images content and covers may show (and the pages' policy loads); empty: our uploads only. */
  contentImageHosts: string[];
  captchaFixedAnswer: string | undefined;
  logLevel: string;
  /** The longest a request may take to arrive, headers and body; a slower one is answered and its connection closed. */
  requestTimeoutMs: number;
  webDistDir: string;
  /** On SIGTERM, how long requests in flight may take before their connections are closed. */
  shutdownGraceMs: number;
  /** `/metrics` answers only this bearer token; unset: not served. */
  metricsToken: string | undefined;
  /** The most money writes of one kind (orders, reviews…) that share a transaction; 1 writes them one by one. */
  groupCommitMaxBatch: number;
  /** The HMAC key of the links to private uploads. */
  uploadSigningSecret: string;
  /** An S3-compatible bucket for the uploaded files; unset: they are kept in the database. */
  objectStore: ObjectStoreConfig | undefined;
  /** A drand chain whose rounds are mixed into every draw (PRODUCT §6); unset: the draw is the seed's alone. */
  fairnessBeacon: BeaconConfig | undefined;
}

export interface BeaconConfig {
  /** The chain's HTTP API, e.g. https://api.drand.sh/<chain hash>: `/info` and `/public/{round}` below it. */
  url: string;
  /** The chain's BLS public key (G2, 96 bytes, hex), pinned: rounds signed by any other key are refused. */
  publicKey: string;
  /** How long after a period is due its round may take before the period is void. */
  timeoutMs: number;
}

export interface ObjectStoreConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

// The same from src/ (run from source) and dist/ (the build puts its files directly there).
const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Where `npm run build` puts the operator console, beside the app's build. */
export const CONSOLE_DIST_DIR = path.join(repoRoot, 'apps/console/dist');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A host name as a URL carries it: lower case, letters, digits, dashes and dots; no scheme, port, path or wildcard. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The hosts of `CONTENT_IMAGE_HOSTS`, or null when an entry is not a host name. */
export function imageHostsOf(value: string): string[] | null {
  const hosts = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return hosts.every((host) => HOST_NAME.test(host)) ? [...new Set(hosts)] : null;
}

/** An address or a CIDR range that is not every address: `0.0.0.0/0` or `::/0` would believe anyone. */
function isProxyAddress(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/** The trusted proxies of `TRUST_PROXY`, or null when an entry is not an address or a range; `false` or nothing: none. */
export function trustedProxiesOf(value: string): string[] | null {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 1 && (entries[0] === 'false' || entries[0] === '0')) return [];
  return entries.every(isProxyAddress) ? entries : null;
}

const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: z
    .string()
    .default('8080')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, 'must be a whole number from 0 to 65535'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite database)',
  ),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must start with redis:// or rediss://'),
  APP_ID: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 letters, digits, _, . or -').default(DEFAULT_APP_ID),
  APP_SIGNING_KEYS: z.string().default(DEFAULT_SIGNING_KEYS),
  OPERATOR_USERNAME: z.string().regex(/^[A-Za-z0-9_]{4,20}$/, 'must be 4–20 letters, digits or _').default('admin'),
  OPERATOR_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 12, 'must be at least 12 characters'),
  ROOT_INVITE_CODE: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9]{4,32}$/.test(v),
    'must be 4–32 letters or digits',
  ),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
  SMTP_FROM: z.string().min(3).default('Wallet <no-reply@localhost>'),
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((v) => trustedProxiesOf(v) !== null, 'must list the proxies to believe: addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), never any address'),
  API_DOCS: z.enum(['public']).optional(),
  DEFAULT_LANG: z
    .string()
    .default(FALLBACK_LANGUAGE)
    .refine((v) => matchLanguage(v) !== undefined, 'must be one of the 14 supported languages, e.g. en, zh-CN, ar'),
  TIME_ZONE: z.string().default('UTC').refine(isTimeZone, 'must be an IANA time zone such as UTC or Asia/Shanghai'),
  CONTENT_IMAGE_HOSTS: z
    .string()
    .default('')
    .refine((v) => imageHostsOf(v) !== null, 'must list host names, lower case, comma-separated (e.g. cdn.example.com), without https://, port, path or wildcard'),
  CAPTCHA_FIXED_ANSWER: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_SECONDS: z
    .string()
    .default('30')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 300, 'must be a whole number of seconds from 1 to 300'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SHUTDOWN_GRACE_SECONDS: z
    .string()
    .default('10')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 300, 'must be a whole number of seconds from 1 to 300'),
  GROUP_COMMIT_MAX_BATCH: z
    .string()
    .default('64')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1000, 'must be a whole number from 1 (one write per transaction) to 1000'),
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  UPLOAD_SIGNING_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  S3_ENDPOINT: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/.test(v), 'must be http(s)://host[:port], without a path'),
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'must be a bucket name: 3–63 lower-case letters, digits, dots or dashes'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  FAIRNESS_BEACON_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^?#\s]+$/.test(v), 'must be the http(s) address of a drand chain, without a query'),
  FAIRNESS_BEACON_PUBLIC_KEY: optionalText.refine((v) => v === undefined || /^[0-9a-fA-F]{192}$/.test(v), "must be the chain's public key: 192 hex characters (G2, as drand's quicknet)"),
  FAIRNESS_BEACON_TIMEOUT_SECONDS: z
    .string()
    .default('300')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 10 && Number(v) <= 86_400, 'must be a whole number of seconds from 10 to 86400'),
});

const OBJECT_STORE_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Outside production, links to private uploads are signed with a key derived from the app's signing keys, so instances sharing those agree. */
const developmentUploadSecret = (appSigningKeys: string) => createHash('sha256').update(`upload-links:${appSigningKeys}`).digest('base64url');

/** Relative paths are taken from where `npm` was started, not from the workspace folder. */
function fromInvocationDir(dir: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env['INIT_CWD'] ?? process.cwd(), dir);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        const value = env[name];
        const shown = /PASSWORD|KEYS|SECRET|TOKEN/.test(name) || value === undefined ? '' : ` (got "${value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const keys = parseSigningKeys(e.APP_SIGNING_KEYS);
  if (!keys.ok) problems.push(`APP_SIGNING_KEYS: ${keys.problem}`);
  const production = e.NODE_ENV === 'production';
  if (production && keys.ok && keys.keys.some((k) => k.key === DEV_SIGNING_KEY)) {
    problems.push('APP_SIGNING_KEYS still holds the development key; set your own key for production');
  }
  if (production && e.CAPTCHA_FIXED_ANSWER !== undefined) {
    problems.push('CAPTCHA_FIXED_ANSWER is for automated tests only and is refused when NODE_ENV=production');
  }
  if (production && e.UPLOAD_SIGNING_SECRET === undefined) {
    problems.push('UPLOAD_SIGNING_SECRET is required in production: at least 32 random characters, the same on every instance');
  }
  if ((e.FAIRNESS_BEACON_URL === undefined) !== (e.FAIRNESS_BEACON_PUBLIC_KEY === undefined)) {
    problems.push("a beacon needs FAIRNESS_BEACON_URL and FAIRNESS_BEACON_PUBLIC_KEY together: the chain's address and its key, pinned");
  }
  const objectStoreSet = OBJECT_STORE_VARIABLES.filter((name) => e[name] !== undefined);
  if (objectStoreSet.length > 0 && objectStoreSet.length < OBJECT_STORE_VARIABLES.length) {
    problems.push(`an object store needs ${OBJECT_STORE_VARIABLES.join(', ')} together; missing: ${OBJECT_STORE_VARIABLES.filter((name) => e[name] === undefined).join(', ')}`);
  }
  if (problems.length > 0 || !keys.ok) throw new ConfigError(problems);

  return {
    production,
    port: Number(e.PORT),
    host: e.HOST,
    dataDir: fromInvocationDir(e.DATA_DIR, env),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appId: e.APP_ID,
    signingKeys: keys.keys,
    operatorUsername: e.OPERATOR_USERNAME,
    operatorPassword: e.OPERATOR_PASSWORD,
    rootInviteCode: e.ROOT_INVITE_CODE,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    trustProxy: trustedProxiesOf(e.TRUST_PROXY) ?? [],
    apiDocs: !production || e.API_DOCS === 'public',
    defaultLang: matchLanguage(e.DEFAULT_LANG) ?? FALLBACK_LANGUAGE,
    timeZone: e.TIME_ZONE,
    contentImageHosts: imageHostsOf(e.CONTENT_IMAGE_HOSTS) ?? [],
    captchaFixedAnswer: e.CAPTCHA_FIXED_ANSWER,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: Number(e.REQUEST_TIMEOUT_SECONDS) * 1000,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    shutdownGraceMs: Number(e.SHUTDOWN_GRACE_SECONDS) * 1000,
    metricsToken: e.METRICS_TOKEN,
    groupCommitMaxBatch: Number(e.GROUP_COMMIT_MAX_BATCH),
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET ?? developmentUploadSecret(e.APP_SIGNING_KEYS),
    objectStore:
      objectStoreSet.length === 0
        ? undefined
        : {
            endpoint: e.S3_ENDPOINT!.replace(/\/$/, ''),
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          },
    fairnessBeacon:
      e.FAIRNESS_BEACON_URL === undefined || e.FAIRNESS_BEACON_PUBLIC_KEY === undefined
        ? undefined
        : { url: e.FAIRNESS_BEACON_URL.replace(/\/+$/, ''), publicKey: e.FAIRNESS_BEACON_PUBLIC_KEY.toLowerCase(), timeoutMs: Number(e.FAIRNESS_BEACON_TIMEOUT_SECONDS) * 1000 },
  };
}

/** The configuration, or the problems on stderr and exit code 1: for the commands (`npm start`, `npm run demo`). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
