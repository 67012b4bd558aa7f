import { paths } from '@scribe/api-client';
import useSWR from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** The SWR key of the balance: `mutate(creditBalanceKey)` refreshes it everywhere (after a purchase or a charge). */
export const creditBalanceKey = paths.creditBalance;

/** GET /api/credits/balance; a failure shows no balance rather than an error. */
async function fetchBalance(): Promise<number | null> {
  try {
    const answer = await api.read<{ balance: number }>(creditBalanceKey);
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
