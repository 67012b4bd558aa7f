import {
  apiErrorCodeOf,
  apiErrorText,
  isApiErrorCode,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorParams,
  type ApiFieldError,
} from './errors.ts';

/** Every mutating request carries this header; the server refuses mutating calls without it (403). */
export const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** How an ApiError came about beyond its message: the cause's code and parameters, and per-field problems. */
export interface ApiErrorDetails {
  code?: ApiErrorCode;
  params?: ApiErrorParams;
  fields?: Record<string, ApiFieldError>;
}

/**
 * A failed call. `code` (with `params`) names the cause, from the server's answer or, when there is
 * none, from the client's own failure (LOGIN_FAILED, UPLOAD_FAILED...): translate by it. `message` is
 * the English text; `fieldErrors` the English text per field and `fields` the coded form of them.
 */
export class ApiError extends Error {
  readonly status: number;
  /** Undefined for an answer outside the contract (an older or newer server): show its English `message`. */
  readonly code?: ApiErrorCode;
  readonly params?: ApiErrorParams;
  readonly fieldErrors: Record<string, string>;
  readonly fields: Record<string, ApiFieldError>;
  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    // A text of the registry names its own code; anything else is unknown to the contract.
    this.code = details.code ?? apiErrorCodeOf(message);
    if (details.params) this.params = details.params;
    this.fields = details.fields ?? Object.fromEntries(Object.entries(fieldErrors).map(([field, text]) => [field, apiErrorOfText(text)]));
    this.fieldErrors = details.fields
      ? Object.fromEntries(Object.entries(details.fields).map(([field, f]) => [field, f.error]))
      : fieldErrors;
  }

  /** The client's own failure `code`, its English text made from the registry. */
  static of(status: number, code: ApiErrorCode, params?: ApiErrorParams): ApiError {
    return new ApiError(status, apiErrorText(code, params), {}, { code, params });
  }
}

function apiErrorOfText(text: string): ApiFieldError {
  return { code: apiErrorCodeOf(text) ?? 'INVALID_VALUE', error: text };
}

/** A failed request described by its status line, for messages such as 'Failed to fetch prompt outputs: 500 Internal Server Error'. */
export class HttpStatusError extends ApiError {
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(status, `${status} ${statusText}`.trim(), {}, { code: 'HTTP_STATUS', params: { status, statusText } });
    this.name = 'HttpStatusError';
    this.statusText = statusText;
  }
}

/** The file name a Content-Disposition header gives (filename* first), else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export interface ApiClientOptions {
  /** Prefix for every path, '' for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isParams(value: unknown): value is ApiErrorParams {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');
}

function isFieldError(value: unknown): value is ApiFieldError {
  return (
    isObject(value) &&
    typeof value.error === 'string' &&
    isApiErrorCode(value.code) &&
    (value.params === undefined || isParams(value.params))
  );
}

/**
 * The shape of errorResponseSchema (ApiErrorBody), checked by hand: the browser bundle then needs no zod
 * at run time (with "sideEffects": false, the schemas drop out of builds that only use types and texts).
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!isObject(value)) return false;
  const { error, code, params, fieldErrors } = value;
  if (typeof error !== 'string' || !isApiErrorCode(code)) return false;
  if (params !== undefined && !isParams(params)) return false;
  if (fieldErrors === undefined) return true;
  return isObject(fieldErrors) && Object.values(fieldErrors).every(isFieldError);
}

/**
 * The ApiError of an error answer's body text, or undefined when it has no `error` text. An answer
 * without a known `code` (an older or foreign server, a proxy) keeps its text; its code is then the
 * registry's for that text, else none (the app then shows the English as it came).
 */
export function apiErrorFromBody(status: number, text: string): ApiError | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || typeof parsed.error !== 'string') return undefined;
  if (isApiErrorBody(parsed))
    return new ApiError(status, parsed.error, {}, { code: parsed.code, params: parsed.params, fields: parsed.fieldErrors });
  const { fieldErrors } = parsed;
  const texts =
    isObject(fieldErrors) && Object.values(fieldErrors).every((v) => typeof v === 'string') ? (fieldErrors as Record<string, string>) : {};
  return new ApiError(status, parsed.error, texts);
}

async function readError(res: Response, fallback: ApiErrorCode): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return apiErrorFromBody(res.status, text) ?? ApiError.of(res.status, fallback);
}

export function createHttp(options: ApiClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /**
   * The spec's default data read: 401 gives null, other failures raise '{status}: {body text}',
   * a success that is not JSON raises 'Response was not JSON'. `signal` cancels it (an AbortError rejects).
   */
  async function read<T>(path: string, signal?: AbortSignal): Promise<T | null> {
    const init: RequestInit = { credentials: 'include', headers: { ...REQUESTED_WITH } };
    if (signal) init.signal = signal;
    const res = await doFetch(base + path, init);
    if (res.status === 401) return null;
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      throw ApiError.of(res.status, 'REQUEST_FAILED', { status: res.status, body });
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) throw ApiError.of(res.status, 'RESPONSE_NOT_JSON');
    return (await res.json()) as T;
  }

  /** A call whose failure carries the server's `{ error, code }`, else the client's `fallback` code. */
  async function send<T>(method: string, path: string, body: unknown, fallback: ApiErrorCode): Promise<T> {
    const init: RequestInit = { method, credentials: 'include', headers: { ...REQUESTED_WITH } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await doFetch(base + path, init);
    } catch {
      throw ApiError.of(0, fallback);
    }
    if (!res.ok) throw await readError(res, fallback);
    if (res.status === 204) return undefined as T;
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) return undefined as T;
    return (await res.json()) as T;
  }

  /**
   * A read whose failure keeps the HTTP status line (status and statusText) for the caller's own
   * message; `onNotFound` answers a 404 instead of failing.
   */
  async function readOr<T>(path: string, onNotFound: T): Promise<T> {
    const res = await doFetch(base + path, { credentials: 'include', headers: { ...REQUESTED_WITH } });
    if (res.status === 404) return onNotFound;
    if (!res.ok) throw new HttpStatusError(res.status, res.statusText);
    return (await res.json()) as T;
  }

  /** A file download: the body as a Blob and the file name of its Content-Disposition (filename* first). */
  async function download(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
    const res = await doFetch(base + path, { credentials: 'include', headers: { ...REQUESTED_WITH } });
    if (!res.ok) throw new HttpStatusError(res.status, res.statusText);
    return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('content-disposition'), fallbackName) };
  }

  /**
   * A file made from a request body (POST), e.g. the zip of several transcripts: the body as a Blob and
   * the file name of its Content-Disposition; a failure carries the server's `{ error, code }`.
   */
  async function downloadPost(
    path: string,
    body: unknown,
    fallbackName: string,
    fallback: ApiErrorCode,
  ): Promise<{ blob: Blob; fileName: string }> {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method: 'POST',
        credentials: 'include',
        headers: { ...REQUESTED_WITH, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw ApiError.of(0, fallback);
    }
    if (!res.ok) throw await readError(res, fallback);
    return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('content-disposition'), fallbackName) };
  }

  /**
   * A request that outlives the page (fetch keepalive), for a pagehide handler: its answer is not read
   * and a failure is dropped, since nobody is left to tell.
   */
  function sendOnUnload(method: string, path: string): void {
    void doFetch(base + path, { method, keepalive: true, credentials: 'include', headers: { ...REQUESTED_WITH } }).catch(() => undefined);
  }

  return { read, readOr, send, download, downloadPost, sendOnUnload, baseUrl: base, fetch: doFetch };
}
export type Http = ReturnType<typeof createHttp>;
