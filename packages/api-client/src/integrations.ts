// Personal API tokens and webhooks (Settings): the messages and names the browser bundle needs.
import { apiErrors } from './errors.ts';

export const integrationMessages = {
  tokenNameRequired: apiErrors.API_TOKEN_NAME_REQUIRED,
  tokenNameTooLong: apiErrors.API_TOKEN_NAME_TOO_LONG,
  tokenExpiryInvalid: apiErrors.API_TOKEN_EXPIRY_INVALID,
  webhookUrlInvalid: apiErrors.WEBHOOK_URL_INVALID,
  webhookEventsRequired: apiErrors.WEBHOOK_EVENTS_REQUIRED,
} as const;

/** Events a webhook can subscribe to. */
export const webhookEvents = ['transcription.completed', 'transcription.failed', 'ai_output.created'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Prefix of every API token's secret, so it is recognisable (e.g. by secret scanners). */
export const API_TOKEN_PREFIX = 'scr_';

/** Headers of a webhook delivery (see the README for verifying them). */
export const webhookHeaders = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook's secret>` */
  signature: 'Scribe-Signature',
  /** The same for every attempt of one event: receivers drop repeats by it. */
  eventId: 'Scribe-Event-Id',
  event: 'Scribe-Event',
} as const;
