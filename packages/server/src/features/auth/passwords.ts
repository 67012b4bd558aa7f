import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash to verify against when the account does not exist, so an unknown user costs the same
 * time as a wrong password and answers cannot be told apart by timing.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-only-for-equal-timing');
  return dummy;
}
