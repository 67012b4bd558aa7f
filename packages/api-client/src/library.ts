// Folders, transcripts and uploads (docs/product-spec.md §3, §5, §7).
export const libraryMessages = {
  folderNameRequired: 'Please enter a folder name',
  folderNameTooLong: 'Folder name must be at most 200 characters long',
  folderTooDeep: 'Folders can be nested at most 100 levels deep',
  invalidMove: 'Cannot move a folder into itself or its subfolders',
  folderNotFound: 'Folder not found',
  transcriptNotFound: 'Transcript not found',
  invalidFileType: 'Please upload a wav, mp3, webm, m4a file.',
  invalidContent: 'The file content is not a supported audio format.',
} as const;

export const folderLimits = {
  nameMax: 200,
  /** Levels of nesting, the top level being 1. */
  depthMax: 100,
} as const;

export const uploadLimits = {
  extensions: ['wav', 'mp3', 'webm', 'm4a'] as const,
  // Browser recordings arrive as these too (docs/product-spec.md §7: recording.webm, .mp4 or .ogg).
  recordingExtensions: ['mp4', 'ogg'] as const,
  maxBytes: 100 * 1024 * 1024,
  chunkBytes: 26_214_400,
} as const;

/** A row id as the server stores it (PostgreSQL integer): larger numbers are refused, not looked up. */
