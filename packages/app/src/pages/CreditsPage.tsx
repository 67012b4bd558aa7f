import { useLingui } from '@lingui/react/macro';
import { BuyCredits } from '../credits/BuyCredits.tsx';
import { CreditHistory } from '../credits/CreditHistory.tsx';
import { PageShell } from '../layouts/PageShell.tsx';

/** Spec §2 /credits: balance, package cards in 3 columns, the payment form; then the credit history. */
export default function CreditsPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t`Credits`}>
      <BuyCredits returnPath="/credits" showBalance />
      <CreditHistory />
    </PageShell>
  );
}
