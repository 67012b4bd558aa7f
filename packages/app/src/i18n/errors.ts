// The app's words for the API's errors: translated by `code`, never by the English `error`.
// A code this app does not know (an older or newer server) shows the server's English as it came.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiErrorCode, type ApiErrorCode, type ApiErrorParams } from '@scribe/api-client';

/**
 * One descriptor per code of the api-client's registry. Each source text is the registry's English
 * template word for word (so English shows the server's text); German fills in the same `{params}`.
 */
export const errorDescriptors: Record<ApiErrorCode, MessageDescriptor> = {
  // Sign-in and registration
  USERNAME_TAKEN: msg`Username is already taken`,
  EMAIL_TAKEN: msg`Email is already registered`,
  EMAIL_IS_USERNAME: msg`This email address is already used as a username`,
  INVALID_CREDENTIALS: msg`Invalid username or password`,
  TOO_MANY_LOGIN_ATTEMPTS: msg`Too many login attempts. Please try again later.`,
  TOO_MANY_REGISTRATIONS: msg`Too many accounts were created from your network. Please try again later.`,
  NOT_AUTHENTICATED: msg`Not authenticated`,
  // Form validation (docs/product-spec.md §5)
  NAME_MIN: msg`Name must be at least 2 characters long`,
  USERNAME_MIN: msg`Username must be at least 3 characters long`,
  USERNAME_NO_AT: msg`Username must not contain the @ sign`,
  USERNAME_INVISIBLE_CHARACTERS: msg`Username must not contain invisible or formatting characters`,
  NAME_MAX: msg`Name must be at most 100 characters long`,
  USERNAME_MAX: msg`Username must be at most 50 characters long`,
  PASSWORD_MAX: msg`Password must be at most 256 characters long`,
  EMAIL_INVALID: msg`Please enter a valid email address`,
  PASSWORD_MIN: msg`Password must be at least 6 characters long`,
  PASSWORDS_MISMATCH: msg`Passwords do not match`,
  TERMS_REQUIRED: msg`Please accept the terms of service and the privacy policy`,
  CAPTCHA_REQUIRED: msg`Please complete the captcha verification`,
  LOGIN_USERNAME_REQUIRED: msg`Please enter your username or email`,
  LOGIN_PASSWORD_REQUIRED: msg`Please enter your password`,
  LANGUAGE_INVALID: msg`Language must be en or de`,
  NUL_CHARACTER: msg`Text must not contain the NUL character (\\u0000)`,
  // Account (Settings)
  CURRENT_PASSWORD_REQUIRED: msg`Please enter your current password`,
  CURRENT_PASSWORD_INCORRECT: msg`Current password is incorrect`,
  NEW_PASSWORD_SAME: msg`The new password must be different from the current one`,
  PASSWORD_REQUIRED: msg`Please enter your password to confirm`,
  PASSWORD_INCORRECT: msg`Password is incorrect`,
  SESSION_NOT_FOUND: msg`Session not found`,
  API_TOKEN_INVALID: msg`Invalid API token`,
  API_TOKEN_REVOKED: msg`This API token has been revoked`,
  API_TOKEN_EXPIRED: msg`This API token has expired`,
  API_TOKEN_NOT_FOUND: msg`API token not found`,
  API_TOKEN_NAME_REQUIRED: msg`Please enter a name for the token`,
  API_TOKEN_NAME_TOO_LONG: msg`Token name must be at most 100 characters long`,
  API_TOKEN_EXPIRY_INVALID: msg`The expiry must be a date in the future`,
  WEBHOOK_NOT_FOUND: msg`Webhook not found`,
  WEBHOOK_URL_INVALID: msg`Please enter a valid HTTPS URL`,
  WEBHOOK_HOST_UNRESOLVED: msg`The host {host} could not be reached: its name could not be resolved. Check the address for typos.`,
  WEBHOOK_URL_NOT_ALLOWED: msg`Webhook URLs must not point to a private, loopback or link-local address`,
  WEBHOOK_EVENTS_REQUIRED: msg`Please choose at least one event`,
  // Folders and transcripts
  FOLDER_NAME_REQUIRED: msg`Please enter a folder name`,
  FOLDER_NAME_TOO_LONG: msg`Folder name must be at most 200 characters long`,
  FOLDER_TOO_DEEP: msg`Folders can be nested at most 100 levels deep`,
  INVALID_MOVE: msg`Cannot move a folder into itself or its subfolders`,
  FOLDER_NOT_FOUND: msg`Folder not found`,
  BULK_IDS_REQUIRED: msg`Please choose at least one transcript`,
  BULK_TOO_MANY: msg`Choose at most 500 transcripts at a time`,
  BULK_FOLDER_REQUIRED: msg`Please choose a folder (or null for the top level)`,
  BULK_FORMAT_REQUIRED: msg`Please choose an export format`,
  TRANSCRIPT_NOT_FOUND: msg`Transcript not found`,
  RANGE_NOT_SATISFIABLE: msg`Range not satisfiable`,
  // Editing and revisions
  REVISION_CONFLICT: msg({ message: 'This transcript was changed elsewhere (now revision {current}). Reload it or keep your text.' }),
  REVISION_NOT_FOUND: msg`Revision not found`,
  TRANSCRIPT_NOT_EDITABLE: msg`A transcript can be edited once its transcription has completed`,
  NOTHING_TO_SAVE: msg`Nothing to save: send a title or segments`,
  BASE_REVISION_REQUIRED: msg`An edit of the text must say which revision it was made on`,
  TITLE_REQUIRED: msg`Please enter a title`,
  TITLE_TOO_LONG: msg({ message: 'Title must be at most {max} characters long' }),
  SEGMENT_TEXT_TOO_LONG: msg({ message: 'Segment text must be at most {max} characters long' }),
  SEGMENT_CONTROL_CHARACTERS: msg`Segment text must not contain control characters`,
  SEGMENT_TIMES_INVALID: msg`Each segment must end after it starts, in order, within the audio`,
  TOO_MANY_SEGMENTS: msg({ message: 'A transcript can have at most {max} segments' }),
  TRANSCRIPT_TOO_LONG: msg({ message: 'A transcript can hold at most {max} characters of text and speaker names' }),
  SPEAKER_NAME_REQUIRED: msg`Please enter a speaker name`,
  SPEAKER_NAME_TOO_LONG: msg({ message: 'Speaker name must be at most {max} characters long' }),
  SHARE_NOT_FOUND: msg`This link does not exist or is no longer shared`,
  SHARE_EXPIRY_INVALID: msg`The expiry must be a date in the future or a number of days from 1 to 3650`,
  // Uploads (docs/product-spec.md §5, §7, §8)
  INVALID_FILE_TYPE: msg`Please upload an audio or video file: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.`,
  INVALID_CONTENT: msg`The file content is not a supported audio format.`,
  AUDIO_UNDECODABLE: msg`The file holds no audio that can be decoded. Please upload an audio or video file with sound: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.`,
  AUDIO_HEADER_IMPLAUSIBLE: msg`The file's audio header is damaged or implausible. Supported are sample rates from 8 to 192 kHz and up to 8 channels.`,
  FILE_TOO_LARGE: msg({ message: 'Please upload a file smaller than {maxMb}MB.' }),
  FILE_SIZE_EXCEEDED: msg({ message: 'File size is {sizeMb} MB. Maximum supported is {maxMb} MB.' }),
  UNSUPPORTED_EXTENSION: msg({
    message: 'File extension .{ext} is not supported. Please upload a file with one of these extensions: {extensions}',
  }),
  STORAGE_FULL: msg({ message: 'Your storage is full: {usedMb} of {quotaMb} MB used. Delete transcripts to free space.' }),
  TOO_MANY_UNFINISHED_UPLOADS: msg({
    message:
      'You already have {max} unfinished {max, plural, one {upload} other {uploads}}. Finish one, or wait until an unfinished upload is removed after {hours} {hours, plural, one {hour} other {hours}} without a new chunk.',
  }),
  SINGLE_UPLOAD_TOO_LARGE: msg({ message: 'Files larger than {maxMb}MB must be uploaded in chunks.' }),
  NO_FILE: msg`No file was uploaded.`,
  MALFORMED_UPLOAD: msg`The upload ended early or is not a valid multipart request.`,
  WRONG_FILE_FIELD: msg({ message: 'Send the file in the multipart field "{field}".' }),
  CHUNK_FIELDS_MISSING: msg`Send the fields uploadId, chunkIndex, totalChunks and originalName with the chunk file.`,
  INVALID_CHUNK_FIELDS: msg`Invalid chunk fields`,
  INVALID_UPLOAD_ID: msg`Invalid upload id`,
  CHUNK_INDEX_INVALID: msg`chunkIndex must be a whole number`,
  TOTAL_CHUNKS_INVALID: msg`totalChunks must be a whole number from 1`,
  ORIGINAL_NAME_REQUIRED: msg`originalName is required`,
  ORIGINAL_NAME_TOO_LONG: msg`originalName is too long`,
  UPLOAD_NOT_FOUND: msg`Upload not found`,
  UPLOAD_ALREADY_FINALIZED: msg`This upload has already been finalized.`,
  UPLOAD_BEING_FINALIZED: msg`This upload is being finalized and can no longer be cancelled.`,
  CHUNK_OUT_OF_RANGE: msg({
    message: 'Chunk index {index} is out of range: this upload has {total, plural, one {# chunk} other {# chunks}} (0 to {last}).',
  }),
  CHUNK_TOO_LARGE: msg({ message: 'A chunk may hold at most {maxBytes} bytes.' }),
  CHUNK_WRONG_SIZE: msg({ message: 'Chunk {index} must be exactly {chunkBytes} bytes; only the last chunk may be smaller.' }),
  CHUNK_EMPTY: msg({ message: 'Chunk {index} is empty.' }),
  CHUNK_SIZE_CONFLICT: msg({ message: 'Chunk {index} was already received with a different size.' }),
  TOTAL_CHUNKS_MISMATCH: msg({
    message: 'This upload has {expected, plural, one {# chunk} other {# chunks}}; totalChunks must stay the same.',
  }),
  CHUNK_MISSING: msg({ message: 'Chunk {index} is missing.' }),
  CHUNKS_MISSING: msg({ message: 'Chunks {chunks} are missing.' }),
  UPLOAD_STATUS_FAILED: msg({ message: 'Upload failed with status {status}' }),
  UPLOAD_FAILED: msg`Failed to upload file`,
  CHUNK_UPLOAD_FAILED: msg`Chunk upload failed`,
  UPLOAD_FINALIZE_FAILED: msg`Upload finalization failed`,
  INVALID_RESPONSE: msg`Invalid response format`,
  // Streamed recordings
  RECORDING_NOT_FOUND: msg`Recording not found`,
  RECORDING_MIME_TYPE_INVALID: msg`mimeType must be an audio type such as audio/webm`,
  RECORDING_PIECE_SEQ_INVALID: msg`The piece number must be a whole number from 0`,
  RECORDING_DURATION_INVALID: msg`durationMs must be a whole number of milliseconds`,
  RECORDING_PIECE_EMPTY: msg`A recording piece must not be empty.`,
  RECORDING_PIECE_TOO_LARGE: msg({ message: 'A recording piece may hold at most {maxBytes} bytes.' }),
  RECORDING_PIECE_OUT_OF_ORDER: msg({ message: 'Pieces must arrive in order: send piece {expected} next.' }),
  RECORDING_PIECE_CONFLICT: msg({ message: 'Piece {seq} was already received with different content.' }),
  RECORDING_TOO_LARGE: msg({
    message: 'This recording has reached the largest size the server accepts ({maxMb} MB). Finish it and start a new recording.',
  }),
  RECORDING_CLOSED: msg`This recording has already been finished or discarded.`,
  RECORDING_EMPTY: msg`This recording holds no audio yet, so there is nothing to finish.`,
  RECORDING_LIMIT_REACHED: msg({
    message:
      'You already have {max} unfinished {max, plural, one {recording} other {recordings}}. Finish or discard one to start a new recording.',
  }),
  // Transcription and its outcomes (a transcript in 'error' carries one of these)
  NO_SPEECH: msg`No speech detected: the recording contains no words the engine could recognise. You were not charged.`,
  NOT_ENGLISH: msg`Not English: the built-in engine understands English only. You were not charged.`,
  LANGUAGE_UNSUPPORTED: msg`The built-in transcription engine understands English only. An administrator can connect another engine for other languages.`,
  LANGUAGE_CODE_INVALID: msg`language must be a two-letter language code such as en or de`,
  VOCABULARY_TOO_MANY_TERMS: msg`The vocabulary may hold at most 100 names and terms`,
  VOCABULARY_TOO_LONG: msg`The vocabulary may hold at most 1,000 characters`,
  VOCABULARY_INVALID: msg`The vocabulary must be a list of names and terms`,
  RETRY_NOT_FAILED: msg`Only a failed transcription can be retried`,
  RETRY_NO_AUDIO: msg`The audio of this transcript is gone, so it cannot be transcribed again`,
  SPEAKERS_NO_AUDIO: msg`The audio of this transcript is gone, so its speakers cannot be found again`,
  SPEAKERS_OPTION_INVALID: msg({ message: 'speakers must be auto or a number from 1 to {max}' }),
  TRANSCRIPTION_FAILED: msg({ message: 'Transcription failed: {reason}' }),
  TRANSCRIBING: msg`Transcribing audio...`,
  TRANSCRIPTION_COMPLETED: msg`Transcription completed!`,
  TRANSCRIPTION_RETRYING: msg({ message: 'Transcription failed, trying again: {reason}' }),
  AUDIO_MISSING: msg`The audio file is missing from storage.`,
  NO_AUDIO: msg`The file contains no audio.`,
  TRANSCRIPTION_TIMED_OUT: msg({ message: 'It took longer than {minutes} minutes.' }),
  TRANSCRIPTION_INTERRUPTED: msg`The transcription job stopped before it finished, too often or for too long.`,
  // AI prompts and exports (docs/product-spec.md §2, §3, §5, §7)
  PROMPT_NAME_AND_TEXT_REQUIRED: msg`Please provide both a name and a prompt`,
  PROMPT_REQUIRED: msg`Please enter a prompt`,
  PROMPT_NAME_TOO_LONG: msg`Prompt name must be at most 200 characters long`,
  PROMPT_TOO_LONG: msg`Prompt must be at most 20,000 characters long`,
  PROMPT_NOT_FOUND: msg`Prompt not found`,
  PROMPT_UPDATE_EMPTY: msg`Nothing to save: send a name, a prompt or an icon`,
  PROMPT_ORDER_MISMATCH: msg`The new order must list each of your saved prompts exactly once`,
  AI_OUTPUT_NOT_FOUND: msg`AI output not found`,
  UNKNOWN_MODEL: msg`This AI model is not available. Ask your administrator.`,
  CUSTOM_PROMPT_FAILED: msg`Failed to process custom prompt`,
  AI_PROVIDER_FAILED: msg({ message: 'Failed to process custom prompt: {reason}' }),
  AI_TIMED_OUT: msg({ message: 'The language model did not answer within {seconds} seconds. Your credits were refunded.' }),
  AI_EMPTY_ANSWER: msg`The language model returned an empty answer. Your credits were refunded.`,
  AI_CONTEXT_OVERFLOW: msg`The text was too long for the language model. Your credits were refunded.`,
  REQUEST_CANCELLED: msg`The request was cancelled`,
  TRANSCRIPT_NOT_READY: msg`The transcript has no text yet`,
  INVALID_TIME_ZONE: msg`Unknown time zone (expected an IANA name such as Europe/Berlin)`,
  SUBTITLE_OPTION_INVALID: msg({ message: 'Subtitle option {option} must be a number from {min} to {max}' }),
  SUBTITLE_CUE_SECONDS_INVALID: msg`The shortest subtitle duration must be less than the longest`,
  // Credits and payments (docs/product-spec.md §1, §3, §7, §8)
  UNKNOWN_PACKAGE: msg`Unknown credit package`,
  NOT_ENOUGH_CREDITS_PROMPT: msg({
    message:
      'Not enough credits: an AI prompt with {model} costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  }),
  NOT_ENOUGH_CREDITS_LOCAL_PROMPT: msg({
    message:
      'Not enough credits: an AI prompt with the local engine costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  }),
  NOT_ENOUGH_CREDITS_TRANSCRIPTION: msg({
    message:
      'Not enough credits: transcribing {minutes, plural, one {# started minute} other {# started minutes}} of audio costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  }),
  CARD_DECLINED: msg`Your card was declined.`,
  INVALID_CARD_NUMBER: msg`Your card number is invalid.`,
  INVALID_EXPIRY: msg`Your card's expiration date is invalid.`,
  EXPIRED_CARD: msg`Your card has expired.`,
  INVALID_CVC: msg`Your card's security code is invalid.`,
  UNKNOWN_TEST_CARD: msg`Test mode accepts only the test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined).`,
  PAYMENT_NOT_FOUND: msg`Payment not found`,
  CREDITS_NOT_NUMBER: msg`credits must be a number`,
  CREDITS_NOT_WHOLE: msg`credits must be a whole number`,
  CREDITS_NOT_POSITIVE: msg`credits must be a positive number`,
  CREDITS_TOO_MANY: msg`credits must be at most 1,000,000,000`,
  CREDIT_HISTORY_CURSOR_INVALID: msg`The cursor must be the nextCursor of an earlier page of the credit history`,
  STRIPE_NOT_CONFIGURED: msg`Stripe is not configured`,
  INVALID_WEBHOOK_SIGNATURE: msg`Invalid webhook signature`,
  PAYMENT_PACKAGE_MISMATCH: msg`Payment does not match its credit package`,
  // Abuse limits
  TOO_MANY_REQUESTS: msg`Too many requests. Please wait a moment and try again.`,
  TOO_MANY_LIVE_CONNECTIONS: msg`Too many live connections for this account. Close other tabs and try again.`,
  SERVER_BUSY: msg({ message: 'The server is busy. Please try again in {seconds, plural, one {# second} other {# seconds}}.' }),
  // The live channel (docs/product-spec.md §4, §7)
  LIVE_CROSS_SITE: msg`Cross-site live connections are not allowed`,
  LIVE_UPGRADE_REQUIRED: msg`Upgrade Required: /ws is a WebSocket endpoint`,
  LIVE_PARSE_FAILED: msg`Failed to parse WebSocket message`,
  LIVE_CONNECTION_ERROR: msg`Connection error. Please try again.`,
  LIVE_CONNECTION_LOST: msg`Connection lost. Please refresh the page to reconnect.`,
  // Operators: the Prometheus endpoint /metrics
  METRICS_FORBIDDEN: msg`Metrics are served only to loopback and private network addresses`,
  METRICS_TOKEN_INVALID: msg`Missing or invalid metrics token`,
  // Requests the server cannot take (any route)
  VALIDATION_FAILED: msg`Invalid request`,
  INVALID_VALUE: msg`Invalid value`,
  INVALID_ID: msg`Invalid id`,
  BODY_NOT_OBJECT: msg`Request body must be a JSON object`,
  MALFORMED_JSON: msg`Malformed JSON in request body`,
  EMPTY_BODY: msg`Request body is empty`,
  BODY_TOO_LARGE: msg`Request body is too large`,
  UNSUPPORTED_MEDIA_TYPE: msg`Unsupported content type`,
  CONTENT_LENGTH_MISMATCH: msg`Request body does not match its Content-Length`,
  URL_PART_TOO_LONG: msg`A part of the URL is too long`,
  MALFORMED_URL: msg`Malformed URL`,
  BAD_REQUEST: msg`Bad request`,
  MISSING_REQUESTED_WITH: msg`Missing X-Requested-With header`,
  NOT_FOUND: msg`Not found`,
  INTERNAL_ERROR: msg`Internal server error`,
  DATABASE_UNAVAILABLE: msg`Database unavailable`,
  // The api-client's own failures when the server gave no `{ error, code }` (network, other answers)
  LOGIN_FAILED: msg`Login failed`,
  REGISTRATION_FAILED: msg`Registration failed`,
  LOGOUT_FAILED: msg`Logout failed`,
  CREATE_FOLDER_FAILED: msg`Failed to create folder`,
  UPDATE_FOLDER_FAILED: msg`Failed to update folder`,
  DELETE_FOLDER_FAILED: msg`Failed to delete folder`,
  RESTORE_FOLDER_FAILED: msg`Failed to restore folder`,
  DELETE_TRANSCRIPT_FAILED: msg`Failed to delete transcript`,
  MOVE_TRANSCRIPT_FAILED: msg`Failed to move transcript`,
  SAVE_TRANSCRIPT_FAILED: msg`Failed to save transcript`,
  RESTORE_REVISION_FAILED: msg`Failed to restore the revision`,
  FIND_SPEAKERS_FAILED: msg`Failed to find the speakers`,
  BULK_ACTION_FAILED: msg`Failed to change the selected transcripts`,
  RETRY_TRANSCRIPTION_FAILED: msg`Failed to retry the transcription`,
  CREATE_SHARE_FAILED: msg`Failed to create the share link`,
  REVOKE_SHARE_FAILED: msg`Failed to revoke the share link`,
  PURCHASE_FAILED: msg`Failed to initiate purchase`,
  UNEXPECTED_ERROR: msg`An unexpected error occurred`,
  SAVE_PROMPT_FAILED: msg`Failed to save prompt`,
  DELETE_PROMPT_FAILED: msg`Failed to delete prompt`,
  DELETE_AI_OUTPUT_FAILED: msg`Failed to delete the AI output`,
  REORDER_PROMPTS_FAILED: msg`Failed to reorder prompts`,
  CREATE_TUTORIAL_FAILED: msg`Failed to create tutorial transcript`,
  SAVE_PREFERENCES_FAILED: msg`Failed to save preferences`,
  CHANGE_PASSWORD_FAILED: msg`Failed to change password`,
  REVOKE_SESSION_FAILED: msg`Failed to sign out the session`,
  SIGN_OUT_EVERYWHERE_FAILED: msg`Failed to sign out everywhere`,
  DELETE_ACCOUNT_FAILED: msg`Failed to delete account`,
  CREATE_API_TOKEN_FAILED: msg`Failed to create the API token`,
  REVOKE_API_TOKEN_FAILED: msg`Failed to revoke the API token`,
  CREATE_WEBHOOK_FAILED: msg`Failed to add the webhook`,
  DELETE_WEBHOOK_FAILED: msg`Failed to delete the webhook`,
  REQUEST_FAILED: msg({ message: '{status}: {body}' }),
  HTTP_STATUS: msg({ message: '{status} {statusText}' }),
  RESPONSE_NOT_JSON: msg`Response was not JSON`,
};

/** Anything that names an error: an ApiError, an error body or field error, a transcript's or live event's code. */
export interface CodedError {
  code?: string | null;
  params?: ApiErrorParams | null;
  /** The server's English (an error body's `error`), shown as it is for a code the app does not know. */
  error?: string | null;
  /** An ApiError's English. */
  message?: string;
}

type Coded<K extends string> = { [key in K]?: string | null } & { [key in `${K}Code`]?: string | null } & {
  [key in `${K}Params`]?: ApiErrorParams | null;
};

/** A transcript's failure (metadata `error` with `errorCode`/`errorParams`), or a live event's `error`. */
export const failureOf = (source: Coded<'error'>): CodedError => ({
  code: source.errorCode,
  params: source.errorParams,
  error: source.error,
});

/** A live transcription_status event's `message` with `messageCode`/`messageParams`. */
export const statusMessageOf = (event: Coded<'message'>): CodedError => ({
  code: event.messageCode,
  params: event.messageParams,
  error: event.message,
});

/** An error in the active language: by its code with its params, else the server's English as it came. */
/**
 * translateError for the sign-in and registration forms: a missing or failed captcha names the one the
 * server asks for (ALTCHA by default, reCAPTCHA when configured) rather than a captcha in general.
 */
export function translateFormError(i18n: I18n, err: CodedError | ApiErrorCode, captcha: 'altcha' | 'recaptcha' | undefined): string {
  const code = typeof err === 'string' ? err : err.code;
  if (code === 'CAPTCHA_REQUIRED' && captcha === 'altcha') return i18n._(msg`Please complete the ALTCHA verification`);
  if (code === 'CAPTCHA_REQUIRED' && captcha === 'recaptcha') return i18n._(msg`Please complete the reCAPTCHA verification`);
  return translateError(i18n, err);
}

export function translateError(i18n: I18n, err: CodedError | ApiErrorCode): string {
  const { code, params, error, message } = typeof err === 'string' ? { code: err } : err;
  if (!isApiErrorCode(code)) return error ?? message ?? code ?? '';
  const values: Record<string, unknown> = { ...params };
  // A reason that is itself a registry error comes with its code: translated as well.
  const reasonCode = params?.reasonCode;
  if (typeof reasonCode === 'string' && reasonCode !== code) {
    values.reason = translateError(i18n, { code: reasonCode, params, error: String(params?.reason ?? '') });
  }
  const descriptor: MessageDescriptor = { ...errorDescriptors[code], values };
  return i18n._(descriptor);
}
