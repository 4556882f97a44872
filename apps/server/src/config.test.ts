import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fieldbot-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: undefined,
      sessionIdleMs: 120 * 60_000,
      sessionAbsoluteMs: 30 * 86_400_000,
      loginMaxAttempts: 5,
      loginWindowMs: 24 * 60 * 60_000,
      loginLockoutMs: 30_000,
      loginIpMaxAttempts: 100,
      loginIpWindowMs: 15 * 60_000,
      signupMaxPerIp: 10,
      signupWindowMs: 60 * 60_000,
      mailFrom: 'Fieldbot <no-reply@fieldbot.local>',
      s3: undefined,
      uploadMaxBytes: 500 * 1024 * 1024,
      seedDemo: true,
      runWorkers: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('generates the session secret once and keeps it in the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8')).toBe(first.sessionSecret);
    expect(first.intercomSecret).not.toBe(first.sessionSecret);
  });

  it('accepts fractional session minutes (tests use 0.02)', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_IDLE_MINUTES: '0.02' }).sessionIdleMs).toBe(
      1200,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be at most 65535'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid configuration: SEED_DEMO must be true or false'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres'],
    [{ APP_URL: 'not a url' }, 'Invalid configuration: APP_URL must be a valid URL'],
    [{ S3_BUCKET: 'b' }, 'Invalid configuration: S3_ENDPOINT, S3_REGION'],
    [{ NODE_ENV: 'production' }, 'Invalid configuration: SESSION_SECRET is required'],
    [
      { LOGIN_WINDOW_MINUTES: '10', LOGIN_IP_WINDOW_MINUTES: '15' },
      'Invalid configuration: LOGIN_IP_WINDOW_MINUTES must be at most LOGIN_WINDOW_MINUTES',
    ],
    [{ SIGNUP_MAX_PER_IP: '0' }, 'Invalid configuration: SIGNUP_MAX_PER_IP must be at least 1'],
    [{ STT_BASE_URL: 'not a url' }, 'Invalid configuration: STT_BASE_URL must be a valid URL'],
    [{ STT_TIMEOUT_SECONDS: '0' }, 'Invalid configuration: STT_TIMEOUT_SECONDS must be at least'],
    [
      { PIPELINE_RETRY_LIMIT: '1.5' },
      'Invalid configuration: PIPELINE_RETRY_LIMIT must be a whole',
    ],
    [{ LLM_BASE_URL: 'not a url' }, 'Invalid configuration: LLM_BASE_URL must be a valid URL'],
    [
      { LLM_PRICE_INPUT_CENTS_PER_MTOK: '2.5' },
      'Invalid configuration: LLM_PRICE_INPUT_CENTS_PER_MTOK must be a whole number',
    ],
    [
      { LLM_PRICE_OUTPUT_CENTS_PER_MTOK: '-1' },
      'Invalid configuration: LLM_PRICE_OUTPUT_CENTS_PER_MTOK must be at least 0',
    ],
    [{ LLM_TIMEOUT_SECONDS: '0' }, 'Invalid configuration: LLM_TIMEOUT_SECONDS must be at least'],
    [{ LLM_MAX_RETRIES: '11' }, 'Invalid configuration: LLM_MAX_RETRIES must be at most 10'],
    [
      { LLM_REFERENCE_TOKEN_BUDGET: 'lots' },
      'Invalid configuration: LLM_REFERENCE_TOKEN_BUDGET must be a number',
    ],
    [
      { LLM_API_KEY: 'sk-x' },
      'Invalid configuration: LLM_BASE_URL must be set when LLM_API_KEY or LLM_MODEL is set',
    ],
    [
      { LLM_BASE_URL: 'http://127.0.0.1:11434/v1' },
      'Invalid configuration: LLM_MODEL must be set when LLM_BASE_URL is set',
    ],
    [
      { PIPELINE_JOB_TIMEOUT_SECONDS: '90000' },
      'Invalid configuration: PIPELINE_JOB_TIMEOUT_SECONDS must be at most 82800',
    ],
  ])('stops with one line naming the variable for %o', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(message)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  it('transcribes offline with pocketsphinx and finds ffmpeg on PATH by default', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.stt).toEqual({
      engine: 'pocketsphinx',
      binaryPath: 'pocketsphinx_continuous',
      modelDir: '/usr/share/pocketsphinx/model/en-us',
      ffmpegPath: 'ffmpeg',
    });
    expect(config.pipeline).toEqual({
      retryLimit: 3,
      retryDelaySeconds: 10,
      jobTimeoutSeconds: 3600,
      sttChunkSeconds: 600,
      sttPiecesAtOnce: 2,
      callDownloadTimeoutMs: 300_000,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
    });
    expect(config.jobMaintenanceSeconds).toBe(15);
    expect(config.jobLiveness).toEqual({ heartbeatSeconds: 10, livenessSeconds: 30 });
  });

  it('reads the transcription service: a key alone means OpenAI, a base URL alone a local server', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), STT_API_KEY: 'sk-test' }).stt).toEqual({
      engine: 'openai-compatible',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'whisper-1',
      timeoutMs: 300_000,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        STT_BASE_URL: 'http://127.0.0.1:8000/v1/',
        STT_MODEL: 'Systran/faster-whisper-small',
        STT_TIMEOUT_SECONDS: '2.5',
        FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      }),
    ).toMatchObject({
      stt: {
        baseUrl: 'http://127.0.0.1:8000/v1',
        apiKey: undefined,
        model: 'Systran/faster-whisper-small',
        timeoutMs: 2500,
      },
      pipeline: { ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', ffprobePath: 'ffprobe' },
    });
  });

  it('lets STT_ENGINE choose the engine whatever else is set', () => {
    const withKey = { DATA_DIR: tempDir(), STT_API_KEY: 'sk-test' };
    expect(loadConfig({ ...withKey, STT_ENGINE: 'none' }).stt).toEqual({ engine: 'none' });
    expect(
      loadConfig({
        ...withKey,
        STT_ENGINE: 'pocketsphinx',
        POCKETSPHINX_PATH: '/opt/ps/bin/pocketsphinx_continuous',
        POCKETSPHINX_MODEL_DIR: '/opt/ps/model',
      }).stt,
    ).toEqual({
      engine: 'pocketsphinx',
      binaryPath: '/opt/ps/bin/pocketsphinx_continuous',
      modelDir: '/opt/ps/model',
      ffmpegPath: 'ffmpeg',
    });
    expect(loadConfig({ ...withKey, STT_ENGINE: 'openai' }).stt.engine).toBe('openai-compatible');
    expect(() => loadConfig({ DATA_DIR: tempDir(), STT_ENGINE: 'openai' })).toThrow(
      'Invalid configuration: STT_ENGINE=openai needs STT_API_KEY or STT_BASE_URL',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STT_ENGINE: 'whisper' })).toThrow(
      'Invalid configuration: STT_ENGINE must be one of auto, openai, pocketsphinx, none',
    );
  });

  it('looks addresses up offline by default, at a per-user pace it reads', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).address).toEqual({
      provider: 'offline',
      photonUrl: 'https://photon.komoot.io',
      searchesPerMinute: 60,
      mapboxAccessToken: null,
      googleMapsApiKey: null,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), ADDRESS_SEARCHES_PER_MINUTE: '5' }).address
        .searchesPerMinute,
    ).toBe(5);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADDRESS_PROVIDER: 'here' })).toThrow(
      'Invalid configuration: ADDRESS_PROVIDER must be one of offline, photon, mapbox, google',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADDRESS_SEARCHES_PER_MINUTE: '0' })).toThrow(
      'ADDRESS_SEARCHES_PER_MINUTE must be at least 1',
    );
  });

  it('needs the key of a hosted address look-up', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADDRESS_PROVIDER: 'mapbox' })).toThrow(
      'Invalid configuration: ADDRESS_PROVIDER=mapbox needs MAPBOX_ACCESS_TOKEN',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADDRESS_PROVIDER: 'google' })).toThrow(
      'Invalid configuration: ADDRESS_PROVIDER=google needs GOOGLE_MAPS_API_KEY',
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), ADDRESS_PROVIDER: 'mapbox', MAPBOX_ACCESS_TOKEN: 'pk.x' })
        .address,
    ).toMatchObject({ provider: 'mapbox', mapboxAccessToken: 'pk.x' });
    expect(
      loadConfig({ DATA_DIR: tempDir(), ADDRESS_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'AIza' })
        .address,
    ).toMatchObject({ provider: 'google', googleMapsApiKey: 'AIza' });
  });

  it('has no language model unless LLM_BASE_URL names one', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).llm).toBeNull();
  });

  it('reads the language model service, its prices and retry settings', () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'llama3.1',
      }).llm,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      priceInputCentsPerMTok: 0,
      priceOutputCentsPerMTok: 0,
      timeoutMs: 120_000,
      maxRetries: 3,
      retryDelayMs: 1000,
      referenceTokenBudget: 8000,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LLM_BASE_URL: 'https://api.openai.com/v1',
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'gpt-4o-mini',
        LLM_PRICE_INPUT_CENTS_PER_MTOK: '15',
        LLM_PRICE_OUTPUT_CENTS_PER_MTOK: '60',
        LLM_TIMEOUT_SECONDS: '2.5',
        LLM_MAX_RETRIES: '0',
        LLM_RETRY_DELAY_SECONDS: '0.01',
        LLM_REFERENCE_TOKEN_BUDGET: '2000',
      }).llm,
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      priceInputCentsPerMTok: 15,
      priceOutputCentsPerMTok: 60,
      timeoutMs: 2500,
      maxRetries: 0,
      retryDelayMs: 10,
      referenceTokenBudget: 2000,
    });
  });

  it('reads the support widget and analytics settings', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      intercomAppId: undefined,
      supportEmail: 'support@fieldbot.local',
      posthog: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        INTERCOM_APP_ID: 'abc123',
        SUPPORT_EMAIL: 'help@acme.test',
        POSTHOG_KEY: 'phc_x',
        POSTHOG_HOST: 'https://eu.i.posthog.com/',
      }),
    ).toMatchObject({
      intercomAppId: 'abc123',
      supportEmail: 'help@acme.test',
      posthog: { key: 'phc_x', host: 'https://eu.i.posthog.com' },
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SUPPORT_EMAIL: 'nobody' })).toThrow(
      'Invalid configuration: SUPPORT_EMAIL must be an e-mail address',
    );
  });

  it('switches to S3 only when every S3 variable is set', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });
});
