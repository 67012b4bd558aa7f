import { Trans } from '@lingui/react/macro';

/** Spec §2: both legal texts were last updated on this date. */
export function LastUpdated() {
  return <Trans>Last updated February 23, 2025</Trans>;
}
