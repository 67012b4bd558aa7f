import { paths, publicConfigSchema, type PublicConfig } from '@scribe/api-client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { configuredLanguages } from '../transcription/engines/index.ts';

export function publicConfig(config: Config): PublicConfig {
  const captcha: PublicConfig['captcha'] =
    config.captcha.provider === 'altcha'
      ? { provider: 'altcha', challengeUrl: paths.captchaChallenge }
      : { provider: 'recaptcha', siteKey: config.captcha.recaptchaSiteKey ?? null };
  const t = config.transcription;
  // The built-in engine is Whisper tiny.en; a remote one transcribes the configured language, or detects it.
  const languages = configuredLanguages(t);
  const payments: PublicConfig['payments'] = config.credits.stripe
    ? { provider: 'stripe', publishableKey: config.credits.stripe.publishableKey }
    : { provider: 'test' };
  return {
    captcha,
    supportEmail: config.supportEmail,
    transcription: { engine: t.engine, languages },
    payments,
    mail: config.mail !== undefined,
    uploads: { maxBytes: config.uploads.maxBytes },
    costs: { perTranscriptionMinute: config.credits.perTranscriptionMinute, prompts: { ...config.credits.promptCosts } },
  };
}

/** Settings the browser needs before anyone signs in. */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body = publicConfig(config);
  app.get(
    paths.config,
    { schema: { tags: ['config'], summary: 'Public settings for the web app', response: { 200: publicConfigSchema } } },
    async () => body,
  );
};
