import { fileTooLargeMessage, uploadLimits } from '@scribe/api-client';

const MB = 1024 * 1024;

/** Answers of the upload routes beyond the spec's own texts (libraryMessages). */
export const uploadErrors = {
  // The browser's check says the same, with the limit it reads from /api/config.
  fileTooLarge: fileTooLargeMessage,
  singleTooLarge: `Files larger than ${uploadLimits.chunkBytes / MB}MB must be uploaded in chunks.`,
  noFile: 'No file was uploaded.',
  malformed: 'The upload ended early or is not a valid multipart request.',
  wrongField: (expected: string) => `Send the file in the multipart field "${expected}".`,
  fieldsMissing: 'Send the fields uploadId, chunkIndex, totalChunks and originalName with the chunk file.',
  uploadNotFound: 'Upload not found',
  alreadyFinalized: 'This upload has already been finalized.',
  beingFinalized: 'This upload is being finalized and can no longer be cancelled.',
  chunkOutOfRange: (index: number, total: number) =>
    `Chunk index ${index} is out of range: this upload has ${total} chunk${total === 1 ? '' : 's'} (0 to ${total - 1}).`,
  chunkTooLarge: `A chunk may hold at most ${uploadLimits.chunkBytes} bytes.`,
  chunkWrongSize: (index: number) => `Chunk ${index} must be exactly ${uploadLimits.chunkBytes} bytes; only the last chunk may be smaller.`,
  chunkEmpty: (index: number) => `Chunk ${index} is empty.`,
  chunkSizeConflict: (index: number) => `Chunk ${index} was already received with a different size.`,
  totalMismatch: (expected: number) => `This upload has ${expected} chunk${expected === 1 ? '' : 's'}; totalChunks must stay the same.`,
  chunksMissing: (missing: number[]) =>
    missing.length === 1 ? `Chunk ${missing[0]} is missing.` : `Chunks ${missing.join(', ')} are missing.`,
} as const;
