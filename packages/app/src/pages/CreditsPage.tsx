import { useLingui } from '@lingui/react/macro';
import { BuyCredits } from '../credits/BuyCredits.tsx';
import { PageShell } from '../layouts/PageShell.tsx';

/** Spec §2 /credits: balance, package cards in 3 columns, the payment form. */
export default function CreditsPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t`Credits`}>
      <BuyCredits returnPath="/credits" showBalance />
    </PageShell>
  );
}
