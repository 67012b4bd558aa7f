// Answers of the server's abuse limits (per-user request rate, live connections per user).
import { apiErrors, type ApiErrorCode } from './errors.ts';

export const limitMessages = {
  tooManyRequests: apiErrors.TOO_MANY_REQUESTS,
  tooManyLiveConnections: apiErrors.TOO_MANY_LIVE_CONNECTIONS,
} as const;

/** Close code of a live socket refused because its user has too many open (4000-4999: application codes). */
export const CLOSE_TOO_MANY_SOCKETS = 4429;

/** The error of a live socket closed by the server, by close code; the close reason is that code's English text. */
export const liveCloseErrors: Readonly<Record<number, ApiErrorCode>> = { [CLOSE_TOO_MANY_SOCKETS]: 'TOO_MANY_LIVE_CONNECTIONS' };
