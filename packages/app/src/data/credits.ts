import { paths, type CreditPackage } from '@scribe/api-client';
import useSWR, { mutate } from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The SWR key of the balance: `mutate(creditBalanceKey)` refreshes it everywhere (after a purchase or a charge). */
export const creditBalanceKey = paths.creditBalance;

/** GET /api/credits/balance; a failure shows no balance rather than an error. */
async function fetchBalance(): Promise<number | null> {
  try {
    const answer = await api.credits.balance();
    return typeof answer?.balance === 'number' ? answer.balance : null;
  } catch {
    return null;
  }
}

/** The signed-in user's credit balance, or undefined while unknown or unavailable. */
export function useCreditBalance(): number | undefined {
  const { user } = useSession();
  const { data } = useSWR(user ? creditBalanceKey : null, fetchBalance);
  return data ?? undefined;
}

/** GET /api/credits/packages (credits and price in cents). */
export function useCreditPackages() {
  return useSWR<CreditPackage[] | null>(paths.creditPackages, () => api.credits.packages(), { revalidateOnFocus: false });
}

/** Fetches the balance again wherever it is shown (account menu, credits page). */
export function refreshCreditBalance(): Promise<unknown> {
  return mutate(creditBalanceKey);
}

/**
 * After a Stripe payment the webhook credits the purchase a moment later: ask again a few times
 * until the balance has changed (or give up quietly; the next visit shows it).
 */
export async function refreshBalanceUntilChanged(previous: number | undefined, tries = 10, delayMs = 1000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const next = (await refreshCreditBalance()) as number | null | undefined;
    if (previous === undefined || (typeof next === 'number' && next !== previous)) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
