// Share links: a read-only public page of one transcript (docs/product-spec.md; issue "Find and share").
import { apiErrors } from './errors.ts';

export const shareMessages = {
  shareNotFound: apiErrors.SHARE_NOT_FOUND,
  expiryInvalid: apiErrors.SHARE_EXPIRY_INVALID,
} as const;

/** A token: 32 random bytes, base64url without padding. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const shareLimits = {
  /** The longest expiry a link may be given, in days (a link without expiry lives until revoked). */
  maxDays: 3650,
} as const;

/** The app's public page of a share link (the token is in the path, never in a query or log line). */
export const sharePagePath = (token: string) => `/s/${encodeURIComponent(token)}`;
