import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from './types.ts';

export interface RecaptchaOptions {
  secretKey: string | undefined;
  verifyUrl: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/** Google reCAPTCHA: the token is checked with Google's siteverify (which also refuses replays). */
export function createRecaptcha(options: RecaptchaOptions): CaptchaVerifier {
  if (!options.secretKey) {
    options.log.warn('CAPTCHA_PROVIDER=recaptcha without RECAPTCHA_SECRET_KEY: every captcha check fails');
  }
  return {
    provider: 'recaptcha',
    async verify(token, remoteIp) {
      if (!options.secretKey) return false;
      const body = new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteIp });
      try {
        const res = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) {
          options.log.warn({ status: res.status }, 'reCAPTCHA verification answered an error');
          return false;
        }
        const data = (await res.json()) as { success?: unknown };
        return data.success === true;
      } catch (err) {
        options.log.warn({ err }, 'reCAPTCHA verification failed');
        return false;
      }
    },
  };
}
