import { paths, type CreditHistory, type CreditPackage } from '@scribe/api-client';
import useSWR, { mutate } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
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

/** The SWR key of one page of the credit history: the first page, or the page after `cursor`. */
function historyPageKey(index: number, previous: CreditHistory | null): readonly [string, string | null] | null {
  if (index === 0) return [paths.creditHistory, null];
  return previous?.nextCursor ? [paths.creditHistory, previous.nextCursor] : null;
}

/** GET /api/credits/history, page by page (newest first); `setSize(size + 1)` loads the next older page. */
export function useCreditHistory() {
  const { user } = useSession();
  return useSWRInfinite<CreditHistory | null>(
    (index, previous: CreditHistory | null) => (user ? historyPageKey(index, previous) : null),
    ([, cursor]: readonly [string, string | null]) => api.credits.history(cursor),
    { revalidateFirstPage: true },
  );
}

/** Fetches the balance again wherever it is shown (account menu, credits page), and the credit history. */
export function refreshCreditBalance(): Promise<unknown> {
  return Promise.all([mutate(creditBalanceKey), mutate(unstable_serialize(historyPageKey))]).then(([balance]) => balance);
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
