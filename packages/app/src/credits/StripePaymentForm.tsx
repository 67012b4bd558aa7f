import { useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { useState } from 'react';
import type { PaymentFormProps } from './payment.ts';
import { PaymentFormFrame } from './PaymentFormFrame.tsx';

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
    <PaymentFormFrame
      error={error}
      isPaying={isPaying}
      canPay={!!stripe && !!elements}
      priceLabel={priceLabel}
      onPay={pay}
      onCancel={onCancel}
    >
      <PaymentElement />
    </PaymentFormFrame>
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
