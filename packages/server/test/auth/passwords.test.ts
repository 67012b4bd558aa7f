import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/features/auth/passwords.ts';
import { newSessionToken, sessionId } from '../../src/features/auth/session.ts';

describe('password hashing', () => {
  it('uses argon2id with a random salt and verifies only the right password', async () => {
    const a = await hashPassword('Secret#123');
    const b = await hashPassword('Secret#123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Secret#123')).toBe(true);
    expect(await verifyPassword(a, 'secret#123')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret#123')).toBe(false);
  });
});

describe('session tokens', () => {
  it('are 32 random bytes; only their sha256 is stored', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionId(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionId(token)).not.toContain(token);
  });
});
