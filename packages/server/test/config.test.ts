import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configTable, configTableMarkdown, configVariableNames, loadConfig } from '../src/config.ts';

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

  it('documents exactly the variables it reads', () => {
    expect(configTable.map((r) => r.name).sort()).toEqual([...configVariableNames].sort());
    expect(configTableMarkdown()).toContain('| `PORT` | `3000` |');
  });
});
