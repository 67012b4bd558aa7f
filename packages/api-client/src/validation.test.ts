import { describe, expect, it } from 'vitest';
import { createPromptRequestSchema, customPromptRequestSchema } from './ai.schemas.ts';
import { aiMessages, promptLimits } from './ai.ts';
import { creditsMessages } from './credits.ts';
import { purchaseRequestSchema } from './credits.schemas.ts';
import { folderLimits, libraryMessages } from './library.ts';
import { createFolderRequestSchema } from './library.schemas.ts';
import { registerRequestSchema } from './schemas.ts';
import { hasInvisibleCharacters, limits, normalizeUsername, validationMessages, visibleText } from './validation.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('per-check validation messages', () => {
  it('says what is wrong with a folder name', () => {
    const folder = (name: unknown) => firstMessage(createFolderRequestSchema.safeParse({ name }));
    expect(folder('x'.repeat(folderLimits.nameMax + 1))).toBe(libraryMessages.folderNameTooLong);
    expect(folder('x'.repeat(folderLimits.nameMax))).toBeUndefined();
    for (const blank of ['', '   ', '\u200B', ' \u200B\u200C\u200D\u2060\uFEFF ', '\u00AD\u180E', undefined, 5]) {
      expect(folder(blank)).toBe(libraryMessages.folderNameRequired);
    }
    expect(folder('a\u200Bb')).toBeUndefined();
  });

  it('says what is wrong with a prompt', () => {
    const tooLong = 'p'.repeat(promptLimits.textMax + 1);
    expect(firstMessage(createPromptRequestSchema.safeParse({ name: 'N', prompt: tooLong }))).toBe(aiMessages.promptTooLong);
    expect(firstMessage(createPromptRequestSchema.safeParse({ name: 'n'.repeat(201), prompt: 'P' }))).toBe(aiMessages.promptNameTooLong);
    expect(firstMessage(createPromptRequestSchema.safeParse({ name: '\u200B', prompt: 'P' }))).toBe(aiMessages.promptNameAndTextRequired);
    expect(firstMessage(customPromptRequestSchema.safeParse({ prompt: tooLong }))).toBe(aiMessages.promptTooLong);
    expect(firstMessage(customPromptRequestSchema.safeParse({ prompt: '\u200B \u200D' }))).toBe(aiMessages.promptRequired);
  });

  it('says what is wrong with a number of credits', () => {
    const credits = (value: unknown) => firstMessage(purchaseRequestSchema.safeParse({ credits: value }));
    expect(credits(-100)).toBe(creditsMessages.creditsNotPositive);
    expect(credits(0)).toBe(creditsMessages.creditsNotPositive);
    expect(credits(1.5)).toBe(creditsMessages.creditsNotWhole);
    expect(credits('100')).toBe(creditsMessages.creditsNotNumber);
    expect(credits(2_000_000_000)).toBe(creditsMessages.creditsTooMany);
  });

  it('names the limits the schemas check', () => {
    expect(libraryMessages.folderNameTooLong).toContain(String(folderLimits.nameMax));
    expect(libraryMessages.folderTooDeep).toContain(String(folderLimits.depthMax));
    expect(aiMessages.promptNameTooLong).toContain(String(promptLimits.nameMax));
    expect(aiMessages.promptTooLong).toContain(promptLimits.textMax.toLocaleString('en'));
    expect(validationMessages.nameMax).toContain(String(limits.nameMax));
    expect(validationMessages.usernameMax).toContain(String(limits.usernameMax));
    expect(validationMessages.passwordMax).toContain(String(limits.passwordMax));
  });

  it('refuses usernames with @ and counts only visible characters', () => {
    const base = { name: 'Ada', email: 'ada@example.com', password: 'Secret#1', captchaToken: 'x' };
    expect(firstMessage(registerRequestSchema.safeParse({ ...base, username: 'ada@example.org' }))).toBe(validationMessages.usernameNoAt);
    expect(firstMessage(registerRequestSchema.safeParse({ ...base, username: 'a\u200B\u200Bb' }))).toBe(validationMessages.usernameMin);
    expect(registerRequestSchema.safeParse({ ...base, username: 'ada' }).success).toBe(true);
    expect(visibleText(' \u200Bada\uFEFF ')).toBe('ada');
  });

  it('refuses invisible and format characters in usernames and reads compatibility forms as the plain name', () => {
    const base = { name: 'Ada', email: 'ada@example.com', password: 'Secret#1', captchaToken: 'x' };
    for (const username of ['ali\u200Bce', 'ali\u00ADce', '\u202Ealice', 'alice\u{E0041}', 'al\u034Fice', 'alice\uFE0F', 'ali\tce']) {
      expect(hasInvisibleCharacters(username), JSON.stringify(username)).toBe(true);
      expect(firstMessage(registerRequestSchema.safeParse({ ...base, username })), JSON.stringify(username)).toBe(
        validationMessages.usernameInvisible,
      );
    }
    for (const username of ['alice', 'Jürgen', 'Zoë Müller', '李小龍', 'ａｌｉｃｅ'])
      expect(hasInvisibleCharacters(username), username).toBe(false);
    const parsed = registerRequestSchema.parse({ ...base, username: ' ａｌｉｃｅ\uFB01 ' });
    expect(parsed.username).toBe('alicefi');
    expect(normalizeUsername('ＡＤＡ')).toBe('ADA');
    // A fullwidth @ is an @ once normalised.
    expect(firstMessage(registerRequestSchema.safeParse({ ...base, username: 'ada＠example.org' }))).toBe(validationMessages.usernameNoAt);
  });
});
