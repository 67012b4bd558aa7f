// The zod schemas of account.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { accountMessages as m } from './account.ts';
import { limits, validationMessages as v } from './validation.ts';

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired).max(limits.passwordMax),
  // The same rule as at registration.
  newPassword: z.string({ error: v.passwordMin }).min(limits.passwordMin, v.passwordMin).max(limits.passwordMax),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(limits.passwordMax),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** How many sessions a call signed out. */
export const signedOutResponseSchema = z.object({ ok: z.literal(true), signedOut: z.number().int().min(0) });
export type SignedOutResponse = z.infer<typeof signedOutResponseSchema>;

/** One signed-in browser of the user, as the Settings page lists it. */
export const accountSessionSchema = z.object({
  /** An id for this list only (not the cookie, not its stored hash). */
  id: z.string(),
  /** Parsed from the User-Agent at sign-in; null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  createdAt: z.string(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, m.sessionNotFound) });
