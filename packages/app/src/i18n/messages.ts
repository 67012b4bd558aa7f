// The api-client and the server speak English (spec texts word for word). Each known English text is
// mapped here to a Lingui descriptor so that German users read German. Unknown texts pass through.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  aiMessages as ai,
  authMessages as au,
  accountFallbacks as af,
  accountMessages as acc,
  creditsMessages as cr,
  exportMessages as ex,
  libraryMessages as lib,
  limitMessages as lim,
  transcriptionOutcomeMessages as outcome,
  uploadMessages as up,
  validationMessages as v,
  type StrengthLabel,
} from '@scribe/api-client';

export const validationDescriptors: Record<keyof typeof v, MessageDescriptor> = {
  nameMin: msg`Name must be at least 2 characters long`,
  usernameMin: msg`Username must be at least 3 characters long`,
  usernameNoAt: msg`Username must not contain the @ sign`,
  nameMax: msg`Name must be at most 100 characters long`,
  usernameMax: msg`Username must be at most 50 characters long`,
  passwordMax: msg`Password must be at most 256 characters long`,
  emailInvalid: msg`Please enter a valid email address`,
  passwordMin: msg`Password must be at least 6 characters long`,
  passwordsMismatch: msg`Passwords do not match`,
  termsRequired: msg`Please accept the terms of service and the privacy policy`,
  captchaRequired: msg`Please complete the reCAPTCHA verification`,
  loginUsernameRequired: msg`Please enter your username or email`,
  loginPasswordRequired: msg`Please enter your password`,
  languageInvalid: msg`Language must be en or de`,
  nulCharacter: msg`Text must not contain the NUL character (\\u0000)`,
};

// The server's answers to sign-in and registration.
export const authDescriptors: Record<keyof typeof au, MessageDescriptor> = {
  usernameTaken: msg`Username is already taken`,
  emailTaken: msg`Email is already registered`,
  emailIsUsername: msg`This email address is already used as a username`,
  invalidCredentials: msg`Invalid username or password`,
  tooManyAttempts: msg`Too many login attempts. Please try again later.`,
  tooManyRegistrations: msg`Too many accounts were created from your network. Please try again later.`,
  notAuthenticated: msg`Not authenticated`,
};

// Fallbacks of the api-client (docs/product-spec.md §8) that can reach the screen.
const fallbackDescriptors: Record<string, MessageDescriptor> = {
  'Login failed': msg`Login failed`,
  'Registration failed': msg`Registration failed`,
  'Logout failed': msg`Logout failed`,
  'Failed to save preferences': msg`Failed to save preferences`,
  'Internal server error': msg`Internal server error`,
};

// The server's length checks of prompts and its refusal of a model it does not offer (the other AI texts are the panel's own).
const aiLengthDescriptors: Record<string, MessageDescriptor> = {
  [ai.promptNameTooLong]: msg`Prompt name must be at most 200 characters long`,
  [ai.promptTooLong]: msg`Prompt must be at most 20,000 characters long`,
  [ai.unknownModel]: msg`This AI model is not available. Ask your administrator.`,
};

// Folders, transcripts and uploads: the api-client's texts and the spec's fallbacks.
export const libraryDescriptors: Record<keyof typeof lib, MessageDescriptor> = {
  folderNameRequired: msg`Please enter a folder name`,
  folderNameTooLong: msg`Folder name must be at most 200 characters long`,
  folderTooDeep: msg`Folders can be nested at most 100 levels deep`,
  invalidMove: msg`Cannot move a folder into itself or its subfolders`,
  folderNotFound: msg`Folder not found`,
  transcriptNotFound: msg`Transcript not found`,
  invalidFileType: msg`Please upload a wav, mp3, webm, m4a file.`,
  invalidContent: msg`The file content is not a supported audio format.`,
};

export const uploadDescriptors: Record<keyof typeof up, MessageDescriptor> = {
  invalidType: msg`Please upload a wav, mp3, webm, m4a file.`,
  invalidTypeTitle: msg`Invalid file type`,
  invalidExtensionTitle: msg`Invalid file extension`,
  fileTooLargeTitle: msg`File too large`,
  uploadFailedTitle: msg`Upload failed`,
  uploadFailed: msg`Failed to upload file`,
  chunkFailed: msg`Chunk upload failed`,
  finalizeFailed: msg`Upload finalization failed`,
  invalidResponse: msg`Invalid response format`,
};

const libraryFallbacks: Record<string, MessageDescriptor> = {
  'Failed to create folder': msg`Failed to create folder`,
  'Failed to update folder': msg`Failed to update folder`,
  'Failed to delete folder': msg`Failed to delete folder`,
  'Failed to delete transcript': msg`Failed to delete transcript`,
  'Failed to move transcript': msg`Failed to move transcript`,
  'Failed to fetch folder tree': msg`Failed to fetch folder tree`,
  'Failed to fetch transcript': msg`Failed to fetch transcript`,
  'Failed to retry the transcription': msg`Failed to retry the transcription`,
};

// Transcription: the server's transcription_status texts and transcript errors.
const transcriptionTexts: Record<string, MessageDescriptor> = {
  'Transcribing audio...': msg`Transcribing audio...`,
  'Transcription completed!': msg`Transcription completed!`,
  'Processing...': msg`Processing...`,
  'The audio file is missing from storage.': msg`The audio file is missing from storage.`,
  'The file contains no audio.': msg`The file contains no audio.`,
  'The transcription job stopped before it finished, too often or for too long.': msg`The transcription job stopped before it finished, too often or for too long.`,
};

// Exports: the server's check of the browser's time zone.
export const exportDescriptors: Record<keyof typeof ex, MessageDescriptor> = {
  invalidTimeZone: msg`Unknown time zone (expected an IANA name such as Europe/Berlin)`,
};

// Spoken languages and results without words.
export const transcriptionOutcomeDescriptors: Record<keyof typeof outcome, MessageDescriptor> = {
  noSpeech: msg`No speech detected: the recording contains no words the engine could recognise. You were not charged.`,
  notEnglish: msg`Not English: the built-in engine understands English only. You were not charged.`,
  languageUnsupported: msg`The built-in transcription engine understands English only. An administrator can connect another engine for other languages.`,
  languageInvalid: msg`language must be a two-letter language code such as en or de`,
  retryNotFailed: msg`Only a failed transcription can be retried`,
  retryNoAudio: msg`The audio of this transcript is gone, so it cannot be transcribed again`,
};

// Credits and payments: the server's and the test-mode provider's texts, the spec's fallbacks.
export const creditsDescriptors: Record<keyof typeof cr, MessageDescriptor> = {
  unknownPackage: msg`Unknown credit package`,
  notEnoughCredits: msg`Not enough credits`,
  cardDeclined: msg`Your card was declined.`,
  invalidCardNumber: msg`Your card number is invalid.`,
  invalidExpiry: msg`Your card's expiration date is invalid.`,
  expiredCard: msg`Your card has expired.`,
  invalidCvc: msg`Your card's security code is invalid.`,
  unknownTestCard: msg`Test mode accepts only the test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined).`,
  paymentNotFound: msg`Payment not found`,
  creditsNotNumber: msg`credits must be a number`,
  creditsNotWhole: msg`credits must be a whole number`,
  creditsNotPositive: msg`credits must be a positive number`,
  creditsTooMany: msg`credits must be at most 1,000,000,000`,
};

const creditsFallbacks: Record<string, MessageDescriptor> = {
  'Failed to initiate purchase': msg`Failed to initiate purchase`,
  'Failed to purchase credits': msg`Failed to purchase credits`,
  'An unexpected error occurred': msg`An unexpected error occurred`,
};

// Abuse limits: too many API requests, too many live connections.
export const limitDescriptors: Record<keyof typeof lim, MessageDescriptor> = {
  tooManyRequests: msg`Too many requests. Please wait a moment and try again.`,
  tooManyLiveConnections: msg`Too many live connections for this account. Close other tabs and try again.`,
};

// Account controls in Settings: the server's texts and the api-client's fallbacks.
export const accountDescriptors: Record<keyof typeof acc, MessageDescriptor> = {
  currentPasswordRequired: msg`Please enter your current password`,
  currentPasswordIncorrect: msg`Current password is incorrect`,
  newPasswordSame: msg`The new password must be different from the current one`,
  passwordRequired: msg`Please enter your password to confirm`,
  passwordIncorrect: msg`Password is incorrect`,
  sessionNotFound: msg`Session not found`,
};

export const accountFallbackDescriptors: Record<keyof typeof af, MessageDescriptor> = {
  changePassword: msg`Failed to change password`,
  revokeSession: msg`Failed to sign out the session`,
  signOutEverywhere: msg`Failed to sign out everywhere`,
  deleteAccount: msg`Failed to delete account`,
};

const byEnglishText = new Map<string, MessageDescriptor>([
  ...Object.entries(acc).map(([key, text]) => [text, accountDescriptors[key as keyof typeof acc]] as const),
  ...Object.entries(af).map(([key, text]) => [text, accountFallbackDescriptors[key as keyof typeof af]] as const),
  ...Object.entries(cr).map(([key, text]) => [text, creditsDescriptors[key as keyof typeof cr]] as const),
  ...Object.entries(creditsFallbacks),
  ...Object.entries(v).map(([key, text]) => [text, validationDescriptors[key as keyof typeof v]] as const),
  ...Object.entries(au).map(([key, text]) => [text, authDescriptors[key as keyof typeof au]] as const),
  ...Object.entries(fallbackDescriptors),
  ...Object.entries(aiLengthDescriptors),
  ...Object.entries(lib).map(([key, text]) => [text, libraryDescriptors[key as keyof typeof lib]] as const),
  ...Object.entries(up).map(([key, text]) => [text, uploadDescriptors[key as keyof typeof up]] as const),
  ...Object.entries(libraryFallbacks),
  ...Object.entries(transcriptionTexts),
  ...Object.entries(outcome).map(([key, text]) => [text, transcriptionOutcomeDescriptors[key as keyof typeof outcome]] as const),
  ...Object.entries(lim).map(([key, text]) => [text, limitDescriptors[key as keyof typeof lim]] as const),
  ...Object.entries(ex).map(([key, text]) => [text, exportDescriptors[key as keyof typeof ex]] as const),
]);

/** A number from an English text ('100.1') written as the user's language writes it ('100,1'). */
const localNumber = (text: string, i18n: I18n) => Number(text).toLocaleString(i18n.locale || 'en');

/** Texts of the API with a value inside: matched by pattern, translated with the value kept. */
const patterned: { pattern: RegExp; describe: (match: RegExpMatchArray, i18n: I18n) => MessageDescriptor }[] = [
  {
    pattern: /^Transcription failed, trying again: (.+)$/s,
    describe: ([, reason], i18n) => {
      const why = translateApiMessage(i18n, reason);
      return msg`Transcription failed, trying again: ${why}`;
    },
  },
  {
    pattern: /^Transcription failed: (.+)$/s,
    describe: ([, reason], i18n) => {
      const why = translateApiMessage(i18n, reason);
      return msg`Transcription failed: ${why}`;
    },
  },
  {
    pattern: /^Not enough credits: transcribing (\d+) started minutes? of audio costs (\d+) credits? and your balance is (\d+)\.$/,
    describe: ([, minutes, cost, balance]) =>
      msg`Not enough credits: transcribing ${minutes} started minute(s) of audio costs ${cost} credit(s) and your balance is ${balance}.`,
  },
  {
    pattern: /^Not enough credits: an AI prompt with (.+) costs (\d+) credits? and your balance is (\d+)\.$/,
    describe: ([, model, cost, balance]) =>
      msg`Not enough credits: an AI prompt with ${model} costs ${cost} credit(s) and your balance is ${balance}.`,
  },
  {
    pattern: /^It took longer than (\d+) minutes\.$/,
    describe: ([, minutes]) => msg`It took longer than ${minutes} minutes.`,
  },
  {
    pattern: /^Upload failed with status (\d+)$/,
    describe: ([, status]) => msg`Upload failed with status ${status}`,
  },
  {
    pattern: /^Please upload a file smaller than ([\d.]+)MB\.$/,
    describe: ([, limit], i18n) => {
      const max = localNumber(limit, i18n);
      return msg`Please upload a file smaller than ${max}MB.`;
    },
  },
  {
    pattern: /^File size is ([\d.]+) MB\. Maximum supported is ([\d.]+) MB\.$/,
    describe: ([, fileMb, limit], i18n) => {
      const size = localNumber(fileMb, i18n);
      const max = localNumber(limit, i18n);
      return msg`File size is ${size} MB. Maximum supported is ${max} MB.`;
    },
  },
  {
    pattern: /^Your storage is full: ([\d.]+) of ([\d.]+) MB used\. Delete transcripts to free space\.$/,
    describe: ([, usedMb, quotaMb], i18n) => {
      const used = localNumber(usedMb, i18n);
      const quota = localNumber(quotaMb, i18n);
      return msg`Your storage is full: ${used} of ${quota} MB used. Delete transcripts to free space.`;
    },
  },
  {
    pattern:
      /^You already have (\d+) unfinished uploads?\. Finish one, or wait until an unfinished upload is removed after ([\d.]+) hours? without a new chunk\.$/,
    describe: ([, max, hoursText], i18n) => {
      const hours = localNumber(hoursText, i18n);
      return msg`You already have ${max} unfinished upload(s). Finish one, or wait until an unfinished upload is removed after ${hours} hour(s) without a new chunk.`;
    },
  },
  {
    pattern: /^File extension \.(.+) is not supported\. Please upload a file with one of these extensions: (.+)$/,
    describe: ([, ext, list]) => msg`File extension .${ext} is not supported. Please upload a file with one of these extensions: ${list}`,
  },
];

/** The descriptor for an English message of the API, if the app knows it (`i18n` translates inner reasons). */
export function describeApiMessage(text: string, i18n?: I18n): MessageDescriptor | undefined {
  const known = byEnglishText.get(text);
  if (known) return known;
  for (const { pattern, describe } of patterned) {
    const match = text.match(pattern);
    if (match) return describe(match, i18n ?? passThrough);
  }
  return undefined;
}

const passThrough = { locale: 'en', _: (d: MessageDescriptor) => d.message ?? d.id } as unknown as I18n;

/** An English message of the API in the active language (unknown texts are shown as they are). */
export function translateApiMessage(i18n: I18n, text: string): string {
  const descriptor = describeApiMessage(text, i18n);
  return descriptor ? i18n._(descriptor) : text;
}

export const strengthDescriptors: Record<StrengthLabel, MessageDescriptor> = {
  'Very Weak': msg`Very Weak`,
  Weak: msg`Weak`,
  Medium: msg`Medium`,
  Strong: msg`Strong`,
  'Very Strong': msg`Very Strong`,
};
