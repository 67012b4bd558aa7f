// Streamed recordings: the browser sends a recording in short pieces while it is captured; each piece is
// acknowledged once stored, and finishing turns the pieces into a transcript through the upload pipeline.
// Plain types and calls, no zod: the browser bundle needs none at run time.
import type { ApiErrorCode, ApiErrorParams } from './errors.ts';
import { ApiError, apiErrorFromBody, REQUESTED_WITH, type Http } from './http.ts';
import type { UploadResponse } from './library.schemas.ts';

/** An unfinished recording on the server. */
export interface Recording {
  id: string;
  mimeType: string;
  /** Pieces stored so far (= the next seq the server accepts). */
  pieces: number;
  bytes: number;
  /** Recorded length up to the end of the last stored piece. */
  durationMs: number;
  createdAt: string;
  updatedAt: string;
}

/** Why live draft text is not offered for a recording. */
export type LiveUnavailableReason = 'busy' | 'no_credits' | 'unsupported' | 'disabled';

export interface LiveAvailability {
  available: boolean;
  reason?: LiveUnavailableReason;
}

export interface CreateRecordingRequest {
  mimeType: string;
  language?: string | null;
  /** Ask for live draft text while recording. */
  live?: boolean;
}

export interface CreateRecordingResponse {
  recording: Recording;
  /** The largest piece the server accepts. */
  pieceMaxBytes: number;
  live: LiveAvailability;
}

/** The acknowledgement of a stored piece. */
export interface PieceAck {
  seq: number;
  nextSeq: number;
  bytes: number;
}

export interface FinishRecordingRequest {
  title?: string;
  folderId?: number | null;
  language?: string | null;
  /** Names and terms to expect (custom vocabulary), as with an upload. */
  vocabulary?: string[];
}

/** One window of draft text; final ones never change again, the others are provisional. */
export interface DraftSegment {
  start: number;
  end: number;
  text: string;
  final: boolean;
}

/**
 * Live channel `recording_draft`: the newest final segments (up to 20) and the provisional ones. A client
 * keeps the finals it has, adds those with a later start, and replaces the provisional ones.
 */
export interface RecordingDraftEvent {
  recordingId: string;
  revision: number;
  segments: DraftSegment[];
}

/** Live channel `recording_live`: live text became (un)available during a recording. */
export interface RecordingLiveEvent extends LiveAvailability {
  recordingId: string;
}

/** The server's codes the uploader acts on (compared as text: the registry entries live with the server's feature). */
export const recordingErrorCodes = {
  notFound: 'RECORDING_NOT_FOUND',
  outOfOrder: 'RECORDING_PIECE_OUT_OF_ORDER',
  conflict: 'RECORDING_PIECE_CONFLICT',
  closed: 'RECORDING_CLOSED',
  empty: 'RECORDING_EMPTY',
  pieceEmpty: 'RECORDING_PIECE_EMPTY',
  pieceTooLarge: 'RECORDING_PIECE_TOO_LARGE',
} as const;

export const recordingPaths = {
  recordings: '/api/recordings',
  recording: (id: string) => `/api/recordings/${encodeURIComponent(id)}`,
  piece: (id: string, seq: number, durationMs?: number) =>
    `/api/recordings/${encodeURIComponent(id)}/pieces/${seq}` +
    (durationMs !== undefined ? `?durationMs=${Math.max(0, Math.round(durationMs))}` : ''),
  finish: (id: string) => `/api/recordings/${encodeURIComponent(id)}/finish`,
} as const;

/** The code of a failed call as text ('' when it has none), for codes the registry may not list yet. */
export const errorCodeOf = (error: unknown): string => (error instanceof ApiError && error.code ? String(error.code) : '');

/** A failure worth retrying: no answer at all (status 0), a server or proxy problem, or too busy. */
export const isTransientFailure = (error: unknown): boolean =>
  error instanceof ApiError ? error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429 : true;

/** `expected` of a 409 RECORDING_PIECE_OUT_OF_ORDER: where the server wants the client to resume. */
export function expectedSeqOf(error: unknown): number | null {
  if (errorCodeOf(error) !== recordingErrorCodes.outOfOrder) return null;
  const expected = (error as ApiError).params?.expected;
  const n = typeof expected === 'string' ? Number(expected) : expected;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * The error of a refused piece. Its code is kept even when this build's registry does not list it yet
 * (the uploader acts on the code, and translateError shows the server's English for an unknown one).
 */
function pieceError(status: number, text: string): ApiError {
  const known = apiErrorFromBody(status, text);
  if (known?.code) return known;
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown; params?: unknown };
    if (typeof body.error === 'string' && typeof body.code === 'string') {
      const params = typeof body.params === 'object' && body.params !== null ? (body.params as ApiErrorParams) : undefined;
      return new ApiError(status, body.error, {}, { code: body.code as ApiErrorCode, params });
    }
  } catch {
    // not JSON
  }
  return known ?? ApiError.of(status, 'CHUNK_UPLOAD_FAILED');
}

export interface PutPieceOptions {
  /** Recorded length up to the end of this piece. */
  durationMs?: number;
  signal?: AbortSignal;
}

/** The recording calls on an Http (createHttp): `api.recordings` of createApiClient. */
export function recordingsApi(http: Http) {
  return {
    create: (body: CreateRecordingRequest) => http.send<CreateRecordingResponse>('POST', recordingPaths.recordings, body, 'UPLOAD_FAILED'),
    /** The user's unfinished recordings, newest first (null when signed out). */
    list: async () => (await http.read<{ recordings: Recording[] }>(recordingPaths.recordings))?.recordings ?? null,
    get: async (id: string) => (await http.read<{ recording: Recording }>(recordingPaths.recording(id)))?.recording ?? null,
    /**
     * Sends one piece; resolves with the server's ack. A network failure rejects with status 0
     * (CHUNK_UPLOAD_FAILED), an abort with the AbortError, a refusal with the server's coded ApiError.
     */
    putPiece: async (id: string, seq: number, bytes: BufferSource | Blob, options: PutPieceOptions = {}): Promise<PieceAck> => {
      const init: RequestInit = {
        method: 'PUT',
        credentials: 'include',
        headers: { ...REQUESTED_WITH, 'Content-Type': 'application/octet-stream' },
        body: bytes,
      };
      if (options.signal) init.signal = options.signal;
      let res: Response;
      try {
        res = await http.fetch(http.baseUrl + recordingPaths.piece(id, seq, options.durationMs), init);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw ApiError.of(0, 'CHUNK_UPLOAD_FAILED');
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) throw pieceError(res.status, text);
      try {
        const ack = JSON.parse(text) as PieceAck;
        if (Number.isInteger(ack.seq) && Number.isInteger(ack.nextSeq)) return ack;
      } catch {
        // not JSON
      }
      throw ApiError.of(res.status, 'INVALID_RESPONSE');
    },
    /** The recording becomes a transcript (the same answer and errors as an upload). */
    finish: async (id: string, body: FinishRecordingRequest = {}): Promise<UploadResponse> =>
      (await http.send<{ transcript: UploadResponse }>('POST', recordingPaths.finish(id), body, 'UPLOAD_FINALIZE_FAILED')).transcript,
    discard: (id: string) => http.send<void>('DELETE', recordingPaths.recording(id), undefined, 'UNEXPECTED_ERROR'),
  };
}
export type RecordingsApi = ReturnType<typeof recordingsApi>;
