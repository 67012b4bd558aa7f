// Folders, transcripts and uploads (docs/product-spec.md §3, §5, §7).
import { apiErrors } from './errors.ts';
export const libraryMessages = {
  folderNameRequired: apiErrors.FOLDER_NAME_REQUIRED,
  folderNameTooLong: apiErrors.FOLDER_NAME_TOO_LONG,
  folderTooDeep: apiErrors.FOLDER_TOO_DEEP,
  invalidMove: apiErrors.INVALID_MOVE,
  folderNotFound: apiErrors.FOLDER_NOT_FOUND,
  transcriptNotFound: apiErrors.TRANSCRIPT_NOT_FOUND,
  invalidFileType: apiErrors.INVALID_FILE_TYPE,
  invalidContent: apiErrors.INVALID_CONTENT,
} as const;

export const folderLimits = {
  nameMax: 200,
  /** Levels of nesting, the top level being 1. */
  depthMax: 100,
} as const;

/** Several transcripts at once (POST /api/transcripts/bulk). */
export const bulkLimits = {
  /** Transcripts one request may name. */
  idsMax: 500,
} as const;

/** What POST /api/transcripts/bulk can do with the transcripts it names. */
export const bulkActions = ['move', 'delete', 'retry', 'export'] as const;
export type BulkAction = (typeof bulkActions)[number];

export const uploadLimits = {
  // Accepted by name, then checked by content (docs/decisions.md, "Audio formats"): audio, and video
  // whose audio is transcribed.
  extensions: [
    'wav',
    'mp3',
    'm4a',
    'aac',
    'flac',
    'ogg',
    'oga',
    'opus',
    'webm',
    'mkv',
    'mka',
    'mp4',
    'mov',
    '3gp',
    'aif',
    'aiff',
    'aifc',
    'caf',
  ] as const,
  // Browser recordings arrive as these too (docs/product-spec.md §7: recording.webm, .mp4 or .ogg).
  recordingExtensions: ['mp4', 'ogg'] as const,
  maxBytes: 100 * 1024 * 1024,
  chunkBytes: 26_214_400,
  /**
   * What an audio stream may declare: a header outside these (a WAV claiming 1 Hz made the resampler
   * produce 16,000 samples per byte) is refused as AUDIO_HEADER_IMPLAUSIBLE.
   */
  minSampleRate: 8_000,
  maxSampleRate: 192_000,
  maxChannels: 8,
} as const;

/** A row id as the server stores it (PostgreSQL integer): larger numbers are refused, not looked up. */
