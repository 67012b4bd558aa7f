import { useState } from 'react';

/** What a payment form reports back to the purchase flow. */
export interface PaymentFormProps {
  clientSecret: string;
  /** e.g. '$9.99' */
  priceLabel: string;
  /** Where a payment method that redirects (3-D Secure, bank pages) comes back to. */
  returnPath: string;
  /** The payment went through; `balance` when the provider already knows it (test mode). */
  onSucceeded(balance?: number): void;
  /** The provider's message (already in the user's language where known). */
  onFailed(message: string): void;
  onCancel(): void;
}

/**
 * One payment attempt at a time, as both forms run it: paying while `pay` runs, then the failure it
 * answers (a message, or null when the payment went through) shown in the form and told to `onFailed`.
 */
export function usePaymentAttempt(onFailed: (message: string) => void) {
  const [isPaying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function attempt(pay: () => Promise<string | null>) {
    setPaying(true);
    setError(null);
    try {
      const failure = await pay();
      if (failure !== null) {
        setError(failure);
        onFailed(failure);
      }
    } finally {
      setPaying(false);
    }
  }
  return { isPaying, error, attempt };
}
