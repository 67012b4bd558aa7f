// Audio uploads from the browser (docs/product-spec.md §7, §8, §9; decisions: one 100 MB limit, 25 MB chunks).
// Files up to 25 MB go up in one multipart POST (field `audio`); larger ones in 25 MB chunks under a
// generated upload id, then a finalize call. XMLHttpRequest, not fetch: only XHR reports upload progress.
// A failed chunk is retried with jittered backoff (backoff.ts), and before each retry the server is asked
// which chunks it already holds (GET /api/transcripts/uploads/{id}), so an interrupted upload resumes
// instead of restarting.
import { apiErrorText, apiErrors, type ApiErrorCode, type ApiErrorParams, type ApiFieldError } from './errors.ts';
import { paths } from './client.ts';
import { ApiError, REQUESTED_WITH, apiErrorFromBody } from './http.ts';
import { uploadLimits } from './library.ts';
import type { SpeakersOption } from './library.schemas.ts';
import { retryWithBackoff, type RandomSource } from './backoff.ts';

export const uploadMessages = {
  invalidType: apiErrors.INVALID_FILE_TYPE,
  invalidTypeTitle: 'Invalid file type',
  invalidExtensionTitle: 'Invalid file extension',
  fileTooLargeTitle: 'File too large',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: apiErrors.UPLOAD_FAILED,
  chunkFailed: apiErrors.CHUNK_UPLOAD_FAILED,
  finalizeFailed: apiErrors.UPLOAD_FINALIZE_FAILED,
  invalidResponse: apiErrors.INVALID_RESPONSE,
} as const;

const MB = 1024 * 1024;

/** Megabytes for a size message (a `{…Mb}` parameter): whole when exact, else one decimal rounded up (never shows an over-limit file at the limit). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : (Math.ceil(mb * 10) / 10).toFixed(1);
}

/**
 * The size check's text (docs/product-spec.md §5, the drop and upload checks), with the one configured limit
 * (docs/decisions.md: 100 MB by default): 'Please upload a file smaller than 100MB.'
 */
export const fileTooLargeMessage = (maxBytes: number = uploadLimits.maxBytes) =>
  apiErrorText('FILE_TOO_LARGE', { maxMb: formatMegabytes(maxBytes) });

/** The dialog check's form of it (docs/product-spec.md §5), naming the file's size: 'File size is 120 MB. Maximum supported is 100 MB.' */
export const fileSizeExceededMessage = (size: number, maxBytes: number = uploadLimits.maxBytes) =>
  apiErrorText('FILE_SIZE_EXCEEDED', { sizeMb: formatMegabytes(size), maxMb: formatMegabytes(maxBytes) });

/** The storage quota's refusal, in megabytes: 'Your storage is full: 130.5 of 2048 MB used. Delete transcripts to free space.' */
export const storageFullMessage = (usedBytes: number, quotaBytes: number) =>
  apiErrorText('STORAGE_FULL', { usedMb: formatMegabytes(usedBytes), quotaMb: formatMegabytes(quotaBytes) });

/** The refusal of one more chunked upload while the user already has `max` unfinished ones. */
export const tooManyUnfinishedUploadsMessage = (max: number, abandonHours: number) =>
  apiErrorText('TOO_MANY_UNFINISHED_UPLOADS', { max, hours: abandonHours });

/** 'Upload failed with status {n}' (docs/product-spec.md §8). */
export const uploadStatusMessage = (status: number) => apiErrorText('UPLOAD_STATUS_FAILED', { status });

/** 'File extension .{ext} is not supported. ...' (docs/product-spec.md §5, the extension form of the type check). */
export const unsupportedExtensionMessage = (ext: string, extensions: readonly string[] = uploadLimits.extensions) =>
  apiErrorText('UNSUPPORTED_EXTENSION', { ext, extensions: extensions.join(', ') });

// ---------------------------------------------------------------------------------------------------
// Pure parts

/** The lower-case extension of a file name without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

/** A file the browser refuses; `error` is the message as a coded error (translate by `error.code`). */
export type UploadProblem =
  | { code: 'invalid-type'; title: string; message: string; error: ApiFieldError }
  | { code: 'invalid-extension'; ext: string; title: string; message: string; error: ApiFieldError }
  | { code: 'too-large'; title: string; message: string; error: ApiFieldError };

const coded = (code: ApiErrorCode, params?: ApiErrorParams): ApiFieldError =>
  params ? { code, error: apiErrorText(code, params), params } : { code, error: apiErrorText(code) };

export interface ValidateOptions {
  /** The server's limit (public config `uploads.maxBytes`); 100 MB when not known. */
  maxBytes?: number;
  /** Word a size problem as the dialog check does ('File size is ... Maximum supported is ...'). */
  sizeForm?: 'check' | 'dialog';
  /** Also accept the formats browser recordings arrive in (mp4, ogg). */
  allowRecordings?: boolean;
}

/**
 * The browser's check before anything is sent. A name without an extension gets the general type
 * message; a wrong extension is named in the message, so the user sees what was wrong.
 * Empty files count as an invalid type: there is no audio in them.
 */
export function validateAudioFile(
  file: { name: string; size: number },
  { maxBytes = uploadLimits.maxBytes, allowRecordings = false, sizeForm = 'check' }: ValidateOptions = {},
): UploadProblem | null {
  const allowed: readonly string[] = allowRecordings
    ? [...uploadLimits.extensions, ...uploadLimits.recordingExtensions]
    : uploadLimits.extensions;
  const ext = fileExtension(file.name);
  if (!ext || file.size === 0) {
    return {
      code: 'invalid-type',
      title: uploadMessages.invalidTypeTitle,
      message: uploadMessages.invalidType,
      error: coded('INVALID_FILE_TYPE'),
    };
  }
  if (!allowed.includes(ext)) {
    return {
      code: 'invalid-extension',
      ext,
      title: uploadMessages.invalidExtensionTitle,
      message: unsupportedExtensionMessage(ext),
      error: coded('UNSUPPORTED_EXTENSION', { ext, extensions: uploadLimits.extensions.join(', ') }),
    };
  }
  if (file.size > maxBytes) {
    const error =
      sizeForm === 'dialog'
        ? coded('FILE_SIZE_EXCEEDED', { sizeMb: formatMegabytes(file.size), maxMb: formatMegabytes(maxBytes) })
        : coded('FILE_TOO_LARGE', { maxMb: formatMegabytes(maxBytes) });
    return { code: 'too-large', title: uploadMessages.fileTooLargeTitle, message: error.error, error };
  }
  return null;
}

/** Whether a file of this size goes up in chunks (strictly larger than one chunk). */
export const needsChunking = (size: number, chunkBytes: number = uploadLimits.chunkBytes) => size > chunkBytes;

export interface ChunkSpan {
  index: number;
  start: number;
  /** Exclusive. */
  end: number;
}

/** The byte ranges of the chunks of a file: all full-size except possibly the last. */
export function planChunks(size: number, chunkBytes: number = uploadLimits.chunkBytes): ChunkSpan[] {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new RangeError('chunkBytes must be a positive integer');
  const total = Math.max(1, Math.ceil(size / chunkBytes));
  return Array.from({ length: total }, (_, index) => ({
    index,
    start: index * chunkBytes,
    end: Math.min(size, (index + 1) * chunkBytes),
  }));
}

/** Indices still to send, in order: every chunk the server has not confirmed (unknown indices ignored). */
export function remainingChunks(totalChunks: number, received: Iterable<number>): number[] {
  const have = new Set(received);
  return Array.from({ length: totalChunks }, (_, i) => i).filter((i) => !have.has(i));
}

// The backoff without jitter (1 s, 2 s, 4 s ... capped at 30 s); it lives with the other waits in backoff.ts.
export { retryDelay } from './backoff.ts';

/** A new upload id: 32 hex characters (a UUID without dashes), matching the server's pattern. */
export function generateUploadId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The `{ id }` of an upload or finalize answer, or null when the body is anything else. */
export function parseUploadResponse(text: string): { id: number } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && Number.isInteger((value as { id?: unknown }).id)) {
      return { id: (value as { id: number }).id };
    }
  } catch {
    // not JSON
  }
  return null;
}

/** The server's coded error in a failed reply, or null when the body is not an error answer. */
function serverError(reply: UploadReply): ApiError | null {
  return apiErrorFromBody(reply.status, reply.text) ?? null;
}

/** The server's `error` field of a failed answer, if there is one. */
export function serverErrorOf(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string') {
      return (value as { error: string }).error;
    }
  } catch {
    // not JSON
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Transport

export interface UploadRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: FormData | string;
  headers?: Record<string, string>;
  /** Fraction (0..1) of the request body sent so far. */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}
export interface UploadReply {
  status: number;
  text: string;
}
/** Sends one request; rejects with an AbortError when aborted and with a TypeError on a network failure. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadReply>;

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');
export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The browser transport: XMLHttpRequest with cookies and the X-Requested-With header. */
export const xhrTransport: UploadTransport = (request) =>
  new Promise<UploadReply>((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries({ ...REQUESTED_WITH, ...request.headers })) xhr.setRequestHeader(name, value);
    if (request.onUploadProgress) {
      const report = request.onUploadProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network error'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(request.body ?? null);
  });

/**
 * Tells the server to discard an unfinished chunked upload (DELETE /api/transcripts/uploads/{id}), after
 * the user cancelled it. Best effort: true when the server discarded it; whatever it kept otherwise is
 * removed by its sweep of abandoned uploads.
 */
export async function discardUpload(
  uploadId: string,
  { baseUrl = '', transport = xhrTransport }: { baseUrl?: string; transport?: UploadTransport } = {},
): Promise<boolean> {
  try {
    const reply = await transport({ method: 'DELETE', url: baseUrl + paths.uploadStatus(uploadId) });
    return reply.status === 200;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// uploadAudio

export type UploadFile = Blob & { name: string };

export interface UploadOptions {
  /** Overall fraction sent, 0..1 (never goes backwards). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  chunkBytes?: number;
  maxBytes?: number;
  baseUrl?: string;
  /** Resume the chunked upload with this id (the server is asked which chunks it holds). */
  uploadId?: string;
  /** The id of a chunked upload as soon as it is chosen, so a caller can resume it later. */
  onUploadId?: (uploadId: string) => void;
  /** Tries per chunk (first try included). Default 3. */
  attempts?: number;
  /** First retry delay; doubles per retry (capped at 30 s), each wait spread between half and all of it. Default 1000 ms. */
  retryBaseMs?: number;
  /** The randomness of that spread; Math.random unless a test fixes it. */
  random?: RandomSource;
  /** Also accept recording formats (mp4, ogg). */
  allowRecordings?: boolean;
  /** The spoken language ('en', 'de', ...); the server refuses one its engine cannot transcribe. */
  language?: string;
  /** Names and terms to expect (custom vocabulary); kept with the transcript for its transcription. */
  vocabulary?: readonly string[];
  /** How many speakers to tell apart after the transcription; left out: 'auto' (estimated). */
  speakers?: SpeakersOption;
  transport?: UploadTransport;
}

/** Answers the failure is worth retrying for: the server or a proxy had trouble, or it was too busy. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

/** A chunk failure worth another try: no answer at all (status 0), or a transient one. */
const isRetryableChunkFailure = (error: unknown) => error instanceof ApiError && (error.status === 0 || isTransient(error.status));

/**
 * Uploads an audio file and resolves with the new transcript's `{ id }`. Rejects with an ApiError
 * whose message is the server's `error` or the spec's fallback ('Upload failed with status {n}',
 * 'Chunk upload failed', 'Upload finalization failed', 'Invalid response format', 'Failed to upload
 * file'), or with an AbortError when `signal` aborts.
 */
export async function uploadAudio(file: UploadFile, options: UploadOptions = {}): Promise<{ id: number }> {
  const {
    onProgress,
    signal,
    chunkBytes = uploadLimits.chunkBytes,
    maxBytes = uploadLimits.maxBytes,
    baseUrl = '',
    transport = xhrTransport,
    allowRecordings = true,
  } = options;

  const problem = validateAudioFile(file, { maxBytes, allowRecordings });
  if (problem) throw new ApiError(400, problem.message, {}, { code: problem.error.code, params: problem.error.params });

  let reported = 0;
  const progress = (fraction: number) => {
    const next = Math.min(1, Math.max(reported, fraction));
    if (next === reported) return;
    reported = next;
    onProgress?.(next);
  };
  onProgress?.(0);

  if (!needsChunking(file.size, chunkBytes)) {
    const form = new FormData();
    // The field before the file: the server reads it with the file part.
    if (options.language) form.append('language', options.language);
    if (options.vocabulary?.length) form.append('vocabulary', options.vocabulary.join('\n'));
    if (options.speakers !== undefined) form.append('speakers', String(options.speakers));
    form.append('audio', file, file.name);
    let reply: UploadReply;
    try {
      reply = await transport({ method: 'POST', url: baseUrl + paths.upload, body: form, signal, onUploadProgress: progress });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw ApiError.of(0, 'UPLOAD_FAILED');
    }
    if (reply.status < 200 || reply.status >= 300) {
      throw serverError(reply) ?? ApiError.of(reply.status, 'UPLOAD_STATUS_FAILED', { status: reply.status });
    }
    const result = parseUploadResponse(reply.text);
    if (!result) throw ApiError.of(reply.status, 'INVALID_RESPONSE');
    progress(1);
    return result;
  }

  return uploadInChunks(file, { ...options, chunkBytes, baseUrl, transport, progress });
}

async function uploadInChunks(
  file: UploadFile,
  options: UploadOptions & {
    chunkBytes: number;
    baseUrl: string;
    transport: UploadTransport;
    progress: (fraction: number) => void;
  },
): Promise<{ id: number }> {
  const { signal, chunkBytes, baseUrl, transport, progress, attempts = 3, retryBaseMs = 1000, random } = options;
  const chunks = planChunks(file.size, chunkBytes);
  const total = chunks.length;
  const originalName = file.name;

  /**
   * What the server holds of the upload: its chunks, and the transcript if it was already finalized
   * (a finalize whose answer got lost). Null when it does not know the upload or cannot say.
   */
  const askServer = async (id: string): Promise<{ totalChunks: number | null; received: number[]; transcriptId: number | null } | null> => {
    try {
      const reply = await transport({ method: 'GET', url: baseUrl + paths.uploadStatus(id), signal });
      if (reply.status !== 200) return null;
      const body = JSON.parse(reply.text) as { totalChunks?: unknown; receivedChunks?: unknown; transcriptId?: unknown };
      if (!Array.isArray(body.receivedChunks)) return null;
      return {
        totalChunks: typeof body.totalChunks === 'number' ? body.totalChunks : null,
        received: body.receivedChunks.filter((n): n is number => Number.isInteger(n)),
        transcriptId: Number.isInteger(body.transcriptId) ? (body.transcriptId as number) : null,
      };
    } catch (error) {
      if (isAbortError(error)) throw error;
      return null;
    }
  };

  let uploadId = options.uploadId;
  const received = new Set<number>();
  if (uploadId) {
    const status = await askServer(uploadId);
    // Another plan (a different chunk size) cannot be continued: start a new upload instead.
    if (status && status.totalChunks !== null && status.totalChunks !== total) uploadId = undefined;
    else if (status?.transcriptId != null) {
      // Finalized already (its answer never arrived): the transcript exists.
      progress(1);
      return { id: status.transcriptId };
    } else status?.received.forEach((i) => i >= 0 && i < total && received.add(i));
  }
  uploadId ??= generateUploadId();
  options.onUploadId?.(uploadId);

  const sentBytes = () => chunks.reduce((sum, c) => sum + (received.has(c.index) ? c.end - c.start : 0), 0);
  progress(sentBytes() / file.size);

  for (const chunk of chunks) {
    if (received.has(chunk.index)) continue;
    await retryWithBackoff(
      async (attempt) => {
        if (attempt > 1) {
          // The chunk may have arrived although the answer did not: ask before sending it again.
          const status = await askServer(uploadId);
          status?.received.forEach((i) => i >= 0 && i < total && received.add(i));
          if (received.has(chunk.index)) return;
        }
        const form = new FormData();
        // Text fields first: the server reads them before the file part streams to storage.
        form.append('uploadId', uploadId);
        form.append('chunkIndex', String(chunk.index));
        form.append('totalChunks', String(total));
        form.append('originalName', originalName);
        form.append('chunk', file.slice(chunk.start, chunk.end), originalName);
        const before = sentBytes();
        const size = chunk.end - chunk.start;
        let reply: UploadReply | null = null;
        try {
          reply = await transport({
            method: 'POST',
            url: baseUrl + paths.uploadChunk,
            body: form,
            signal,
            onUploadProgress: (fraction) => progress((before + fraction * size) / file.size),
          });
        } catch (error) {
          if (isAbortError(error)) throw error;
          // A network failure: reply stays null and the chunk is retried.
        }
        if (reply && reply.status >= 200 && reply.status < 300) {
          received.add(chunk.index);
          return;
        }
        // A refused chunk (bad index, someone else's upload id...) would be refused again: not retried.
        throw reply ? (serverError(reply) ?? ApiError.of(reply.status, 'CHUNK_UPLOAD_FAILED')) : ApiError.of(0, 'CHUNK_UPLOAD_FAILED');
      },
      {
        baseMs: retryBaseMs,
        capMs: 30_000,
        jitter: 'equal',
        maxRetries: attempts - 1,
        shouldRetry: isRetryableChunkFailure,
        signal,
        random,
      },
    );
    progress(sentBytes() / file.size);
  }

  // Chunks confirmed earlier by the server (resume) plus this call's: all of them must be there now.
  let reply: UploadReply | null = null;
  try {
    reply = await transport({
      method: 'POST',
      url: baseUrl + paths.finalizeUpload,
      body: JSON.stringify({
        uploadId,
        originalName,
        totalChunks: total,
        ...(options.language ? { language: options.language } : {}),
        ...(options.vocabulary?.length ? { vocabulary: options.vocabulary } : {}),
        ...(options.speakers !== undefined ? { speakers: options.speakers } : {}),
      }),
      headers: { 'Content-Type': 'application/json' },
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
  }
  if (reply && reply.status >= 200 && reply.status < 300) {
    const result = parseUploadResponse(reply.text);
    if (!result) throw ApiError.of(reply.status, 'INVALID_RESPONSE');
    progress(1);
    return result;
  }
  // No answer, or the server had trouble: the finalize may still have gone through.
  if (!reply || isTransient(reply.status)) {
    const status = await askServer(uploadId);
    if (status?.transcriptId != null) {
      progress(1);
      return { id: status.transcriptId };
    }
  }
  throw (reply && serverError(reply)) ?? ApiError.of(reply?.status ?? 0, 'UPLOAD_FINALIZE_FAILED');
}
