import useSWR from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';

export const creditBalanceKey = '/api/credits/balance';

/** GET /api/credits/balance; the credits issue adds it, so until then (404) there is no balance. */
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
