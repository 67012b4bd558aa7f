import {
  apiErrorOfIssue,
  apiErrorText,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorParams,
  type ApiFieldError,
  errorResponseSchema,
} from '@scribe/api-client';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The response schemas of a route's refusals: every listed status answers the API's error body. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<Status, typeof errorResponseSchema>;
}

export interface HttpErrorOptions {
  params?: ApiErrorParams;
  headers?: Record<string, string>;
  /** The form field the error belongs to: the answer's `fieldErrors` names it with the same error. */
  field?: string;
  cause?: unknown;
  /** The answer as it is (a refusal made elsewhere, e.g. in a worker thread, with its own field errors). */
  body?: ApiErrorBody;
}

/** The body of an error answer: the code, its English text (api-client's registry) and its parameters. */
export function errorBody(code: ApiErrorCode, params?: ApiErrorParams): ApiErrorBody {
  return params ? { error: apiErrorText(code, params), code, params } : { error: apiErrorText(code), code };
}

/** An error meant for the client: it goes out as `{ error, code, params? }` with this status. */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  readonly params?: ApiErrorParams;
  readonly headers: Record<string, string>;
  readonly fieldErrors?: Record<string, ApiFieldError>;
  private readonly answer?: ApiErrorBody;
  constructor(
    readonly statusCode: number,
    code: ApiErrorCode,
    { params, headers = {}, field, cause, body }: HttpErrorOptions = {},
  ) {
    super(body?.error ?? apiErrorText(code, params), cause === undefined ? undefined : { cause });
    this.answer = body;
    this.name = 'HttpError';
    this.code = code;
    if (params) this.params = params;
    this.headers = headers;
    if (field) this.fieldErrors = { [field]: params ? { code, error: this.message, params } : { code, error: this.message } };
  }

  get body(): ApiErrorBody {
    if (this.answer) return this.answer;
    const body = errorBody(this.code, this.params);
    return this.fieldErrors ? { ...body, fieldErrors: this.fieldErrors } : body;
  }
}

// Fastify's own client errors, in words a person can act on.
const fastifyClientErrors: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'CONTENT_LENGTH_MISMATCH',
};

/** URLs the router cannot take (Fastify's `frameworkErrors`): our error shape, without echoing the URL back. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send(errorBody('URL_PART_TOO_LONG'));
  else if (err.code === 'FST_ERR_BAD_URL') void reply.code(400).send(errorBody('MALFORMED_URL'));
  else void reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send(errorBody('BAD_REQUEST'));
}

/**
 * The answer to a body that fails its schema: the first field's error, and each field's first error
 * (`instancePath` as Fastify gives it, '/segments/3/start'; an empty one is the body itself).
 */
export function validationAnswer(issues: ReadonlyArray<{ instancePath: string; message?: string }>): ApiErrorBody {
  const fieldErrors: Record<string, ApiFieldError> = {};
  let first: ApiFieldError | undefined;
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean)[0];
    // The body itself has the wrong shape (an array, a string, null...).
    const coded: ApiFieldError = field ? apiErrorOfIssue(issue) : { code: 'BODY_NOT_OBJECT', error: apiErrorText('BODY_NOT_OBJECT') };
    first ??= coded;
    if (field && !(field in fieldErrors)) fieldErrors[field] = coded;
  }
  const head = first ?? { code: 'VALIDATION_FAILED' as const, error: apiErrorText('VALIDATION_FAILED') };
  return { ...head, fieldErrors };
}

/**
 * Every error becomes `{ error, code, params? }` (plus `fieldErrors` for validation): validation 400
 * with the first field's error, client errors keep their status, anything else is a logged 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send(validationAnswer(err.validation));
    if (err instanceof HttpError) return reply.code(err.statusCode).headers(err.headers).send(err.body);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyClientErrors[err.code];
      // Another client error of Fastify or a plugin: its own English words under the generic code.
      return reply.code(status).send(code ? errorBody(code) : { error: err.message || apiErrorText('BAD_REQUEST'), code: 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR'));
  });
}
