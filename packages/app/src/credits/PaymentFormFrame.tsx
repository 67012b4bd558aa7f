import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Form, Stack } from '@scribe/ui';
import type { ReactNode } from 'react';
import * as styles from './credits.css.ts';

/**
 * What both payment forms (Stripe's and the test-mode card form) show around their fields: the
 * failure message, then the fields, then Cancel and 'Pay {price}'.
 */
export function PaymentFormFrame({
  intro,
  error,
  isPaying,
  canPay = true,
  priceLabel,
  onPay,
  onCancel,
  children,
}: {
  /** Shown above the failure message. */
  intro?: ReactNode;
  error: string | null;
  isPaying: boolean;
  canPay?: boolean;
  priceLabel: string;
  onPay: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Form onSubmit={() => void onPay()} aria-label={t`Card payment`}>
      <Stack gap="md">
        {intro}
        {error ? (
          <Alert tone="danger" title={t`Payment failed`}>
            {error}
          </Alert>
        ) : null}
        {children}
        <div className={styles.actions}>
          <Button variant="ghost" onPress={onCancel} isDisabled={isPaying}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" isPending={isPaying} isDisabled={!canPay}>
            <Trans>Pay {priceLabel}</Trans>
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
