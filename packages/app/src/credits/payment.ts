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
