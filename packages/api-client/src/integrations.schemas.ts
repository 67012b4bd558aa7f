// The zod schemas of integrations.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { integrationMessages as m, webhookEvents } from './integrations.ts';

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, to tell tokens apart (the secret itself is shown only once). */
  prefix: z.string(),
  createdAt: z.string(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokensSchema = z.array(apiTokenSchema);

export const createApiTokenRequestSchema = z.object({
  name: z.string({ error: m.tokenNameRequired }).trim().min(1, m.tokenNameRequired).max(100, m.tokenNameTooLong),
  /** ISO date-time in the future; absent or null: the token does not expire. */
  expiresAt: z.iso.datetime({ offset: true, error: m.tokenExpiryInvalid }).nullable().optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** The answer to creating a token: the only time its secret is sent. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const webhookEventSchema = z.enum(webhookEvents);

export const webhookDeliveryStateSchema = z.enum(['pending', 'retrying', 'delivered', 'failed']);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryStateSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  event: webhookEventSchema,
  state: webhookDeliveryStateSchema,
  attempts: z.number().int(),
  /** HTTP status of the last attempt; null before the first or when it got no answer. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.array(webhookDeliverySchema);

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  /** The newest delivery, for the list in Settings. */
  lastDelivery: webhookDeliverySchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksSchema = z.array(webhookSchema);

export const createWebhookRequestSchema = z.object({
  url: z.string({ error: m.webhookUrlInvalid }).trim().min(1, m.webhookUrlInvalid).max(2000, m.webhookUrlInvalid),
  events: z.array(webhookEventSchema, { error: m.webhookEventsRequired }).min(1, m.webhookEventsRequired),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** The answer to registering a webhook: the only time its signing secret is sent. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
