import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configTable, configTableMarkdown, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({}, '/srv/scribe');
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/scribe/data',
      databaseUrl: undefined,
      logLevel: 'info',
      sessionTtlDays: 30,
      cookieSecure: 'auto',
      trustProxy: false,
      supportEmail: 'support@example.com',
      serverRole: 'all',
      loginRateLimit: { perIp: 10, perAccount: 5, windowMs: 15 * 60_000 },
      registerRateLimit: { perIp: 10, windowMs: 60 * 60_000 },
    });
    expect(c.captcha.provider).toBe('altcha');
    expect(c.appDistDir.endsWith(join('packages', 'app', 'dist'))).toBe(true);
  });

  it('reads every variable, treating empty values as unset', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/scribe',
        DATABASE_URL: 'postgres://u:p@db/scribe',
        COOKIE_SECURE: 'true',
        TRUST_PROXY: '10.0.0.1, 10.0.0.2',
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: '',
        SUPPORT_EMAIL: 'help@scribe.test',
        SERVER_ROLE: 'web',
        HOST: '',
      },
      '/x',
    );
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe('/var/lib/scribe');
    expect(c.databaseUrl).toBe('postgres://u:p@db/scribe');
    expect(c.cookieSecure).toBe(true);
    expect(c.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(c.captcha.recaptchaSiteKey).toBeUndefined();
    expect(c.serverRole).toBe('web');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', SERVER_ROLE: 'db', DATABASE_URL: 'mysql://x', ALTCHA_HMAC_KEY: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'SERVER_ROLE', 'DATABASE_URL', 'ALTCHA_HMAC_KEY']) expect(problems).toContain(`${name}=`);
  });

  it('reads storage and upload settings; S3 needs a bucket and both keys or none', () => {
    const d = loadConfig({}, '/x');
    expect(d.storage).toEqual({ driver: 'local' });
    expect(d.uploads).toEqual({
      maxBytes: 104_857_600,
      abandonMs: 24 * 3_600_000,
      maxUnfinished: 3,
      quotaBytes: 2 * 1024 ** 3,
      tempMaxAgeMs: 3_600_000,
    });
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'audio',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_MAX_BYTES: '52428800',
      UPLOAD_ABANDON_HOURS: '0.5',
    });
    expect(s3.storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'audio',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(s3.uploads).toEqual({
      maxBytes: 52_428_800,
      abandonMs: 1_800_000,
      maxUnfinished: 3,
      quotaBytes: 2 * 1024 ** 3,
      tempMaxAgeMs: 3_600_000,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ UPLOAD_ABANDON_HOURS: '0' })).toThrow(/UPLOAD_ABANDON_HOURS/);
  });

  it('reads the transcription settings: built-in engine by default, English only', () => {
    const d = loadConfig({}, '/x');
    expect(d.transcription).toMatchObject({
      engine: 'builtin',
      retryLimit: 2,
      retryDelaySeconds: 10,
      apiUrl: 'https://api.openai.com',
      apiKey: undefined,
      model: 'whisper-1',
      responseFormat: 'verbose_json',
      language: undefined,
      timeoutSeconds: 600,
    });
    expect(d.transcription.concurrency).toBeGreaterThanOrEqual(1);
    const o = loadConfig({
      TRANSCRIPTION_ENGINE: 'openai',
      TRANSCRIPTION_CONCURRENCY: '4',
      TRANSCRIPTION_API_URL: 'http://speaches:8000',
      TRANSCRIPTION_API_KEY: 'sk-1',
      TRANSCRIPTION_MODEL: 'Systran/faster-whisper-small',
      TRANSCRIPTION_LANGUAGE: 'de',
      TRANSCRIPTION_TIMEOUT_SECONDS: '120',
      TRANSCRIPTION_RETRIES: '0',
    });
    expect(o.transcription).toEqual({
      engine: 'openai',
      concurrency: 4,
      engineIdleMinutes: 10,
      retryLimit: 0,
      retryDelaySeconds: 10,
      apiUrl: 'http://speaches:8000',
      apiKey: 'sk-1',
      model: 'Systran/faster-whisper-small',
      responseFormat: 'verbose_json',
      language: 'de',
      timeoutSeconds: 120,
    });
    expect(loadConfig({ TRANSCRIPTION_ENGINE_IDLE_MINUTES: '0' }).transcription.engineIdleMinutes).toBe(0);
    expect(loadConfig({ TRANSCRIPTION_ENGINE_IDLE_MINUTES: '0.5' }).transcription.engineIdleMinutes).toBe(0.5);
    expect(() => loadConfig({ TRANSCRIPTION_ENGINE_IDLE_MINUTES: '-1' })).toThrow(/TRANSCRIPTION_ENGINE_IDLE_MINUTES/);
    expect(() => loadConfig({ TRANSCRIPTION_LANGUAGE: 'de' })).toThrow(/built-in engine transcribes English only/);
    expect(loadConfig({ TRANSCRIPTION_LANGUAGE: 'en' }).transcription.language).toBe('en');
    expect(() => loadConfig({ TRANSCRIPTION_ENGINE: 'whisper' })).toThrow(/TRANSCRIPTION_ENGINE/);
    // Diarising: chosen by the model name, or set outright.
    const diarize = { TRANSCRIPTION_ENGINE: 'openai', TRANSCRIPTION_MODEL: 'gpt-4o-transcribe-diarize' };
    expect(loadConfig(diarize).transcription.responseFormat).toBe('diarized_json');
    expect(loadConfig({ ...diarize, TRANSCRIPTION_RESPONSE_FORMAT: 'verbose_json' }).transcription.responseFormat).toBe('verbose_json');
    expect(loadConfig({ TRANSCRIPTION_RESPONSE_FORMAT: 'diarized_json' }).transcription.responseFormat).toBe('diarized_json');
    expect(() => loadConfig({ TRANSCRIPTION_RESPONSE_FORMAT: 'srt' })).toThrow(/TRANSCRIPTION_RESPONSE_FORMAT/);
    expect(() => loadConfig({ TRANSCRIPTION_CONCURRENCY: '0' })).toThrow(/TRANSCRIPTION_CONCURRENCY/);
  });

  it('reads how workers recover the jobs of a dead worker: every minute, after a 30-second grace, unless set', () => {
    expect(loadConfig({}).transcriptionRecovery).toEqual({ intervalMs: 60_000, orphanGraceMs: 30_000 });
    const fast = loadConfig({ TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS: '1', TRANSCRIPTION_ORPHAN_GRACE_SECONDS: '0' });
    expect(fast.transcriptionRecovery).toEqual({ intervalMs: 1000, orphanGraceMs: 0 });
    expect(() => loadConfig({ TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS: '0' })).toThrow(/TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS/);
    expect(() => loadConfig({ TRANSCRIPTION_ORPHAN_GRACE_SECONDS: '-1' })).toThrow(/TRANSCRIPTION_ORPHAN_GRACE_SECONDS/);
  });

  it('reads the language-model limits: context and answer tokens, time-out; the answer gets at most half the context', () => {
    expect(loadConfig({}).ai).toMatchObject({ contextTokens: 8192, answerTokens: 1024, timeoutMs: 120_000 });
    expect(loadConfig({ AI_CONTEXT_TOKENS: '32768', AI_ANSWER_TOKENS: '2048', AI_TIMEOUT_SECONDS: '300' }).ai).toMatchObject({
      contextTokens: 32768,
      answerTokens: 2048,
      timeoutMs: 300_000,
    });
    expect(() => loadConfig({ AI_CONTEXT_TOKENS: '2048', AI_ANSWER_TOKENS: '1500' })).toThrow(/AI_ANSWER_TOKENS=1500: at most half/);
    expect(() => loadConfig({ AI_CONTEXT_TOKENS: '100' })).toThrow(ConfigError);
  });

  it('allows separate web and worker roles only on PostgreSQL', () => {
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ SERVER_ROLE: role })).toThrow(/need PostgreSQL \(DATABASE_URL\)/);
      expect(loadConfig({ SERVER_ROLE: role, DATABASE_URL: 'postgres://db/scribe' }).serverRole).toBe(role);
    }
  });

  it('documents every variable it reads with the default it takes when unset', () => {
    for (const row of configTable) {
      expect(row.description.trim(), row.name).not.toBe('');
      expect(row.default, row.name).not.toBe('');
    }
    const table = configTableMarkdown();
    // The schema's own defaults, as text; an optional variable says so; computed ones are spelled out.
    expect(table).toContain('| `PORT` | `3000` |');
    expect(table).toContain('| `TRUST_PROXY` | `false` |');
    expect(table).toContain('| `DATABASE_URL` | `(unset)` |');
    expect(table).toContain('| `WORK_THREADS` | `(half the cores, at least 1)` |');
    expect(loadConfig({}).port).toBe(3000);
  });
});
