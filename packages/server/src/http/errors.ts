import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error meant for the client: its message goes out as `{ error }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

// Fastify's own client errors, in words a person can act on.
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its Content-Length',
};

/** URLs the router cannot take (Fastify's `frameworkErrors`): our `{ error }` shape, without echoing the URL back. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ error: 'A part of the URL is too long' });
  else if (err.code === 'FST_ERR_BAD_URL') void reply.code(400).send({ error: 'Malformed URL' });
  else void reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send({ error: 'Bad request' });
}

/**
 * Every error becomes `{ error }` (plus `fieldErrors` for validation): validation 400 with the
 * first field's message, client errors keep their status, anything else is a logged 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      let first: string | undefined;
      for (const issue of err.validation) {
        const field = issue.instancePath.split('/').filter(Boolean)[0];
        // The body itself has the wrong shape (an array, a string, null...).
        const message = field ? (issue.message ?? 'Invalid value') : 'Request body must be a JSON object';
        first ??= message;
        if (field && !(field in fieldErrors)) fieldErrors[field] = message;
      }
      return reply.code(400).send({ error: first ?? 'Invalid request', fieldErrors });
    }
    if (err instanceof HttpError) {
      const body = err.fieldErrors ? { error: err.message, fieldErrors: err.fieldErrors } : { error: err.message };
      return reply.code(err.statusCode).headers(err.headers).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fastifyClientErrors[err.code] ?? (err.message || 'Bad request');
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}
