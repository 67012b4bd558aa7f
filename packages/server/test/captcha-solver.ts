import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Fetches a challenge and solves it as the browser widget does; returns the token to submit.
 * Shared by the tests and bench/server.bench.ts.
 */
export async function solveCaptcha(server: { url: string }, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}/api/captcha/challenge`, { headers });
  if (!res.ok) throw new Error(`challenge: ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
