// The zod schemas of live.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { segmentSchema } from './library.schemas.ts';
import { apiErrorCodeSchema } from './schemas.ts';

export const transcriptionStatusEventSchema = z.object({
  transcriptId: z.number().int(),
  type: z.enum(['progress', 'complete', 'error']),
  progress: z.number().min(0).max(100).optional(),
  message: z.string().optional(),
  /** With `message`: its registry code (errors.ts) and params, to translate by. */
  messageCode: apiErrorCodeSchema.optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  error: z.string().optional(),
  /** With `error`: its cause (errors.ts), to translate by. */
  errorCode: apiErrorCodeSchema.optional(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TranscriptionStatusEvent = z.infer<typeof transcriptionStatusEventSchema>;

/** A transcript got a new revision (an edit or a restore, in any tab): its readers may reload it. */
export const transcriptRevisedEventSchema = z.object({
  transcriptId: z.number().int(),
  revision: z.number().int(),
});
export type TranscriptRevisedEvent = z.infer<typeof transcriptRevisedEventSchema>;

/**
 * More of a transcript's text while it is still being transcribed: `segments` follow the first `from`
 * segments already sent (or read with GET /api/transcripts/{id}), in order. Only settled text is sent:
 * the finished transcript starts with every segment sent this way, and replaces them when it completes.
 */
export const transcriptionSegmentsEventSchema = z.object({
  transcriptId: z.number().int(),
  from: z.number().int().min(0),
  segments: z.array(segmentSchema),
});
export type TranscriptionSegmentsEvent = z.infer<typeof transcriptionSegmentsEventSchema>;
