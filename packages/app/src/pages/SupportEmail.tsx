import { Trans } from '@lingui/react/macro';
import { Link, Skeleton } from '@scribe/ui';
import { usePublicConfig } from '../config/useConfig.ts';

/** The configurable support address from GET /api/config, as a mailto link. */
export function SupportEmail() {
  const { data, isLoading } = usePublicConfig();
  if (isLoading) return <Skeleton width="12em" height="1em" />;
  const email = data?.supportEmail;
  if (!email) return <Trans>our support team</Trans>;
  return <Link href={`mailto:${email}`}>{email}</Link>;
}
