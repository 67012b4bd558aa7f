import { Trans, useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { Alert, Button, Form, Stack } from '@scribe/ui';
import { useState } from 'react';
import * as styles from './credits.css.ts';
import type { PaymentFormProps } from './payment.ts';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded from js.stripe.com once per key, and only when this module is used. */
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function StripeForm({ priceLabel, returnPath, onSucceeded, onFailed, onCancel }: Omit<PaymentFormProps, 'clientSecret'>) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [isPaying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
        redirect: 'if_required',
      });
      if (result.error) {
        const message = result.error.message ?? t`An unexpected error occurred`;
        setError(message);
        onFailed(message);
      } else if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') {
        onSucceeded();
      } else {
        const message = t`An unexpected error occurred`;
        setError(message);
        onFailed(message);
      }
    } catch {
      const message = t`An unexpected error occurred`;
      setError(message);
      onFailed(message);
    } finally {
      setPaying(false);
    }
  }

  return (
    <Form onSubmit={() => void pay()} aria-label={t`Card payment`}>
      <Stack gap="md">
        {error ? (
          <Alert tone="danger" title={t`Payment failed`}>
            {error}
          </Alert>
        ) : null}
        <PaymentElement />
        <div className={styles.actions}>
          <Button variant="ghost" onPress={onCancel} isDisabled={isPaying}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" isPending={isPaying} isDisabled={!stripe || !elements}>
            <Trans>Pay {priceLabel}</Trans>
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

/** Stripe's Payment Element for a PaymentIntent's client secret (Stripe keys configured). */
export default function StripePaymentForm({ publishableKey, ...props }: PaymentFormProps & { publishableKey: string }) {
  const { i18n } = useLingui();
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: props.clientSecret, locale: i18n.locale as StripeElementLocale }}>
      <StripeForm {...props} />
    </Elements>
  );
}
