import { z } from 'zod';
import { paymentsConfigSchema } from './credits.schemas.ts';
import { apiErrorCodes, type ApiErrorCode } from './errors.ts';
import { vocabularySchema } from './vocabulary.ts';
import { emailPattern, hasInvisibleCharacters, limits, validationMessages as m, visibleText } from './validation.ts';

export const languageSchema = z.enum(['en', 'de'], { error: m.languageInvalid });
export type Language = z.infer<typeof languageSchema>;

/** Every code of errors.ts, as the OpenAPI document lists it. */
export const apiErrorCodeSchema = z.enum(apiErrorCodes as [ApiErrorCode, ...ApiErrorCode[]]);
const apiErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * Every error answer of the API (ApiErrorBody): `code` names the cause (translate by it), `error` is its
 * English text made with `params`; `fieldErrors` gives the same per field of a validation answer.
 */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: apiErrorCodeSchema,
  params: apiErrorParamsSchema.optional(),
  fieldErrors: z
    .record(z.string(), z.object({ code: apiErrorCodeSchema, error: z.string(), params: apiErrorParamsSchema.optional() }))
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/auth/session: who is signed in, answered 200 for everyone. A signed-out page asks this
 * instead of GET /api/auth/me, whose 401 the browser logs as an error on every anonymous page.
 */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const captchaToken = z.string({ error: m.captchaRequired }).min(1, m.captchaRequired).max(10_000);

// Each check has its own message: a schema-level `error` in zod 4 would replace them all.
export const registerRequestSchema = z.object({
  name: z
    .string({ error: m.nameMin })
    .trim()
    .max(limits.nameMax, m.nameMax)
    .refine((v) => visibleText(v).length >= limits.nameMin, m.nameMin),
  // Stored NFKC-normalised (normalizeUsername): a fullwidth or other compatibility form is the plain name.
  username: z
    .string({ error: m.usernameMin })
    .trim()
    .normalize('NFKC')
    .max(limits.usernameMax, m.usernameMax)
    .refine((v) => visibleText(v).length >= limits.usernameMin, m.usernameMin)
    .refine((v) => !hasInvisibleCharacters(v), m.usernameInvisible)
    .refine((v) => !v.includes('@'), m.usernameNoAt),
  email: z.string({ error: m.emailInvalid }).trim().max(limits.emailMax, m.emailInvalid).regex(emailPattern, m.emailInvalid),
  password: z.string({ error: m.passwordMin }).min(limits.passwordMin, m.passwordMin).max(limits.passwordMax, m.passwordMax),
  captchaToken,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  username: z.string({ error: m.loginUsernameRequired }).trim().min(1, m.loginUsernameRequired).max(limits.emailMax),
  password: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired).max(limits.passwordMax),
  captchaToken,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const preferencesSchema = z.object({
  language: languageSchema,
  /** E-mail the account's address when a transcription finishes (offered when the server has mail: public config `mail`). Left out of a save: unchanged. */
  emailWhenTranscribed: z.boolean().optional(),
  /** Names and terms the transcription should expect (custom vocabulary), tidied by the server. Left out of a save: unchanged. */
  vocabulary: vocabularySchema.optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Public settings the browser needs before anyone signs in. */
export const publicConfigSchema = z.object({
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string().nullable() }),
  ]),
  supportEmail: z.string(),
  /**
   * The transcription engine and the spoken languages it handles ('any': the server detects them).
   * The built-in engine is English only, and the app says so.
   */
  transcription: z
    .object({
      engine: z.enum(['builtin', 'openai']),
      languages: z.union([z.array(z.string()), z.literal('any')]),
    })
    .optional(),
  /** The card payment provider: the built-in test mode, or Stripe with its publishable key. */
  payments: paymentsConfigSchema.optional(),
  /** Whether the server can e-mail a user when a transcription finishes (SMTP_URL set). */
  mail: z.boolean().optional(),
  /** The largest audio file the server takes (UPLOAD_MAX_BYTES); the browser checks it before sending. */
  uploads: z.object({ maxBytes: z.number().int().positive() }).optional(),
  /** What things cost in credits, so the app can say so before the user commits. */
  costs: z
    .object({
      perTranscriptionMinute: z.number().int().nonnegative(),
      prompts: z.object({
        local: z.number().int().nonnegative(),
        'gpt-3.5': z.number().int().nonnegative(),
        'gpt-4': z.number().int().nonnegative(),
      }),
    })
    .optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
