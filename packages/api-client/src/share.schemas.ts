// The zod schemas of share.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { mediaKindSchema, segmentSchema } from './library.schemas.ts';
import { shareLimits, shareMessages as m } from './share.ts';

/**
 * POST /api/transcripts/{id}/share. The expiry is an instant (`expiresAt`, ISO 8601, in the future) or a
 * number of days from now (`expiresInDays`); neither: the link lives until it is revoked.
 */
export const createShareRequestSchema = z
  .object({
    expiresAt: z.iso.datetime({ offset: true, error: m.expiryInvalid }).optional(),
    expiresInDays: z
      .number({ error: m.expiryInvalid })
      .int(m.expiryInvalid)
      .min(1, m.expiryInvalid)
      .max(shareLimits.maxDays, m.expiryInvalid)
      .optional(),
    includeAiOutputs: z.boolean().default(false),
  })
  .refine((b) => b.expiresAt === undefined || b.expiresInDays === undefined, { message: m.expiryInvalid, path: ['expiresAt'] });
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

/** The token is answered once, here; only its hash is stored. */
export const createShareResponseSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** The public page, absolute when the server knows its public origin, else a path. */
  url: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

/** One link as its owner lists it (never the token again). */
export const shareSchema = z.object({
  id: z.number().int(),
  transcriptId: z.number().int(),
  includeAiOutputs: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Past its expiry: the link answers 404 (it stays listed until revoked). */
  expired: z.boolean(),
});
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({ shares: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;

/** Any text: a token of the wrong shape answers the same 404 as an unknown one, never a 400. */
export const shareTokenParamsSchema = z.object({ token: z.string() });

export const publicAiOutputSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  output: z.string(),
  createdAt: z.string(),
});
export type PublicAiOutput = z.infer<typeof publicAiOutputSchema>;

/** GET /api/public/shares/{token}: what the public page shows, and nothing else of the owner. */
export const publicShareSchema = z.object({
  title: z.string(),
  duration: z.number().nullable(),
  language: z.string().nullable(),
  segments: z.array(segmentSchema),
  /** The audio through the token (Range supported); null when the transcript has none. */
  audioUrl: z.string().nullable(),
  /** 'video': the recording has a picture, shown in place of the audio player. */
  mediaKind: mediaKindSchema,
  /** Empty unless the owner shared them. */
  aiOutputs: z.array(publicAiOutputSchema),
  includeAiOutputs: z.boolean(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;
