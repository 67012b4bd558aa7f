// The zod schemas of library.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { apiErrors } from './errors.ts';
import { apiErrorCodeSchema } from './schemas.ts';
import { vocabularySchema } from './vocabulary.ts';
import { bulkLimits, folderLimits, libraryMessages } from './library.ts';
import { transcriptExportFormats } from './ai.ts';
import { visibleText } from './validation.ts';

const idSchema = z.number().int().positive().max(2_147_483_647);

export const transcriptStatusSchema = z.enum(['processing', 'completed', 'error']);
export type TranscriptStatus = z.infer<typeof transcriptStatusSchema>;

export const folderNodeSchema: z.ZodType<FolderNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.literal('folder'),
    name: z.string(),
    children: z.array(treeNodeSchema),
  }),
);
export const transcriptNodeSchema = z.object({
  id: z.number().int(),
  type: z.literal('transcript'),
  name: z.string(),
  createdAt: z.string(),
  status: transcriptStatusSchema,
  /** The audio's length in seconds; null until the transcription has measured it. */
  duration: z.number().nullable(),
});
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() => z.union([folderNodeSchema, transcriptNodeSchema]));
export type TranscriptNode = z.infer<typeof transcriptNodeSchema>;

export interface FolderNode {
  id: number;
  type: 'folder';
  name: string;
  children: TreeNode[];
}
export type TreeNode = FolderNode | TranscriptNode;
export const folderNameSchema = z
  .string({ error: libraryMessages.folderNameRequired })
  .trim()
  .max(folderLimits.nameMax, libraryMessages.folderNameTooLong)
  .refine((v) => visibleText(v).length > 0, libraryMessages.folderNameRequired);
export const createFolderRequestSchema = z.object({
  name: folderNameSchema,
  parentId: idSchema.nullable().optional(),
});
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;
export const updateFolderRequestSchema = z.object({
  name: folderNameSchema.optional(),
  // Moving a folder: null is the top level.
  parentId: idSchema.nullable().optional(),
});
export type UpdateFolderRequest = z.infer<typeof updateFolderRequestSchema>;
export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type Folder = z.infer<typeof folderSchema>;

export const moveTranscriptRequestSchema = z.object({
  folderId: idSchema.nullable(),
});

const bulkIdsSchema = z
  .array(idSchema, { error: apiErrors.BULK_IDS_REQUIRED })
  .min(1, apiErrors.BULK_IDS_REQUIRED)
  .max(bulkLimits.idsMax, apiErrors.BULK_TOO_MANY)
  .describe("The transcripts (the caller's own; any other id refuses the whole request with 404)");

/**
 * Several transcripts at once: all of them change, or none (a missing or foreign id, or any one that
 * cannot take the action, refuses the whole request and nothing is written).
 */
export const bulkRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('move'),
    ids: bulkIdsSchema,
    // null: out of every folder, to the top level.
    folderId: z.number({ error: apiErrors.BULK_FOLDER_REQUIRED }).int().positive().max(2_147_483_647).nullable(),
  }),
  z.object({ action: z.literal('delete'), ids: bulkIdsSchema }),
  // Starts failed transcriptions again (409 RETRY_NOT_FAILED when one of them has not failed).
  z.object({ action: z.literal('retry'), ids: bulkIdsSchema }),
  // Answers a zip with one file per transcript in the format.
  z.object({
    action: z.literal('export'),
    ids: bulkIdsSchema,
    format: z.enum(transcriptExportFormats, { error: apiErrors.BULK_FORMAT_REQUIRED }),
    // The browser's IANA time zone: the documents' times are given in it (UTC without one).
    tz: z.string().max(100).optional(),
  }),
]);
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export const bulkResponseSchema = z.object({ ok: z.literal(true), count: z.number().int() });
export type BulkResponse = z.infer<typeof bulkResponseSchema>;

/**
 * Why a segment is worth a second listen: the engine's confidence is low, its words repeat (a typical
 * hallucination), it has text over near-silence, or its words per second are implausible.
 */
export const reviewFlags = ['low_confidence', 'repetition', 'silence', 'speech_rate'] as const;
export const reviewFlagSchema = z.enum(reviewFlags);
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

/**
 * A word of a segment with its times (seconds from the start of the audio), when the engine times words. Its
 * text is as the segment writes it, with the space before it (none for the first word): the words
 * joined are the segment's text.
 */
export const segmentWordSchema = z.object({ text: z.string(), start: z.number(), end: z.number() });
export type SegmentWord = z.infer<typeof segmentWordSchema>;

/**
 * The speaker of a segment whose speaker is not known (product spec §3: a segment's speaker defaults to
 * it). Engines write it when they do not tell speakers apart; readers see it in their language; search's
 * speaker list and the speaker names of exports and AI answers leave it out.
 */
export const UNKNOWN_SPEAKER = 'Unknown Speaker';

export const segmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().default(UNKNOWN_SPEAKER),
  /** 0 to 1, from the engine (the decoder's token probabilities); absent when the engine gives none. */
  confidence: z.number().min(0).max(1).optional(),
  /** Why the segment should be reviewed; absent or empty when nothing stands out. */
  flags: z.array(reviewFlagSchema).optional(),
  /** Set once the user edited or confirmed the segment: it leaves the review queue. */
  reviewed: z.boolean().optional(),
  /** The segment's words in order with their times; absent when the engine does not time words. */
  words: z.array(segmentWordSchema).max(2000).optional(), // a segment has at most 2,000 characters (editLimits)
});
export type Segment = z.infer<typeof segmentSchema>;
/** A segment as a client may send it (the speaker may be left out: the schema defaults it). */
export type SegmentInput = z.input<typeof segmentSchema>;

/** Limits of an edit (PATCH /api/transcripts/{id}). */
export const editLimits = {
  titleMaxChars: 200,
  segmentTextMaxChars: 2000,
  speakerMaxChars: 100,
  maxSegments: 20000,
} as const;

/**
 * PATCH /api/transcripts/{id}: a new revision. `baseRevision` is the revision the edit was made on; a
 * stale one gets 409 REVISION_CONFLICT with `params.current`. A title alone may leave it out (the tree's
 * Rename does not know the text's revision); segments always need it.
 */
export const updateTranscriptRequestSchema = z.object({
  title: z.string().optional(),
  segments: z.array(segmentSchema).optional(),
  baseRevision: z.number().int().min(1).optional(),
});
export type UpdateTranscriptRequest = z.infer<typeof updateTranscriptRequestSchema>;
export const updateTranscriptResponseSchema = z.object({ revision: z.number().int() });
export type UpdateTranscriptResponse = z.infer<typeof updateTranscriptResponseSchema>;

/** What a revision changed, in a word or two (the app says them in the user's language). */
export const revisionChanges = ['original', 'title', 'text', 'speakers', 'timing', 'split', 'merge', 'review', 'restore'] as const;
export const revisionChangeSchema = z.enum(revisionChanges);
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

export const revisionSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  changes: z.array(revisionChangeSchema),
  /** The revision this one restored, for a restore. */
  restoredFrom: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
/** GET /api/transcripts/{id}/revisions: newest first; revision 1 is the engine's original and never changes. */
export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema) });
export type RevisionList = z.infer<typeof revisionListSchema>;
/** GET /api/transcripts/{id}/revisions/{n}: one revision's full text. */
export const revisionSchema = revisionSummarySchema.extend({ title: z.string(), segments: z.array(segmentSchema) });
export type Revision = z.infer<typeof revisionSchema>;

/** Whether a transcript's recording is sound only or has a video track (found in the uploaded file's container). */
export const mediaKindSchema = z.enum(['audio', 'video']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export const transcriptSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  audioUrl: z.string().nullable(),
  /** 'video': the file at `audioUrl` has a picture (a video track), to be shown in place of the audio player. */
  mediaKind: mediaKindSchema,
  folderId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The current revision (1: the engine's output); an edit sends it back as `baseRevision`. */
  revision: z.number().int(),
  metadata: z.object({
    duration: z.number().nullable(),
    status: transcriptStatusSchema,
    progress: z.number().min(0).max(100),
    error: z.string().nullable(),
    /** The cause of `error` (errors.ts), to translate by; null while there is no error. */
    errorCode: apiErrorCodeSchema.nullable().optional(),
    errorParams: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .nullable()
      .optional(),
    language: z.string().nullable(),
    timestamps: z.array(segmentSchema),
  }),
});
export type Transcript = z.infer<typeof transcriptSchema>;

export const uploadResponseSchema = z.object({ id: z.number().int() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** POST /api/create-tutorial-transcript: the id of the tutorial's sample transcript. */
export const tutorialTranscriptResponseSchema = z.object({ id: z.number().int() });
export type TutorialTranscriptResponse = z.infer<typeof tutorialTranscriptResponseSchema>;

/** Speaker detection: after each transcription, and again on request (POST /api/transcripts/:id/speakers). */
export const speakerLimits = {
  /** The most speakers a user may ask for. */
  max: 10,
} as const;

/** How many speakers to find: a number the user knows, or 'auto' to estimate it. */
export const speakersOptionSchema = z.union([z.literal('auto'), z.number().int().min(1).max(speakerLimits.max)]);
export type SpeakersOption = z.infer<typeof speakersOptionSchema>;

/** The option as a form field sends it ('auto', '3'); null when it is neither. */
export function parseSpeakersOption(text: string): SpeakersOption | null {
  const value = text.trim();
  if (value === 'auto') return 'auto';
  if (!/^\d{1,2}$/.test(value)) return null;
  const parsed = speakersOptionSchema.safeParse(Number(value));
  return parsed.success ? parsed.data : null;
}

export const finalizeUploadRequestSchema = z.object({
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  originalName: z.string().min(1).max(255),
  totalChunks: z
    .number()
    .int()
    .min(1)
    // As many as the chunks' own field allows: the server checks the total against its configured
    // limit (UPLOAD_MAX_BYTES) when the chunks arrive, and finalize needs those chunks.
    .max(999_999),
  /** The spoken language ('en', 'de', ...); the engine's first language when left out. */
  language: z
    .string()
    .regex(/^[a-z]{2}$/, apiErrors.LANGUAGE_CODE_INVALID)
    .optional(),
  /** Names and terms to expect in this recording (custom vocabulary); left out: none. */
  vocabulary: vocabularySchema.optional(),
  /** How many speakers the recording has; left out: 'auto' (estimated). */
  speakers: speakersOptionSchema.optional(),
});
export type FinalizeUploadRequest = z.infer<typeof finalizeUploadRequestSchema>;

/**
 * Beyond the spec: what the server holds of an interrupted chunked upload, so the browser resumes.
 * `transcriptId` is set once the upload was finalized (a finalize whose answer got lost).
 *
 * POST /api/transcripts/upload-chunk is multipart with the text fields uploadId, chunkIndex,
 * totalChunks and originalName BEFORE the file field `chunk`: the server reads them before the
 * chunk streams to storage. Every chunk is exactly `uploadLimits.chunkBytes` except the last; the
 * answer is this status.
 */
export const uploadStatusSchema = z.object({
  uploadId: z.string(),
  totalChunks: z.number().int().nullable(),
  receivedChunks: z.array(z.number().int()),
  transcriptId: z.number().int().nullable().optional(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const findSpeakersRequestSchema = z.object({ speakers: speakersOptionSchema });
export type FindSpeakersRequest = z.infer<typeof findSpeakersRequestSchema>;

/** The new revision with the speakers found ('Speaker 1', 'Speaker 2', … in order of appearance), and how many. */
export const findSpeakersResponseSchema = z.object({ revision: z.number().int(), speakers: z.number().int() });
export type FindSpeakersResponse = z.infer<typeof findSpeakersResponseSchema>;
