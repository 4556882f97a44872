import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANALYTICS_EVENTS_PER_USER_HOUR } from '@fieldbot/shared';
import { z } from 'zod';
import { parseWebhookAllowList, type WebhookAllowList } from './modules/webhooks/index.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const num = (name: string, fallback: number, opts: { int?: boolean; min?: number; max?: number }) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number` });
        return z.NEVER;
      }
      if (opts.int && !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number` });
        return z.NEVER;
      }
      if (opts.min !== undefined && n < opts.min) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at least ${opts.min}` });
        return z.NEVER;
      }
      if (opts.max !== undefined && n > opts.max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${opts.max}` });
        return z.NEVER;
      }
      return n;
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const url = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: `${name} must be a valid URL`,
  });

const STT_ENGINES = ['auto', 'openai', 'pocketsphinx', 'none'] as const;
/** Address look-up adapters (providers/address). */
export const ADDRESS_PROVIDERS = ['offline', 'photon', 'mapbox', 'google'] as const;
export type AddressProviderName = (typeof ADDRESS_PROVIDERS)[number];

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: num('PORT', 3000, { int: true, min: 0, max: 65535 }),
  HOST: optionalString,
  APP_URL: url('APP_URL'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
  ),
  SESSION_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'SESSION_SECRET must be at least 32 characters',
  ),
  SESSION_IDLE_MINUTES: num('SESSION_IDLE_MINUTES', 120, { min: 0.001 }),
  SESSION_ABSOLUTE_DAYS: num('SESSION_ABSOLUTE_DAYS', 30, { min: 0.0001 }),
  SESSION_CACHE_MS: num('SESSION_CACHE_MS', 1000, { int: true, min: 0 }),
  LOGIN_MAX_ATTEMPTS: num('LOGIN_MAX_ATTEMPTS', 5, { int: true, min: 1 }),
  LOGIN_WINDOW_MINUTES: num('LOGIN_WINDOW_MINUTES', 1440, { min: 0.001 }),
  LOGIN_LOCKOUT_SECONDS: num('LOGIN_LOCKOUT_SECONDS', 30, { min: 0.001 }),
  LOGIN_IP_MAX_ATTEMPTS: num('LOGIN_IP_MAX_ATTEMPTS', 100, { int: true, min: 1 }),
  LOGIN_IP_WINDOW_MINUTES: num('LOGIN_IP_WINDOW_MINUTES', 15, { min: 0.001 }),
  SIGNUP_MAX_PER_IP: num('SIGNUP_MAX_PER_IP', 10, { int: true, min: 1 }),
  SIGNUP_WINDOW_MINUTES: num('SIGNUP_WINDOW_MINUTES', 60, { min: 0.001 }),
  API_KEY_RATE_LIMIT: num('API_KEY_RATE_LIMIT', 600, { int: true, min: 1 }),
  API_KEY_RATE_WINDOW_SECONDS: num('API_KEY_RATE_WINDOW_SECONDS', 60, { int: true, min: 1 }),
  SMTP_URL: url('SMTP_URL'),
  MAIL_FROM: optionalString,
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  AUDIT_LOG_RETENTION_DAYS: num('AUDIT_LOG_RETENTION_DAYS', 730, {
    int: true,
    min: 1,
    max: 36_500,
  }),
  ANALYTICS_EVENTS_PER_USER_HOUR: num(
    'ANALYTICS_EVENTS_PER_USER_HOUR',
    ANALYTICS_EVENTS_PER_USER_HOUR,
    {
      int: true,
      min: 1,
    },
  ),
  UPLOAD_MAX_MB: num('UPLOAD_MAX_MB', 500, { min: 0.001 }),
  UPLOAD_PENDING_PER_USER: num('UPLOAD_PENDING_PER_USER', 200, { int: true, min: 1 }),
  UPLOAD_PENDING_PER_COMPANY: num('UPLOAD_PENDING_PER_COMPANY', 2000, { int: true, min: 1 }),
  UPLOAD_DAILY_MB_PER_USER: num('UPLOAD_DAILY_MB_PER_USER', 5000, { min: 0.001 }),
  UPLOAD_DAILY_MB_PER_COMPANY: num('UPLOAD_DAILY_MB_PER_COMPANY', 50000, { min: 0.001 }),
  INTERCOM_SECRET: optionalString,
  INTERCOM_APP_ID: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(v),
    'INTERCOM_APP_ID must be an Intercom workspace id (letters and digits)',
  ),
  SUPPORT_EMAIL: optionalString.refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+$/.test(v),
    'SUPPORT_EMAIL must be an e-mail address',
  ),
  POSTHOG_KEY: optionalString,
  POSTHOG_HOST: url('POSTHOG_HOST'),
  SEED_DEMO: bool('SEED_DEMO', true),
  RUN_WORKERS: bool('RUN_WORKERS', true),
  WEB_DIST: optionalString,
  LOG_LEVEL: optionalString.refine(
    (v) =>
      v === undefined || ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(v),
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  ),
  TRUST_PROXY: bool('TRUST_PROXY', false),
  ADDRESS_PROVIDER: optionalString.refine(
    (v) => v === undefined || (ADDRESS_PROVIDERS as readonly string[]).includes(v),
    `ADDRESS_PROVIDER must be one of ${ADDRESS_PROVIDERS.join(', ')}`,
  ),
  ADDRESS_PHOTON_URL: url('ADDRESS_PHOTON_URL'),
  ADDRESS_SEARCHES_PER_MINUTE: num('ADDRESS_SEARCHES_PER_MINUTE', 60, { int: true, min: 1 }),
  MAPBOX_ACCESS_TOKEN: optionalString,
  GOOGLE_MAPS_API_KEY: optionalString,
  STT_ENGINE: optionalString.refine(
    (v) => v === undefined || (STT_ENGINES as readonly string[]).includes(v),
    `STT_ENGINE must be one of ${STT_ENGINES.join(', ')}`,
  ),
  STT_BASE_URL: url('STT_BASE_URL'),
  STT_API_KEY: optionalString,
  STT_MODEL: optionalString,
  STT_TIMEOUT_SECONDS: num('STT_TIMEOUT_SECONDS', 300, { min: 0.1 }),
  STT_CHUNK_SECONDS: num('STT_CHUNK_SECONDS', 600, { min: 1 }),
  STT_PIECES_AT_ONCE: num('STT_PIECES_AT_ONCE', 2, { int: true, min: 1, max: 16 }),
  POCKETSPHINX_PATH: optionalString,
  POCKETSPHINX_MODEL_DIR: optionalString,
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  PIPELINE_RETRY_LIMIT: num('PIPELINE_RETRY_LIMIT', 3, { int: true, min: 0, max: 20 }),
  PIPELINE_RETRY_DELAY_SECONDS: num('PIPELINE_RETRY_DELAY_SECONDS', 10, { int: true, min: 0 }),
  PIPELINE_JOB_TIMEOUT_SECONDS: num('PIPELINE_JOB_TIMEOUT_SECONDS', 3600, {
    int: true,
    min: 1,
    max: 23 * 3600,
  }),
  CALL_DOWNLOAD_TIMEOUT_SECONDS: num('CALL_DOWNLOAD_TIMEOUT_SECONDS', 300, { min: 0.1 }),
  JOB_MAINTENANCE_SECONDS: num('JOB_MAINTENANCE_SECONDS', 15, { int: true, min: 1, max: 3600 }),
  JOB_HEARTBEAT_SECONDS: num('JOB_HEARTBEAT_SECONDS', 10, { int: true, min: 1, max: 600 }),
  JOB_LIVENESS_SECONDS: num('JOB_LIVENESS_SECONDS', 30, { int: true, min: 2, max: 3600 }),
  LLM_BASE_URL: url('LLM_BASE_URL'),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_PRICE_INPUT_CENTS_PER_MTOK: num('LLM_PRICE_INPUT_CENTS_PER_MTOK', 0, { int: true, min: 0 }),
  LLM_PRICE_OUTPUT_CENTS_PER_MTOK: num('LLM_PRICE_OUTPUT_CENTS_PER_MTOK', 0, { int: true, min: 0 }),
  LLM_TIMEOUT_SECONDS: num('LLM_TIMEOUT_SECONDS', 120, { min: 0.1 }),
  LLM_MAX_RETRIES: num('LLM_MAX_RETRIES', 3, { int: true, min: 0, max: 10 }),
  LLM_RETRY_DELAY_SECONDS: num('LLM_RETRY_DELAY_SECONDS', 1, { min: 0, max: 60 }),
  LLM_REFERENCE_TOKEN_BUDGET: num('LLM_REFERENCE_TOKEN_BUDGET', 8000, { int: true, min: 0 }),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: url('STRIPE_API_URL'),
  BILLING_PRICE_PER_MINUTE_CENTS: num('BILLING_PRICE_PER_MINUTE_CENTS', 5, { int: true, min: 0 }),
  BILLING_CLOSE_CRON: optionalString,
  CAPACITY_CHECK_SECONDS: num('CAPACITY_CHECK_SECONDS', 60, { int: true, min: 1, max: 3600 }),
  CAPACITY_HOLD_CACHE_MS: num('CAPACITY_HOLD_CACHE_MS', 3000, { int: true, min: 0, max: 60_000 }),
  CRM_CREDENTIALS_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'CRM_CREDENTIALS_SECRET must be at least 32 characters',
  ),
  CRM_CREDENTIALS_PREVIOUS_SECRETS: optionalString,
  CRM_SYNC_INTERVAL_MINUTES: num('CRM_SYNC_INTERVAL_MINUTES', 15, { int: true, min: 0, max: 1440 }),
  CRM_SYNC_PAGE_SIZE: num('CRM_SYNC_PAGE_SIZE', 500, { int: true, min: 1, max: 5000 }),
  CRM_SYNC_LEASE_SECONDS: num('CRM_SYNC_LEASE_SECONDS', 60, { int: true, min: 2, max: 86400 }),
  SERVICETITAN_AUTH_URL: url('SERVICETITAN_AUTH_URL'),
  SERVICETITAN_API_URL: url('SERVICETITAN_API_URL'),
  /** Hosts, addresses or CIDR ranges webhooks may reach although private (local receivers, tests). */
  WEBHOOK_ALLOWED_HOSTS: optionalString.transform((value, ctx) => {
    try {
      return parseWebhookAllowList((value ?? '').split(','));
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `WEBHOOK_ALLOWED_HOSTS: ${(error as Error).message} (expected comma-separated host names, IP addresses or CIDR ranges)`,
      });
      return z.NEVER;
    }
  }),
});

const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/** Stripe, when its three keys are set; apiUrl points the SDK at a local fake in tests. */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
}

/** Prices and schedules of billing and capacity. */
export interface BillingConfig {
  /** Platform price of a recorded minute. */
  pricePerMinuteCents: number;
  /** pg-boss cron of the monthly close (UTC); each company closes its own month in its timezone. */
  closeCron: string;
  /** How often paused work is checked for resumption and soft-capacity e-mails are sent. */
  capacityCheckSeconds: number;
  /** How long a worker reuses a "not on hold" verdict before it sums the month's spend again. */
  capacityHoldCacheMs: number;
  stripe: StripeConfig | null;
}

/** CRM integrations (credentials at rest, sync schedule, ServiceTitan endpoints). */
export interface CrmConfig {
  /**
   * Seals saved integration values (AES-256-GCM, key derived by HKDF). Defaults to the session
   * secret; set CRM_CREDENTIALS_SECRET to keep them apart.
   */
  credentialsSecret: string;
  /** Older secrets still accepted for opening values while they are re-sealed (rotation). */
  previousCredentialsSecrets: string[];
  /** Minutes between scheduled syncs of each connected company; 0 turns the schedule off. */
  syncIntervalMinutes: number;
  /** Records per export page (ServiceTitan pageSize; the demo CRM's batch). */
  syncPageSize: number;
  /** A sync holds its company this long per renewal; a crashed worker's lease runs out. */
  syncLeaseSeconds: number;
  serviceTitan: { authUrl: string; apiUrl: string };
}

export interface UploadQuota {
  pendingPerUser: number;
  pendingPerCompany: number;
  bytesPerUser: number;
  bytesPerCompany: number;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An OpenAI-compatible speech-to-text service (POST {baseUrl}/audio/transcriptions). */
export interface OpenAiSttConfig {
  /** The API root as the OpenAI SDK takes it, e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Offline recognition by Debian's pocketsphinx_continuous with the pocketsphinx-en-us model. */
export interface PocketsphinxConfig {
  binaryPath: string;
  /** Holds en-us/ (acoustic model), en-us.lm.bin and cmudict-en-us.dict. */
  modelDir: string;
  /** pocketsphinx reads 16 kHz mono WAV only; ffmpeg converts the merged MP3. */
  ffmpegPath: string;
}

/** The speech-to-text engine: a whisper service, offline pocketsphinx (the default) or none. */
export type SttConfig =
  | ({ engine: 'openai-compatible' } & OpenAiSttConfig)
  | ({ engine: 'pocketsphinx' } & PocketsphinxConfig)
  | { engine: 'none' };

/**
 * A worker renews each job it works every `heartbeatSeconds`; a job not renewed for
 * `livenessSeconds` belongs to a dead worker and is retried (at least two heartbeats).
 */
export interface JobLivenessConfig {
  heartbeatSeconds: number;
  livenessSeconds: number;
}

/** Tuning of the interaction pipeline's pg-boss jobs (audio merge, transcription, call download). */
export interface PipelineConfig {
  /** Retries after the first attempt; the last failure becomes the interaction's error message. */
  retryLimit: number;
  /** First retry delay; doubles with each retry (0: retry at once). */
  retryDelaySeconds: number;
  /**
   * The longest a job may run, alive or not. A dead worker's job is found much sooner, when its
   * heartbeat stops (JobLivenessConfig).
   */
  jobTimeoutSeconds: number;
  /** Longest audio piece sent to the speech-to-text service in one request. */
  sttChunkSeconds: number;
  /** Pieces of one recording transcribed side by side. */
  sttPiecesAtOnce: number;
  callDownloadTimeoutMs: number;
  ffmpegPath: string;
  ffprobePath: string;
}

/** An OpenAI-compatible chat service for LLM bots (POST {baseUrl}/chat/completions). */
export interface LlmConfig {
  /** The API root, e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Integer cents per million prompt and completion tokens (0 for a free local model). */
  priceInputCentsPerMTok: number;
  priceOutputCentsPerMTok: number;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first on a timeout, 429 or 5xx before the run fails (retryably). */
  maxRetries: number;
  /** First backoff delay; doubles with each retry. A 429's Retry-After wins when given. */
  retryDelayMs: number;
  /** Tokens (estimated at 4 characters each) of reference documents sent with a run. */
  referenceTokenBudget: number;
}

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  sessionCacheMs: number;
  /** Failed logins per account (from any address) before each further attempt has to wait. */
  loginMaxAttempts: number;
  /** How long failed logins are remembered; also how long the attempts table keeps them. */
  loginWindowMs: number;
  /** The first wait of a limited account; it doubles with every further failure. */
  loginLockoutMs: number;
  /** Failed logins per address before its wrong passwords get 429 (right ones still log in). */
  loginIpMaxAttempts: number;
  loginIpWindowMs: number;
  /** Sign-up attempts per address in `signupWindowMs`, then 429. */
  signupMaxPerIp: number;
  signupWindowMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: S3Config | undefined;
  uploadMaxBytes: number;
  /** Per 24 hours: upload URLs issued and not used, and bytes received. */
  uploadQuota: UploadQuota;
  /** Audit log entries older than this are deleted (the log's own retention, issue 27 §5). */
  auditLogRetentionDays: number;
  /** First-party analytics events one user may send per rolling hour. */
  analyticsEventsPerUserHour: number;
  /** Public API (/api/v1): requests one API key may make per fixed window, across all processes. */
  apiKeyRateLimit: { requests: number; windowMs: number };
  intercomSecret: string;
  /** Intercom Messenger workspace; unset, the built-in Help panel mails SUPPORT_EMAIL instead. */
  intercomAppId: string | undefined;
  supportEmail: string;
  /** Analytics also go to PostHog when a project key is set. */
  posthog: { key: string; host: string } | undefined;
  seedDemo: boolean;
  runWorkers: boolean;
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  address: {
    provider: AddressProviderName;
    photonUrl: string;
    searchesPerMinute: number;
    /** Set when provider is 'mapbox' (checked at start-up). */
    mapboxAccessToken: string | null;
    /** Set when provider is 'google' (checked at start-up). */
    googleMapsApiKey: string | null;
  };
  /** engine 'none': transcripts end with 'No transcription service configured'. */
  stt: SttConfig;
  pipeline: PipelineConfig;
  /** The language model of LLM bots; null without LLM_BASE_URL (LLM bots then fail, rules bots run). */
  llm: LlmConfig | null;
  /** How often pg-boss looks for expired (crashed) jobs and purges old ones. */
  jobMaintenanceSeconds: number;
  /** How a dead worker's jobs are found (jobs/job-liveness.ts). */
  jobLiveness: JobLivenessConfig;
  billing: BillingConfig;
  crm: CrmConfig;
  /** Outgoing webhooks: private destinations allowed by WEBHOOK_ALLOWED_HOSTS (none by default). */
  webhooks: { allowList: WebhookAllowList };
}

/** A configuration problem: its message is the one line printed before the process exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** For process entry points: a configuration problem prints its one line (no stack) and exits 1. */
export async function exitOnConfigError<T>(start: () => T | Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** For process entry points: a bad configuration prints its one line and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const S3_KEYS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** auto: the whisper service when one is named, else offline pocketsphinx (a fresh install works alone). */
function sttConfig(e: z.infer<typeof envSchema>, serviceNamed: boolean): SttConfig {
  const engine = e.STT_ENGINE ?? 'auto';
  if (engine === 'none') return { engine: 'none' };
  if (engine === 'openai' || (engine === 'auto' && serviceNamed)) {
    return {
      engine: 'openai-compatible',
      // A key alone means OpenAI itself; a base URL alone suits local servers that need no key.
      baseUrl: (e.STT_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
      apiKey: e.STT_API_KEY,
      model: e.STT_MODEL ?? 'whisper-1',
      timeoutMs: Math.round(e.STT_TIMEOUT_SECONDS * 1000),
    };
  }
  return {
    engine: 'pocketsphinx',
    binaryPath: e.POCKETSPHINX_PATH ?? 'pocketsphinx_continuous',
    modelDir: e.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us',
    ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
  };
}

function llmConfig(e: z.infer<typeof envSchema>): LlmConfig | null {
  if (e.LLM_BASE_URL === undefined || e.LLM_MODEL === undefined) return null;
  return {
    baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.LLM_API_KEY,
    model: e.LLM_MODEL,
    priceInputCentsPerMTok: e.LLM_PRICE_INPUT_CENTS_PER_MTOK,
    priceOutputCentsPerMTok: e.LLM_PRICE_OUTPUT_CENTS_PER_MTOK,
    timeoutMs: Math.round(e.LLM_TIMEOUT_SECONDS * 1000),
    maxRetries: e.LLM_MAX_RETRIES,
    retryDelayMs: Math.round(e.LLM_RETRY_DELAY_SECONDS * 1000),
    referenceTokenBudget: e.LLM_REFERENCE_TOKEN_BUDGET,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const message = issue?.message ?? 'is invalid';
    throw new ConfigError(
      `Invalid configuration: ${message.startsWith(variable) ? message : `${variable}: ${message}`}`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  const s3Set = S3_KEYS.filter((k) => e[k] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_KEYS.length) {
    const missing = S3_KEYS.filter((k) => e[k] === undefined);
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set when any S3_* variable is set`,
    );
  }
  // The attempts table is purged after LOGIN_WINDOW_MINUTES, so a longer address window would not count.
  if (e.LOGIN_IP_WINDOW_MINUTES > e.LOGIN_WINDOW_MINUTES) {
    throw new ConfigError(
      'Invalid configuration: LOGIN_IP_WINDOW_MINUTES must be at most LOGIN_WINDOW_MINUTES',
    );
  }
  const sttService = e.STT_BASE_URL !== undefined || e.STT_API_KEY !== undefined;
  if (e.STT_ENGINE === 'openai' && !sttService) {
    throw new ConfigError(
      'Invalid configuration: STT_ENGINE=openai needs STT_API_KEY or STT_BASE_URL',
    );
  }
  if (e.LLM_BASE_URL === undefined && (e.LLM_API_KEY !== undefined || e.LLM_MODEL !== undefined)) {
    throw new ConfigError(
      'Invalid configuration: LLM_BASE_URL must be set when LLM_API_KEY or LLM_MODEL is set',
    );
  }
  if (e.LLM_BASE_URL !== undefined && e.LLM_MODEL === undefined) {
    throw new ConfigError('Invalid configuration: LLM_MODEL must be set when LLM_BASE_URL is set');
  }
  const stripeSet = STRIPE_KEYS.filter((k) => e[k] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((k) => e[k] === undefined);
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set when any STRIPE_* key is set`,
    );
  }
  if (e.ADDRESS_PROVIDER === 'mapbox' && e.MAPBOX_ACCESS_TOKEN === undefined) {
    throw new ConfigError(
      'Invalid configuration: ADDRESS_PROVIDER=mapbox needs MAPBOX_ACCESS_TOKEN',
    );
  }
  if (e.ADDRESS_PROVIDER === 'google' && e.GOOGLE_MAPS_API_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration: ADDRESS_PROVIDER=google needs GOOGLE_MAPS_API_KEY',
    );
  }
  if (production && e.SESSION_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    );
  }

  // Unset, the data folder is ./data at the repository root whichever workspace starts the server.
  const dataDir = e.DATA_DIR
    ? path.resolve(process.cwd(), e.DATA_DIR)
    : path.resolve(serverRoot, '../../data');
  const sessionSecret = e.SESSION_SECRET ?? readOrCreateSecret(dataDir);
  const intercomSecret =
    e.INTERCOM_SECRET ??
    // Derived so that a fresh install works; set INTERCOM_SECRET to the widget's real secret.
    createHmac('sha256', sessionSecret).update('intercom-identity').digest('hex');

  return {
    production,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginLockoutMs: e.LOGIN_LOCKOUT_SECONDS * 1000,
    loginIpMaxAttempts: e.LOGIN_IP_MAX_ATTEMPTS,
    loginIpWindowMs: e.LOGIN_IP_WINDOW_MINUTES * 60_000,
    signupMaxPerIp: e.SIGNUP_MAX_PER_IP,
    signupWindowMs: e.SIGNUP_WINDOW_MINUTES * 60_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Fieldbot <no-reply@fieldbot.local>',
    s3:
      s3Set.length === S3_KEYS.length
        ? {
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
    analyticsEventsPerUserHour: e.ANALYTICS_EVENTS_PER_USER_HOUR,
    apiKeyRateLimit: {
      requests: e.API_KEY_RATE_LIMIT,
      windowMs: e.API_KEY_RATE_WINDOW_SECONDS * 1000,
    },
    uploadQuota: {
      pendingPerUser: e.UPLOAD_PENDING_PER_USER,
      pendingPerCompany: e.UPLOAD_PENDING_PER_COMPANY,
      bytesPerUser: Math.floor(e.UPLOAD_DAILY_MB_PER_USER * 1024 * 1024),
      bytesPerCompany: Math.floor(e.UPLOAD_DAILY_MB_PER_COMPANY * 1024 * 1024),
    },
    intercomSecret,
    intercomAppId: e.INTERCOM_APP_ID,
    supportEmail: e.SUPPORT_EMAIL ?? 'support@fieldbot.local',
    posthog: e.POSTHOG_KEY
      ? {
          key: e.POSTHOG_KEY,
          host: (e.POSTHOG_HOST ?? 'https://us.i.posthog.com').replace(/\/+$/, ''),
        }
      : undefined,
    seedDemo: e.SEED_DEMO,
    runWorkers: e.RUN_WORKERS,
    webDist: path.resolve(serverRoot, e.WEB_DIST ?? '../web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY,
    address: {
      provider: (e.ADDRESS_PROVIDER as AddressProviderName | undefined) ?? 'offline',
      photonUrl: e.ADDRESS_PHOTON_URL ?? 'https://photon.komoot.io',
      searchesPerMinute: e.ADDRESS_SEARCHES_PER_MINUTE,
      mapboxAccessToken: e.MAPBOX_ACCESS_TOKEN ?? null,
      googleMapsApiKey: e.GOOGLE_MAPS_API_KEY ?? null,
    },
    stt: sttConfig(e, sttService),
    pipeline: {
      retryLimit: e.PIPELINE_RETRY_LIMIT,
      retryDelaySeconds: e.PIPELINE_RETRY_DELAY_SECONDS,
      jobTimeoutSeconds: e.PIPELINE_JOB_TIMEOUT_SECONDS,
      sttChunkSeconds: e.STT_CHUNK_SECONDS,
      sttPiecesAtOnce: e.STT_PIECES_AT_ONCE,
      callDownloadTimeoutMs: Math.round(e.CALL_DOWNLOAD_TIMEOUT_SECONDS * 1000),
      ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
      ffprobePath: e.FFPROBE_PATH ?? 'ffprobe',
    },
    llm: llmConfig(e),
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    jobLiveness: {
      heartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
      livenessSeconds: Math.max(e.JOB_LIVENESS_SECONDS, 2 * e.JOB_HEARTBEAT_SECONDS),
    },
    billing: {
      pricePerMinuteCents: e.BILLING_PRICE_PER_MINUTE_CENTS,
      // Hourly: a company's month closes in the first hour after midnight on the 1st, its time.
      closeCron: e.BILLING_CLOSE_CRON ?? '5 * * * *',
      capacityCheckSeconds: e.CAPACITY_CHECK_SECONDS,
      capacityHoldCacheMs: e.CAPACITY_HOLD_CACHE_MS,
      stripe:
        stripeSet.length === STRIPE_KEYS.length
          ? {
              secretKey: e.STRIPE_SECRET_KEY!,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
              apiUrl: e.STRIPE_API_URL,
            }
          : null,
    },
    crm: {
      credentialsSecret: e.CRM_CREDENTIALS_SECRET ?? sessionSecret,
      previousCredentialsSecrets: (e.CRM_CREDENTIALS_PREVIOUS_SECRETS ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
      syncIntervalMinutes: e.CRM_SYNC_INTERVAL_MINUTES,
      syncPageSize: e.CRM_SYNC_PAGE_SIZE,
      syncLeaseSeconds: e.CRM_SYNC_LEASE_SECONDS,
      serviceTitan: {
        authUrl: (e.SERVICETITAN_AUTH_URL ?? 'https://auth.servicetitan.io').replace(/\/+$/, ''),
        apiUrl: (e.SERVICETITAN_API_URL ?? 'https://api.servicetitan.io').replace(/\/+$/, ''),
      },
    },
    webhooks: { allowList: e.WEBHOOK_ALLOWED_HOSTS },
  };
}
