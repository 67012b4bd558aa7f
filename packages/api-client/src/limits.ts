// Answers of the server's abuse limits (per-user request rate, live connections per user).

export const limitMessages = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyLiveConnections: 'Too many live connections for this account. Close other tabs and try again.',
} as const;

/** Close code of a live socket refused because its user has too many open (4000-4999: application codes). */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
