import { paths, type PublicConfig } from '@scribe/api-client';
import useSWR from 'swr';
import { api } from '../api.ts';

/** GET /api/config: captcha provider and support e-mail, public and cached for the page's life. */
export function usePublicConfig() {
  return useSWR<PublicConfig | null>(paths.config, () => api.config());
}
