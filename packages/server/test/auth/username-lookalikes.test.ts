// Usernames that only look like another: invisible and other format characters (Unicode Cf) are
// refused, and compatibility forms (fullwidth letters, ligatures) are the plain name, at registration
// and at sign-in (stored NFKC-normalised, compared NFKC and case-insensitively).
import { validationMessages as m, type ApiErrorBody } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, postJson, register, startServer, type TestServer } from '../helpers.ts';

/** The fullwidth form of an ASCII text ('alice1' -> 'ａｌｉｃｅ１'), which NFKC turns back into it. */
const fullwidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

let counter = 0;
/** A fresh ASCII name: lowercase letters and digits. */
const freshName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

describe('usernames that look like another', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const registerAs = async (username: string) => postJson(server, '/api/auth/register', await newAccount(server, { username }));
  const usersNamed = async (pattern: string) =>
    (await server.app.database.db.execute(sql`select username from users where username like ${pattern}`)) as unknown as {
      rows: Array<{ username: string }>;
    };

  it('refuses a zero-width or other format character in a username, with its own message, and stores nothing', async () => {
    const plain = freshName('alice');
    for (const [what, username] of [
      ['zero-width space', `ali\u200Bce${plain}`],
      ['zero-width joiner', `ali\u200Dce${plain}`],
      ['soft hyphen', `ali\u00ADce${plain}`],
      ['right-to-left override', `\u202Ealice${plain}`],
      ['first-strong isolate', `alice\u2068${plain}`],
      ['byte-order mark inside', `alice\uFEFF${plain}`],
      ['tag character', `alice${plain}\u{E0061}`],
      ['word joiner', `al\u2060ice${plain}`],
    ]) {
      const res = await registerAs(username!);
      expect(res.status, what).toBe(400);
      const body = (await res.json()) as ApiErrorBody;
      expect(body, what).toMatchObject({
        code: 'USERNAME_INVISIBLE_CHARACTERS',
        error: m.usernameInvisible,
        fieldErrors: { username: { code: 'USERNAME_INVISIBLE_CHARACTERS', error: m.usernameInvisible } },
      });
    }
    expect(m.usernameInvisible).toBe('Username must not contain invisible or formatting characters');
    expect((await usersNamed(`%${plain}%`)).rows).toEqual([]);
    // The plain name is free: the refusals were about the characters, not the name.
    expect((await registerAs(`alice${plain}`)).status).toBe(201);
  });

  it('treats a fullwidth, ligature or other compatibility form of a taken name as that name', async () => {
    const { account } = await register(server, { username: freshName('fiona') });
    const taken = account.username;
    for (const [what, username] of [
      ['fullwidth', fullwidth(taken)],
      ['fullwidth capitals', fullwidth(taken.toUpperCase())],
      ['ligature fi', `\uFB01${taken.slice(2)}`],
      ['mathematical bold f', `\u{1D41F}${taken.slice(1)}`],
      ['circled digit at the end', taken.replace(/\d$/, (d) => (d === '0' ? '\u24EA' : String.fromCharCode(0x2460 + Number(d) - 1)))],
    ]) {
      const res = await registerAs(username!);
      expect(res.status, `${what}: ${username}`).toBe(409);
      expect(((await res.json()) as ApiErrorBody).code, what).toBe('USERNAME_TAKEN');
    }
    expect((await usersNamed(`%${taken.slice(5)}`)).rows).toEqual([{ username: taken }]);
  });

  it('stores a compatibility form as the plain name, and signs in whichever form is typed', async () => {
    const plain = freshName('bob');
    const res = await registerAs(fullwidth(plain));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { username: string }).username).toBe(plain);
    expect((await usersNamed(`%${plain.slice(3)}`)).rows).toEqual([{ username: plain }]);
    for (const typed of [plain, fullwidth(plain), fullwidth(plain.toUpperCase()), ` ${plain.toUpperCase()} `]) {
      const signedIn = await login(server, typed, 'Secret#123');
      expect(signedIn.status, typed).toBe(200);
      expect(((await signedIn.json()) as { username: string }).username, typed).toBe(plain);
    }
    // A zero-width character makes another name, which no account has.
    expect((await login(server, `b\u200Bob${plain.slice(3)}`, 'Secret#123')).status).toBe(401);
  });

  it('an older account stored with a fullwidth name still signs in, and its plain form cannot be registered', async () => {
    const legacy = await register(server);
    const plain = freshName('carol');
    // Written as typed before names were normalised.
    await server.app.database.db.execute(sql`update users set username = ${fullwidth(plain)} where id = ${legacy.user.id}`);
    const res = await registerAs(plain);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).code).toBe('USERNAME_TAKEN');
    for (const typed of [plain, fullwidth(plain)]) {
      const signedIn = await login(server, typed, legacy.account.password);
      expect(signedIn.status, typed).toBe(200);
      expect(((await signedIn.json()) as { id: number }).id, typed).toBe(legacy.user.id);
    }
  });
});
