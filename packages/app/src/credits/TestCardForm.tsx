import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, formatCardExpiry } from '@scribe/api-client';
import { Alert, Badge, Text, TextField } from '@scribe/ui';
import { useState } from 'react';
import { api } from '../api.ts';
import { translateError } from '../i18n/errors.ts';
import * as styles from './credits.css.ts';
import { usePaymentAttempt, type PaymentFormProps } from './payment.ts';
import { PaymentFormFrame } from './PaymentFormFrame.tsx';

/**
 * The built-in test-mode provider's card form (no Stripe keys configured). Visibly test mode; it
 * posts to this server and loads nothing from Stripe.
 */
export function TestCardForm({ clientSecret, priceLabel, onSucceeded, onFailed, onCancel }: PaymentFormProps) {
  const { t, i18n } = useLingui();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { isPaying, error, attempt } = usePaymentAttempt(onFailed);

  const pay = () =>
    attempt(async () => {
      try {
        const result = await api.credits.confirmTestPayment(clientSecret, { cardNumber, expiry, cvc });
        onSucceeded(result.balance);
        return null;
      } catch (err) {
        // The provider's own words for card problems (400/402); anything else is unexpected.
        return err instanceof ApiError && err.status >= 400 && err.status < 500
          ? translateError(i18n, err)
          : t`An unexpected error occurred`;
      }
    });

  return (
    <PaymentFormFrame
      intro={
        <>
          <div className={styles.paymentHead}>
            <Text weight="semibold">
              <Trans>Card details</Trans>
            </Text>
            <Badge tone="warning">
              <Trans>Test mode</Trans>
            </Badge>
          </div>
          <Alert tone="info" title={t`Test mode: no real payment is made`}>
            <ul className={styles.testCards}>
              <li>
                <Trans>
                  <span className={styles.mono}>4242 4242 4242 4242</span> succeeds
                </Trans>
              </li>
              <li>
                <Trans>
                  <span className={styles.mono}>4000 0000 0000 0002</span> is declined
                </Trans>
              </li>
              <li>
                <Trans>Any future expiry date and any 3-digit CVC</Trans>
              </li>
            </ul>
          </Alert>
        </>
      }
      error={error}
      isPaying={isPaying}
      priceLabel={priceLabel}
      onPay={pay}
      onCancel={onCancel}
    >
      <TextField
        label={t`Card number`}
        name="cardnumber"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        isRequired
        value={cardNumber}
        onChange={setCardNumber}
      />
      <div className={styles.cardRow}>
        <TextField
          label={t`Expiry date (MM/YY)`}
          name="exp-date"
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          inputMode="numeric"
          isRequired
          value={expiry}
          // Typed with or without the slash: shown as MM/YY as the digits arrive.
          onChange={(value) => setExpiry(formatCardExpiry(value))}
        />
        <TextField label={t`CVC`} name="cvc" autoComplete="cc-csc" placeholder="123" isRequired value={cvc} onChange={setCvc} />
      </div>
    </PaymentFormFrame>
  );
}
