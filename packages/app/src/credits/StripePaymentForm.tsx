import { useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { usePaymentAttempt, type PaymentFormProps } from './payment.ts';
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
  const { isPaying, error, attempt } = usePaymentAttempt(onFailed);

  async function pay() {
    if (!stripe || !elements) return;
    await attempt(async () => {
      try {
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
          redirect: 'if_required',
        });
        if (result.error) return result.error.message ?? t`An unexpected error occurred`;
        if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') {
          onSucceeded();
          return null;
        }
        return t`An unexpected error occurred`;
      } catch {
        return t`An unexpected error occurred`;
      }
    });
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
