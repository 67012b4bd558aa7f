// The error contract of the API: every error answer is `{ error, code, params? }`. `code` names the
// cause and never changes; `error` is its English text (the spec's words, docs/product-spec.md), made
// from the template below and `params`. The app translates by `code`, never by matching `error`.
//
// Templates: `{name}` is a parameter; `{name, plural, one {…} other {…}}` picks a form by the number
// `name` (`#` is the number), the ICU form Lingui catalogs use too.

/** Every error the server can answer, by stable code: the English text (docs/product-spec.md words) with {param} slots. */
export const apiErrors = {
  // --- Sign-in and registration
  USERNAME_TAKEN: 'Username is already taken',
  EMAIL_TAKEN: 'Email is already registered',
  // An older account may have a username that is an e-mail address: it would shadow this one at sign-in.
  EMAIL_IS_USERNAME: 'This email address is already used as a username',
  INVALID_CREDENTIALS: 'Invalid username or password',
  TOO_MANY_LOGIN_ATTEMPTS: 'Too many login attempts. Please try again later.',
  TOO_MANY_REGISTRATIONS: 'Too many accounts were created from your network. Please try again later.',
  NOT_AUTHENTICATED: 'Not authenticated',

  // --- Form validation (docs/product-spec.md §5)
  NAME_MIN: 'Name must be at least 2 characters long',
  USERNAME_MIN: 'Username must be at least 3 characters long',
  // Sign-in takes a username or an e-mail: a username with '@' could be someone's e-mail address.
  USERNAME_NO_AT: 'Username must not contain the @ sign',
  // Zero-width, direction and other format characters (Unicode Cf) would make look-alikes of other names.
  USERNAME_INVISIBLE_CHARACTERS: 'Username must not contain invisible or formatting characters',
  NAME_MAX: 'Name must be at most 100 characters long',
  USERNAME_MAX: 'Username must be at most 50 characters long',
  PASSWORD_MAX: 'Password must be at most 256 characters long',
  EMAIL_INVALID: 'Please enter a valid email address',
  PASSWORD_MIN: 'Password must be at least 6 characters long',
  PASSWORDS_MISMATCH: 'Passwords do not match',
  TERMS_REQUIRED: 'Please accept the terms of service and the privacy policy',
  /** The captcha the server asks for is not named here (ALTCHA or reCAPTCHA); the app names it. */
  CAPTCHA_REQUIRED: 'Please complete the captcha verification',
  LOGIN_USERNAME_REQUIRED: 'Please enter your username or email',
  LOGIN_PASSWORD_REQUIRED: 'Please enter your password',
  LANGUAGE_INVALID: 'Language must be en or de',
  // PostgreSQL cannot store U+0000, so the server refuses it (e.g. pasted control characters).
  NUL_CHARACTER: 'Text must not contain the NUL character (\\u0000)',

  // --- Account (Settings)
  CURRENT_PASSWORD_REQUIRED: 'Please enter your current password',
  CURRENT_PASSWORD_INCORRECT: 'Current password is incorrect',
  NEW_PASSWORD_SAME: 'The new password must be different from the current one',
  PASSWORD_REQUIRED: 'Please enter your password to confirm',
  PASSWORD_INCORRECT: 'Password is incorrect',
  SESSION_NOT_FOUND: 'Session not found',

  // --- API tokens and webhooks (Settings)
  API_TOKEN_INVALID: 'Invalid API token',
  API_TOKEN_REVOKED: 'This API token has been revoked',
  API_TOKEN_EXPIRED: 'This API token has expired',
  API_TOKEN_NOT_FOUND: 'API token not found',
  API_TOKEN_NAME_REQUIRED: 'Please enter a name for the token',
  API_TOKEN_NAME_TOO_LONG: 'Token name must be at most 100 characters long',
  API_TOKEN_EXPIRY_INVALID: 'The expiry must be a date in the future',
  WEBHOOK_NOT_FOUND: 'Webhook not found',
  WEBHOOK_URL_INVALID: 'Please enter a valid HTTPS URL',
  WEBHOOK_HOST_UNRESOLVED: 'The host {host} could not be reached: its name could not be resolved. Check the address for typos.',
  WEBHOOK_URL_NOT_ALLOWED: 'Webhook URLs must not point to a private, loopback or link-local address',
  WEBHOOK_EVENTS_REQUIRED: 'Please choose at least one event',

  // --- Folders and transcripts
  FOLDER_NAME_REQUIRED: 'Please enter a folder name',
  FOLDER_NAME_TOO_LONG: 'Folder name must be at most 200 characters long',
  FOLDER_TOO_DEEP: 'Folders can be nested at most 100 levels deep',
  INVALID_MOVE: 'Cannot move a folder into itself or its subfolders',
  FOLDER_NOT_FOUND: 'Folder not found',
  TRANSCRIPT_NOT_FOUND: 'Transcript not found',
  // Several transcripts at once (POST /api/transcripts/bulk): all of them change, or none.
  BULK_IDS_REQUIRED: 'Please choose at least one transcript',
  BULK_TOO_MANY: 'Choose at most 500 transcripts at a time',
  BULK_FOLDER_REQUIRED: 'Please choose a folder (or null for the top level)',
  BULK_FORMAT_REQUIRED: 'Please choose an export format',
  RANGE_NOT_SATISFIABLE: 'Range not satisfiable',
  // Editing (PATCH /api/transcripts/{id}) and revisions.
  REVISION_CONFLICT: 'This transcript was changed elsewhere (now revision {current}). Reload it or keep your text.',
  REVISION_NOT_FOUND: 'Revision not found',
  TRANSCRIPT_NOT_EDITABLE: 'A transcript can be edited once its transcription has completed',
  NOTHING_TO_SAVE: 'Nothing to save: send a title or segments',
  BASE_REVISION_REQUIRED: 'An edit of the text must say which revision it was made on',
  TITLE_REQUIRED: 'Please enter a title',
  TITLE_TOO_LONG: 'Title must be at most {max} characters long',
  SEGMENT_TEXT_TOO_LONG: 'Segment text must be at most {max} characters long',
  SEGMENT_CONTROL_CHARACTERS: 'Segment text must not contain control characters',
  SEGMENT_TIMES_INVALID: 'Each segment must end after it starts, in order, within the audio',
  TOO_MANY_SEGMENTS: 'A transcript can have at most {max} segments',
  // The text cap (TRANSCRIPT_MAX_TEXT_CHARS), answered with 413 and nothing written.
  TRANSCRIPT_TOO_LONG: 'A transcript can hold at most {max} characters of text and speaker names',
  SPEAKER_NAME_REQUIRED: 'Please enter a speaker name',
  SPEAKER_NAME_TOO_LONG: 'Speaker name must be at most {max} characters long',
  // Share links: a wrong, expired or revoked token all answer this same 404.
  SHARE_NOT_FOUND: 'This link does not exist or is no longer shared',
  SHARE_EXPIRY_INVALID: 'The expiry must be a date in the future or a number of days from 1 to 3650',

  // --- Uploads (docs/product-spec.md §5, §7, §8)
  // The spec's four types, widened (docs/decisions.md, "Audio formats").
  INVALID_FILE_TYPE: 'Please upload an audio or video file: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.',
  INVALID_CONTENT: 'The file content is not a supported audio format.',
  AUDIO_UNDECODABLE:
    'The file holds no audio that can be decoded. Please upload an audio or video file with sound: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.',
  AUDIO_HEADER_IMPLAUSIBLE:
    "The file's audio header is damaged or implausible. Supported are sample rates from 8 to 192 kHz and up to 8 channels.",
  FILE_TOO_LARGE: 'Please upload a file smaller than {maxMb}MB.',
  FILE_SIZE_EXCEEDED: 'File size is {sizeMb} MB. Maximum supported is {maxMb} MB.',
  UNSUPPORTED_EXTENSION: 'File extension .{ext} is not supported. Please upload a file with one of these extensions: {extensions}',
  STORAGE_FULL: 'Your storage is full: {usedMb} of {quotaMb} MB used. Delete transcripts to free space.',
  TOO_MANY_UNFINISHED_UPLOADS:
    'You already have {max} unfinished {max, plural, one {upload} other {uploads}}. Finish one, or wait until an unfinished upload is removed after {hours} {hours, plural, one {hour} other {hours}} without a new chunk.',
  SINGLE_UPLOAD_TOO_LARGE: 'Files larger than {maxMb}MB must be uploaded in chunks.',
  NO_FILE: 'No file was uploaded.',
  MALFORMED_UPLOAD: 'The upload ended early or is not a valid multipart request.',
  WRONG_FILE_FIELD: 'Send the file in the multipart field "{field}".',
  CHUNK_FIELDS_MISSING: 'Send the fields uploadId, chunkIndex, totalChunks and originalName with the chunk file.',
  INVALID_CHUNK_FIELDS: 'Invalid chunk fields',
  INVALID_UPLOAD_ID: 'Invalid upload id',
  CHUNK_INDEX_INVALID: 'chunkIndex must be a whole number',
  TOTAL_CHUNKS_INVALID: 'totalChunks must be a whole number from 1',
  ORIGINAL_NAME_REQUIRED: 'originalName is required',
  ORIGINAL_NAME_TOO_LONG: 'originalName is too long',
  UPLOAD_NOT_FOUND: 'Upload not found',
  UPLOAD_ALREADY_FINALIZED: 'This upload has already been finalized.',
  UPLOAD_BEING_FINALIZED: 'This upload is being finalized and can no longer be cancelled.',
  CHUNK_OUT_OF_RANGE: 'Chunk index {index} is out of range: this upload has {total, plural, one {# chunk} other {# chunks}} (0 to {last}).',
  CHUNK_TOO_LARGE: 'A chunk may hold at most {maxBytes} bytes.',
  CHUNK_WRONG_SIZE: 'Chunk {index} must be exactly {chunkBytes} bytes; only the last chunk may be smaller.',
  CHUNK_EMPTY: 'Chunk {index} is empty.',
  CHUNK_SIZE_CONFLICT: 'Chunk {index} was already received with a different size.',
  TOTAL_CHUNKS_MISMATCH: 'This upload has {expected, plural, one {# chunk} other {# chunks}}; totalChunks must stay the same.',
  CHUNK_MISSING: 'Chunk {index} is missing.',
  CHUNKS_MISSING: 'Chunks {chunks} are missing.',
  // The api-client's own upload failures (docs/product-spec.md §8).
  UPLOAD_STATUS_FAILED: 'Upload failed with status {status}',
  UPLOAD_FAILED: 'Failed to upload file',
  CHUNK_UPLOAD_FAILED: 'Chunk upload failed',
  UPLOAD_FINALIZE_FAILED: 'Upload finalization failed',
  INVALID_RESPONSE: 'Invalid response format',

  // --- Streamed recordings (pieces acknowledged one by one, finished into a transcript)
  RECORDING_NOT_FOUND: 'Recording not found',
  RECORDING_MIME_TYPE_INVALID: 'mimeType must be an audio type such as audio/webm',
  RECORDING_PIECE_SEQ_INVALID: 'The piece number must be a whole number from 0',
  RECORDING_DURATION_INVALID: 'durationMs must be a whole number of milliseconds',
  RECORDING_PIECE_EMPTY: 'A recording piece must not be empty.',
  RECORDING_PIECE_TOO_LARGE: 'A recording piece may hold at most {maxBytes} bytes.',
  RECORDING_PIECE_OUT_OF_ORDER: 'Pieces must arrive in order: send piece {expected} next.',
  RECORDING_PIECE_CONFLICT: 'Piece {seq} was already received with different content.',
  RECORDING_TOO_LARGE: 'This recording has reached the largest size the server accepts ({maxMb} MB). Finish it and start a new recording.',
  RECORDING_CLOSED: 'This recording has already been finished or discarded.',
  RECORDING_EMPTY: 'This recording holds no audio yet, so there is nothing to finish.',
  RECORDING_LIMIT_REACHED:
    'You already have {max} unfinished {max, plural, one {recording} other {recordings}}. Finish or discard one to start a new recording.',

  // --- Transcription and its outcomes (a transcript in 'error' carries one of these)
  NO_SPEECH: 'No speech detected: the recording contains no words the engine could recognise. You were not charged.',
  NOT_ENGLISH: 'Not English: the built-in engine understands English only. You were not charged.',
  LANGUAGE_UNSUPPORTED:
    'The built-in transcription engine understands English only. An administrator can connect another engine for other languages.',
  LANGUAGE_CODE_INVALID: 'language must be a two-letter language code such as en or de',
  VOCABULARY_TOO_MANY_TERMS: 'The vocabulary may hold at most 100 names and terms',
  VOCABULARY_TOO_LONG: 'The vocabulary may hold at most 1,000 characters',
  VOCABULARY_INVALID: 'The vocabulary must be a list of names and terms',
  RETRY_NOT_FAILED: 'Only a failed transcription can be retried',
  RETRY_NO_AUDIO: 'The audio of this transcript is gone, so it cannot be transcribed again',
  SPEAKERS_NO_AUDIO: 'The audio of this transcript is gone, so its speakers cannot be found again',
  SPEAKERS_OPTION_INVALID: 'speakers must be auto or a number from 1 to {max}',
  /**
   * `reason`: the engine's or the job's own words; when they are a registry text themselves, `reasonCode`
   * (and that text's params) come with it, so the reason is translated too.
   */
  TRANSCRIPTION_FAILED: 'Transcription failed: {reason}',
  // Progress texts of transcription_status events (`messageCode`) and reasons of a failed attempt.
  TRANSCRIBING: 'Transcribing audio...',
  TRANSCRIPTION_COMPLETED: 'Transcription completed!',
  TRANSCRIPTION_RETRYING: 'Transcription failed, trying again: {reason}',
  AUDIO_MISSING: 'The audio file is missing from storage.',
  NO_AUDIO: 'The file contains no audio.',
  TRANSCRIPTION_TIMED_OUT: 'It took longer than {minutes} minutes.',
  TRANSCRIPTION_INTERRUPTED: 'The transcription job stopped before it finished, too often or for too long.',

  // --- AI prompts and exports (docs/product-spec.md §2, §3, §5, §7)
  PROMPT_NAME_AND_TEXT_REQUIRED: 'Please provide both a name and a prompt',
  PROMPT_REQUIRED: 'Please enter a prompt',
  PROMPT_NAME_TOO_LONG: 'Prompt name must be at most 200 characters long',
  PROMPT_TOO_LONG: 'Prompt must be at most 20,000 characters long',
  PROMPT_NOT_FOUND: 'Prompt not found',
  // Editing and reordering saved prompts.
  PROMPT_UPDATE_EMPTY: 'Nothing to save: send a name, a prompt or an icon',
  PROMPT_ORDER_MISMATCH: 'The new order must list each of your saved prompts exactly once',
  AI_OUTPUT_NOT_FOUND: 'AI output not found',
  /** A model the server does not offer (any more): end-user wording, the administrator configures models. */
  UNKNOWN_MODEL: 'This AI model is not available. Ask your administrator.',
  CUSTOM_PROMPT_FAILED: 'Failed to process custom prompt',
  /** `reason`: the AI provider's own words. */
  AI_PROVIDER_FAILED: 'Failed to process custom prompt: {reason}',
  // Language-model failures the user is refunded for (never an empty answer card).
  AI_TIMED_OUT: 'The language model did not answer within {seconds} seconds. Your credits were refunded.',
  AI_EMPTY_ANSWER: 'The language model returned an empty answer. Your credits were refunded.',
  AI_CONTEXT_OVERFLOW: 'The text was too long for the language model. Your credits were refunded.',
  REQUEST_CANCELLED: 'The request was cancelled',
  TRANSCRIPT_NOT_READY: 'The transcript has no text yet',
  INVALID_TIME_ZONE: 'Unknown time zone (expected an IANA name such as Europe/Berlin)',
  /** SRT/VTT export options (api-client `subtitleOptionRanges`). */
  SUBTITLE_OPTION_INVALID: 'Subtitle option {option} must be a number from {min} to {max}',
  SUBTITLE_CUE_SECONDS_INVALID: 'The shortest subtitle duration must be less than the longest',

  // --- Credits and payments (docs/product-spec.md §1, §3, §7, §8)
  UNKNOWN_PACKAGE: 'Unknown credit package',
  NOT_ENOUGH_CREDITS_PROMPT:
    'Not enough credits: an AI prompt with {model} costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  NOT_ENOUGH_CREDITS_LOCAL_PROMPT:
    'Not enough credits: an AI prompt with the local engine costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  NOT_ENOUGH_CREDITS_TRANSCRIPTION:
    'Not enough credits: transcribing {minutes, plural, one {# started minute} other {# started minutes}} of audio costs {needed, plural, one {# credit} other {# credits}} and your balance is {balance}.',
  CARD_DECLINED: 'Your card was declined.',
  INVALID_CARD_NUMBER: 'Your card number is invalid.',
  INVALID_EXPIRY: "Your card's expiration date is invalid.",
  EXPIRED_CARD: 'Your card has expired.',
  INVALID_CVC: "Your card's security code is invalid.",
  UNKNOWN_TEST_CARD: 'Test mode accepts only the test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined).',
  PAYMENT_NOT_FOUND: 'Payment not found',
  CREDITS_NOT_NUMBER: 'credits must be a number',
  CREDITS_NOT_WHOLE: 'credits must be a whole number',
  CREDITS_NOT_POSITIVE: 'credits must be a positive number',
  CREDITS_TOO_MANY: 'credits must be at most 1,000,000,000',
  CREDIT_HISTORY_CURSOR_INVALID: 'The cursor must be the nextCursor of an earlier page of the credit history',
  STRIPE_NOT_CONFIGURED: 'Stripe is not configured',
  INVALID_WEBHOOK_SIGNATURE: 'Invalid webhook signature',
  PAYMENT_PACKAGE_MISMATCH: 'Payment does not match its credit package',

  // --- Abuse limits
  TOO_MANY_REQUESTS: 'Too many requests. Please wait a moment and try again.',
  TOO_MANY_LIVE_CONNECTIONS: 'Too many live connections for this account. Close other tabs and try again.',
  /** 503 with Retry-After: the worker threads of exports or edits have a full queue. */
  SERVER_BUSY: 'The server is busy. Please try again in {seconds, plural, one {# second} other {# seconds}}.',

  // --- The live channel (docs/product-spec.md §4, §7)
  LIVE_CROSS_SITE: 'Cross-site live connections are not allowed',
  LIVE_UPGRADE_REQUIRED: 'Upgrade Required: /ws is a WebSocket endpoint',
  LIVE_PARSE_FAILED: 'Failed to parse WebSocket message',
  LIVE_CONNECTION_ERROR: 'Connection error. Please try again.',
  LIVE_CONNECTION_LOST: 'Connection lost. Please refresh the page to reconnect.',

  // --- Operators: the Prometheus endpoint /metrics (README, docs/deployment.md)
  METRICS_FORBIDDEN: 'Metrics are served only to loopback and private network addresses',
  METRICS_TOKEN_INVALID: 'Missing or invalid metrics token',

  // --- Requests the server cannot take (any route)
  VALIDATION_FAILED: 'Invalid request',
  INVALID_VALUE: 'Invalid value',
  /** A row id in the path that is not a positive whole number (of PostgreSQL's integer range). */
  INVALID_ID: 'Invalid id',
  BODY_NOT_OBJECT: 'Request body must be a JSON object',
  MALFORMED_JSON: 'Malformed JSON in request body',
  EMPTY_BODY: 'Request body is empty',
  BODY_TOO_LARGE: 'Request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  CONTENT_LENGTH_MISMATCH: 'Request body does not match its Content-Length',
  URL_PART_TOO_LONG: 'A part of the URL is too long',
  MALFORMED_URL: 'Malformed URL',
  BAD_REQUEST: 'Bad request',
  MISSING_REQUESTED_WITH: 'Missing X-Requested-With header',
  NOT_FOUND: 'Not found',
  INTERNAL_ERROR: 'Internal server error',
  DATABASE_UNAVAILABLE: 'Database unavailable',

  // --- The api-client's own failures when the server gave no `{ error, code }` (network, other answers)
  LOGIN_FAILED: 'Login failed',
  REGISTRATION_FAILED: 'Registration failed',
  LOGOUT_FAILED: 'Logout failed',
  CREATE_FOLDER_FAILED: 'Failed to create folder',
  UPDATE_FOLDER_FAILED: 'Failed to update folder',
  DELETE_FOLDER_FAILED: 'Failed to delete folder',
  RESTORE_FOLDER_FAILED: 'Failed to restore folder',
  DELETE_TRANSCRIPT_FAILED: 'Failed to delete transcript',
  MOVE_TRANSCRIPT_FAILED: 'Failed to move transcript',
  SAVE_TRANSCRIPT_FAILED: 'Failed to save transcript',
  RESTORE_REVISION_FAILED: 'Failed to restore the revision',
  FIND_SPEAKERS_FAILED: 'Failed to find the speakers',
  RETRY_TRANSCRIPTION_FAILED: 'Failed to retry the transcription',
  BULK_ACTION_FAILED: 'Failed to change the selected transcripts',
  CREATE_SHARE_FAILED: 'Failed to create the share link',
  REVOKE_SHARE_FAILED: 'Failed to revoke the share link',
  PURCHASE_FAILED: 'Failed to initiate purchase',
  UNEXPECTED_ERROR: 'An unexpected error occurred',
  SAVE_PROMPT_FAILED: 'Failed to save prompt',
  DELETE_PROMPT_FAILED: 'Failed to delete prompt',
  REORDER_PROMPTS_FAILED: 'Failed to reorder prompts',
  DELETE_AI_OUTPUT_FAILED: 'Failed to delete the AI output',
  CREATE_TUTORIAL_FAILED: 'Failed to create tutorial transcript',
  SAVE_PREFERENCES_FAILED: 'Failed to save preferences',
  CHANGE_PASSWORD_FAILED: 'Failed to change password',
  REVOKE_SESSION_FAILED: 'Failed to sign out the session',
  SIGN_OUT_EVERYWHERE_FAILED: 'Failed to sign out everywhere',
  DELETE_ACCOUNT_FAILED: 'Failed to delete account',
  CREATE_API_TOKEN_FAILED: 'Failed to create the API token',
  REVOKE_API_TOKEN_FAILED: 'Failed to revoke the API token',
  CREATE_WEBHOOK_FAILED: 'Failed to add the webhook',
  DELETE_WEBHOOK_FAILED: 'Failed to delete the webhook',
  /** A data read that failed: the status and the body's text (docs/product-spec.md's default read). */
  REQUEST_FAILED: '{status}: {body}',
  /** A failed request described by its status line, e.g. '500 Internal Server Error'. */
  HTTP_STATUS: '{status} {statusText}',
  RESPONSE_NOT_JSON: 'Response was not JSON',
} as const;

export type ApiErrorCode = keyof typeof apiErrors;
export type ApiErrorParams = Readonly<Record<string, string | number>>;
export const apiErrorCodes = Object.keys(apiErrors) as ApiErrorCode[];

/** One field's problem in a validation answer. */
export interface ApiFieldError {
  code: ApiErrorCode;
  error: string;
  params?: ApiErrorParams;
}

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  params?: ApiErrorParams;
  fieldErrors?: Record<string, ApiFieldError>;
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(apiErrors, value);
}

const plural = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;
const slot = /\{(\w+)\}/g;

/** Fills a template: plural choices first, then `{name}` slots (a missing parameter stays as its slot). */
export function formatApiErrorTemplate(template: string, params: ApiErrorParams = {}): string {
  return template
    .replace(plural, (whole, name: string, one: string, other: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return (Number(value) === 1 ? one : other).replaceAll('#', String(value));
    })
    .replace(slot, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** The English text of an error: its template with `params` filled in. */
export function apiErrorText(code: ApiErrorCode, params?: ApiErrorParams): string {
  return formatApiErrorTemplate(apiErrors[code], params);
}

/** The registry's texts that have no parameters, by text: the codes of messages written as plain English. */
const codeByText: ReadonlyMap<string, ApiErrorCode> = new Map(
  apiErrorCodes.filter((code) => !apiErrors[code].includes('{')).map((code) => [apiErrors[code] as string, code]),
);

/** The code of a parameterless registry text (e.g. a zod schema's message), undefined for any other text. */
export function apiErrorCodeOf(text: string): ApiErrorCode | undefined {
  return codeByText.get(text);
}

/**
 * A zod issue (of the shared schemas in this package) as a coded error: their messages are registry
 * texts, so the code is found by the text; any other message (zod's own) is INVALID_VALUE with
 * zod's English kept as `error`.
 */
export function apiErrorOfIssue(issue: { message?: string }): ApiFieldError {
  const message = issue.message ?? apiErrors.INVALID_VALUE;
  const code = apiErrorCodeOf(message);
  return code ? { code, error: message } : { code: 'INVALID_VALUE', error: message };
}
