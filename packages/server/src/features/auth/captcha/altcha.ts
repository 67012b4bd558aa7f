import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/fastify';
import { z } from 'zod';
import type { CaptchaVerifier } from './types.ts';

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_TTL_MS = 10 * 60_000;

/** The solved payload the widget submits, base64 JSON of { challenge, solution }. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ algorithm: z.literal(ALTCHA_ALGORITHM), nonce: z.string().min(1) }).loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

export interface AltchaOptions {
  hmacKey: string;
  cost: number;
  maxNumber: number;
  /** Stores a redeemed challenge id until it expires; false if it was already redeemed. */
  markUsed(id: string, expiresAt: Date): Promise<boolean>;
}

/** The configured key, or one generated on first start and kept in DATA_DIR. */
export function resolveAltchaKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'altcha-hmac.key');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

function decodePayload(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

export async function createAltcha(options: AltchaOptions) {
  // A second secret signs the expected key, so verifying is one HMAC instead of re-deriving.
  const keySecret = await deriveHmacKeySecret(options.hmacKey);
  const minCounter = Math.floor(options.maxNumber / 2);

  const verifier: CaptchaVerifier & { challenge(): Promise<Challenge> } = {
    provider: 'altcha',

    challenge() {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: options.cost,
        counter: randomInt(minCounter, options.maxNumber),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySecret,
      });
    },

    async verify(token) {
      const parsed = payloadSchema.safeParse(decodePayload(token));
      if (!parsed.success) return false;
      const { challenge, solution } = parsed.data;
      const expiresAt = challenge.parameters.expiresAt;
      // Challenges without an expiry are not ours: we always set one.
      if (typeof expiresAt !== 'number') return false;
      try {
        const result = await verifySolution({
          challenge: challenge as unknown as Challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: options.hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      return options.markUsed(challenge.parameters.nonce, new Date(expiresAt * 1000));
    },
  };
  return verifier;
}
export type Altcha = Awaited<ReturnType<typeof createAltcha>>;
