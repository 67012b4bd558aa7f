import { useLingui } from '@lingui/react/macro';
import { toast } from '@scribe/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { refreshBalanceUntilChanged } from '../data/credits.ts';

/**
 * A Stripe payment method that redirects (3-D Secure, bank pages) comes back to the return address
 * ('/' or '/credits') with `redirect_status`: show the outcome, refresh the balance, tidy the address.
 */
export function useStripeReturn(balance: number | undefined) {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const status = params.get('redirect_status');
    if (!status || !params.get('payment_intent')) return;
    if (status === 'succeeded' || status === 'processing') {
      toast({ title: t`Payment successful`, description: t`Your credits have been added to your account`, variant: 'success' });
      void refreshBalanceUntilChanged(balance);
    } else {
      toast({ title: t`Payment failed`, description: t`An unexpected error occurred`, variant: 'destructive' });
    }
    for (const key of ['payment_intent', 'payment_intent_client_secret', 'redirect_status']) params.delete(key);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    // Once per return: the address is tidied right away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);
}
