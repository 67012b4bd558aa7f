import { createApiClient } from '@scribe/api-client';

/** The one API client of the app: same origin, cookies, X-Requested-With on every call. */
export const api = createApiClient();
