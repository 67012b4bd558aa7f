import { describe, expect, it } from 'vitest';
import { accountFallbacks, accountMessages } from './account.ts';
import { aiMessages, exportMessages } from './ai.ts';
import { authMessages } from './auth.ts';
import { creditsMessages } from './credits.ts';
import {
  apiErrorCodeOf,
  apiErrorCodes,
  apiErrorOfIssue,
  apiErrors,
  apiErrorText,
  formatApiErrorTemplate,
  isApiErrorCode,
} from './errors.ts';
import { integrationMessages } from './integrations.ts';
import { libraryMessages } from './library.ts';
import { limitMessages } from './limits.ts';
import { liveMessages } from './live.ts';
import { transcriptionOutcomeMessages } from './transcription.ts';
import {
  fileSizeExceededMessage,
  fileTooLargeMessage,
  storageFullMessage,
  tooManyUnfinishedUploadsMessage,
  uploadMessages,
} from './upload.ts';
import { validationMessages } from './validation.ts';

describe('the error registry', () => {
  it('has SCREAMING_SNAKE codes, each with its own text', () => {
    for (const code of apiErrorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    const texts = Object.values(apiErrors);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("holds every message of the feature constants (the app's text-matching maps can go)", () => {
    const constants = [
      authMessages,
      validationMessages,
      accountMessages,
      accountFallbacks,
      integrationMessages,
      aiMessages,
      exportMessages,
      libraryMessages,
      limitMessages,
      liveMessages,
      transcriptionOutcomeMessages,
      {
        ...uploadMessages,
        invalidTypeTitle: undefined,
        invalidExtensionTitle: undefined,
        fileTooLargeTitle: undefined,
        uploadFailedTitle: undefined,
      },
      { ...creditsMessages, notEnoughCredits: undefined },
    ];
    for (const messages of constants) {
      for (const text of Object.values(messages)) if (text !== undefined) expect(apiErrorCodeOf(text), text).toBeDefined();
    }
  });

  it('fills parameters and plural choices', () => {
    expect(apiErrorText('FILE_TOO_LARGE', { maxMb: 100 })).toBe('Please upload a file smaller than 100MB.');
    expect(apiErrorText('TRANSCRIPTION_FAILED', { reason: 'The file contains no audio.' })).toBe(
      'Transcription failed: The file contains no audio.',
    );
    expect(apiErrorText('CHUNK_OUT_OF_RANGE', { index: 3, total: 1, last: 0 })).toBe(
      'Chunk index 3 is out of range: this upload has 1 chunk (0 to 0).',
    );
    expect(apiErrorText('CHUNK_OUT_OF_RANGE', { index: 5, total: 4, last: 3 })).toBe(
      'Chunk index 5 is out of range: this upload has 4 chunks (0 to 3).',
    );
    expect(apiErrorText('NOT_ENOUGH_CREDITS_TRANSCRIPTION', { minutes: 1, needed: 1, balance: 0 })).toBe(
      'Not enough credits: transcribing 1 started minute of audio costs 1 credit and your balance is 0.',
    );
    expect(apiErrorText('NOT_ENOUGH_CREDITS_PROMPT', { model: 'gpt-4', needed: 5, balance: 2 })).toBe(
      'Not enough credits: an AI prompt with gpt-4 costs 5 credits and your balance is 2.',
    );
    expect(apiErrorText('USERNAME_TAKEN')).toBe('Username is already taken');
    // A missing parameter stays visible rather than vanishing.
    expect(formatApiErrorTemplate('Chunk {index} is empty.')).toBe('Chunk {index} is empty.');
  });

  it('keeps the texts of the message functions', () => {
    expect(fileTooLargeMessage(100 * 1024 * 1024)).toBe('Please upload a file smaller than 100MB.');
    expect(fileSizeExceededMessage(120 * 1024 * 1024)).toBe('File size is 120 MB. Maximum supported is 100 MB.');
    expect(storageFullMessage(1.5 * 1024 * 1024, 2048 * 1024 * 1024)).toBe(
      'Your storage is full: 1.5 of 2048 MB used. Delete transcripts to free space.',
    );
    expect(tooManyUnfinishedUploadsMessage(1, 24)).toBe(
      'You already have 1 unfinished upload. Finish one, or wait until an unfinished upload is removed after 24 hours without a new chunk.',
    );
    expect(tooManyUnfinishedUploadsMessage(3, 1)).toBe(
      'You already have 3 unfinished uploads. Finish one, or wait until an unfinished upload is removed after 1 hour without a new chunk.',
    );
  });

  it("turns a shared schema's zod issue into its code, and zod's own wording into INVALID_VALUE", () => {
    expect(apiErrorOfIssue({ message: validationMessages.nameMin })).toEqual({ code: 'NAME_MIN', error: validationMessages.nameMin });
    expect(apiErrorOfIssue({ message: 'Invalid input: expected number, received string' })).toEqual({
      code: 'INVALID_VALUE',
      error: 'Invalid input: expected number, received string',
    });
    expect(isApiErrorCode('NAME_MIN')).toBe(true);
    expect(isApiErrorCode('toString')).toBe(false);
  });
});
