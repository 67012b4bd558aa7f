import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, formatUsd, type CreditPackage, type PurchaseResponse } from '@scribe/api-client';
import { Alert, Card, Heading, Skeleton, Stack, Text, toast } from '@scribe/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePublicConfig } from '../config/useConfig.ts';
import { refreshBalanceUntilChanged, refreshCreditBalance, useCreditBalance, useCreditPackages } from '../data/credits.ts';
import { api as apiClient } from '../api.ts';
import { translateError } from '../i18n/errors.ts';
import * as styles from './credits.css.ts';
import { PackageCard } from './PackageCard.tsx';
import type { PaymentFormProps } from './payment.ts';
import { TestCardForm } from './TestCardForm.tsx';

// Loaded only when Stripe is configured: the test-mode form never fetches Stripe's script.
const StripePaymentForm = lazy(() => import('./StripePaymentForm.tsx'));

export interface BuyCreditsProps {
  /** Where a redirecting payment method returns: '/' from the header dialog, '/credits' on the page. */
  returnPath: string;
  /** Shows the balance above the packages (the credits page). */
  showBalance?: boolean;
  /** The payment went through (the dialog closes). */
  onPaid?(): void;
}

/**
 * Spec §4 purchase: the package list, then the payment form once the purchase call returns a client
 * secret, then success (the form closes and the balance refreshes) or failure.
 */
export function BuyCredits({ returnPath, showBalance = false, onPaid }: BuyCreditsProps) {
  const { t, i18n } = useLingui();
  const balance = useCreditBalance();
  const { data: packages, error: packagesError, isLoading } = useCreditPackages();
  const { data: config } = usePublicConfig();
  const [buying, setBuying] = useState<number | null>(null);
  const [purchase, setPurchase] = useState<PurchaseResponse | null>(null);

  useEffect(() => {
    if (packagesError) toast({ title: t`Failed to fetch credit packages`, variant: 'destructive' });
  }, [packagesError, t]);

  async function buy(pkg: CreditPackage) {
    setBuying(pkg.credits);
    try {
      setPurchase(await apiClient.credits.purchase({ credits: pkg.credits }));
    } catch (err) {
      const description = err instanceof ApiError ? translateError(i18n, err) : t`Failed to purchase credits`;
      toast({ title: t`Purchase failed`, description, variant: 'destructive' });
    } finally {
      setBuying(null);
    }
  }

  function succeeded(newBalance?: number) {
    toast({ title: t`Payment successful`, description: t`Your credits have been added to your account`, variant: 'success' });
    setPurchase(null);
    if (newBalance === undefined) void refreshBalanceUntilChanged(balance);
    else void refreshCreditBalance();
    onPaid?.();
  }

  function failed(message: string) {
    toast({ title: t`Payment failed`, description: message || t`An unexpected error occurred`, variant: 'destructive' });
  }

  /** What either payment form gets for this purchase. */
  const paymentForm = (p: PurchaseResponse): PaymentFormProps => ({
    clientSecret: p.clientSecret,
    priceLabel: formatUsd(p.price, i18n.locale),
    returnPath,
    onSucceeded: succeeded,
    onFailed: failed,
    onCancel: () => setPurchase(null),
  });

  const balanceText = balance === undefined ? '—' : i18n.number(balance);
  const payments = config?.payments ?? { provider: 'test' as const };

  return (
    <div className={styles.flow}>
      {showBalance ? (
        <Card>
          <div className={styles.balance} aria-live="polite">
            <Text as="span" tone="muted">
              <Trans>Your balance</Trans>
            </Text>
            <span className={styles.balanceValue} data-testid="credit-balance">
              {balanceText}
            </span>
            <Text as="span" tone="muted">
              <Trans>credits</Trans>
            </Text>
          </div>
        </Card>
      ) : null}

      {purchase ? (
        <Card as="section" aria-labelledby="payment-heading">
          <Stack gap="md">
            <Heading level={2} id="payment-heading">
              <Trans>
                {i18n.number(purchase.credits)} credits for {formatUsd(purchase.price, i18n.locale)}
              </Trans>
            </Heading>
            {purchase.provider === 'stripe' && payments.provider === 'stripe' ? (
              <Suspense fallback={<Skeleton height={160} />}>
                <StripePaymentForm publishableKey={payments.publishableKey} {...paymentForm(purchase)} />
              </Suspense>
            ) : (
              <TestCardForm {...paymentForm(purchase)} />
            )}
          </Stack>
        </Card>
      ) : (
        <section aria-labelledby="packages-heading">
          <Stack gap="md">
            <Heading level={2} id="packages-heading">
              <Trans>Credit packages</Trans>
            </Heading>
            {packagesError ? (
              <Alert tone="danger" title={t`Failed to fetch credit packages`} />
            ) : isLoading || !packages ? (
              <div className={styles.grid}>
                <Skeleton height={180} />
                <Skeleton height={180} />
                <Skeleton height={180} />
              </div>
            ) : (
              <div className={styles.grid}>
                {packages.map((pkg) => (
                  <PackageCard
                    key={pkg.credits}
                    pkg={pkg}
                    onBuy={(p) => void buy(p)}
                    isPending={buying === pkg.credits}
                    isDisabled={buying !== null && buying !== pkg.credits}
                  />
                ))}
              </div>
            )}
          </Stack>
        </section>
      )}
    </div>
  );
}
