import { validationMessages } from '@scribe/api-client';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

export const NUL_MESSAGE = validationMessages.nulCharacter;

/** Whether a parsed JSON value, a params or a query object holds a string with U+0000 anywhere. */
export function containsNul(value: unknown): boolean {
  // Iterative: a body may be nested thousands deep (JSON.parse takes it; recursion here need not).
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      // (Bytes, a Buffer or any typed array, are a raw body: its reader checks it.)
      // Values only: unknown keys are dropped by validation and known ones hold no NUL.
      for (const inner of Object.values(item)) stack.push(inner);
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text (PGlite neither): such a string would reach the database and
 * fail there. Every JSON body, path parameter and query string is checked before validation, so it is a
 * 400 for the client instead (a raw body, the Stripe webhook's or an edit's, is bytes or a string and is left alone).
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const body = typeof request.body === 'object' ? request.body : undefined;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(body)) {
      return reply.code(400).send(errorBody('NUL_CHARACTER'));
    }
  });
}
