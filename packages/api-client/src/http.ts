import type { ErrorResponse } from './schemas.ts';

/** Every mutating request carries this header; the server refuses mutating calls without it (403). */
export const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** A failed request described by its status line, for messages such as 'Failed to fetch prompt outputs: 500 Internal Server Error'. */
export class HttpStatusError extends ApiError {
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(status, `${status} ${statusText}`.trim());
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

/**
 * The shape of errorResponseSchema, checked by hand: the browser bundle then needs no zod at run time
 * (with "sideEffects": false, the schemas drop out of builds that only use types and texts).
 */
function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { error, fieldErrors } = value as Record<string, unknown>;
  if (typeof error !== 'string') return false;
  if (fieldErrors === undefined) return true;
  return (
    typeof fieldErrors === 'object' && fieldErrors !== null && Object.values(fieldErrors).every((message) => typeof message === 'string')
  );
}

async function readError(res: Response, fallback: string): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorResponse(parsed)) return new ApiError(res.status, parsed.error, parsed.fieldErrors);
  } catch {
    // not JSON: fall through to the fallback message
  }
  return new ApiError(res.status, fallback);
}

export function createHttp(options: ApiClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /**
   * The spec's default data read: 401 gives null, other failures raise '{status}: {body text}',
   * a success that is not JSON raises 'Response was not JSON'.
   */
  async function read<T>(path: string): Promise<T | null> {
    const res = await doFetch(base + path, { credentials: 'include', headers: { ...REQUESTED_WITH } });
    if (res.status === 401) return null;
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      throw new ApiError(res.status, `${res.status}: ${body}`);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) throw new ApiError(res.status, 'Response was not JSON');
    return (await res.json()) as T;
  }

  /** A call whose failure carries the server's `error`, else `fallback`. */
  async function send<T>(method: string, path: string, body: unknown, fallback: string): Promise<T> {
    const init: RequestInit = { method, credentials: 'include', headers: { ...REQUESTED_WITH } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await doFetch(base + path, init);
    } catch {
      throw new ApiError(0, fallback);
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
   * A request that outlives the page (fetch keepalive), for a pagehide handler: its answer is not read
   * and a failure is dropped, since nobody is left to tell.
   */
  function sendOnUnload(method: string, path: string): void {
    void doFetch(base + path, { method, keepalive: true, credentials: 'include', headers: { ...REQUESTED_WITH } }).catch(() => undefined);
  }

  return { read, readOr, send, download, sendOnUnload, baseUrl: base, fetch: doFetch };
}
export type Http = ReturnType<typeof createHttp>;
