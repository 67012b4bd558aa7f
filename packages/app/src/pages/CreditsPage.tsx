import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Text } from '@scribe/ui';
import { useCreditBalance } from '../header/useCreditBalance.ts';
import { PageShell } from '../layouts/PageShell.tsx';

/** Placeholder until the credits issue: balance, packages and payment come then. */
export default function CreditsPage() {
  const { t } = useLingui();
  const balance = useCreditBalance();
  return (
    <PageShell title={t`Credits`}>
      <Card>
        <Text tone="muted">
          {balance === undefined ? (
            <Trans>Buying credits will be available soon.</Trans>
          ) : (
            <Trans>Your balance: {balance} credits. Buying credits will be available soon.</Trans>
          )}
        </Text>
      </Card>
    </PageShell>
  );
}
