// The spec's validation texts (§5), word for word. The server answers with them and the app
// translates them through Lingui, keyed by these English strings.
import { apiErrors } from './errors.ts';
export const validationMessages = {
  nameMin: apiErrors.NAME_MIN,
  usernameMin: apiErrors.USERNAME_MIN,
  // Sign-in takes a username or an e-mail: a username with '@' could be someone's e-mail address.
  usernameNoAt: apiErrors.USERNAME_NO_AT,
  // Invisible characters would let 'ali\u200Bce' pass for 'alice'.
  usernameInvisible: apiErrors.USERNAME_INVISIBLE_CHARACTERS,
  nameMax: apiErrors.NAME_MAX,
  usernameMax: apiErrors.USERNAME_MAX,
  passwordMax: apiErrors.PASSWORD_MAX,
  emailInvalid: apiErrors.EMAIL_INVALID,
  passwordMin: apiErrors.PASSWORD_MIN,
  passwordsMismatch: apiErrors.PASSWORDS_MISMATCH,
  termsRequired: apiErrors.TERMS_REQUIRED,
  captchaRequired: apiErrors.CAPTCHA_REQUIRED,
  loginUsernameRequired: apiErrors.LOGIN_USERNAME_REQUIRED,
  loginPasswordRequired: apiErrors.LOGIN_PASSWORD_REQUIRED,
  languageInvalid: apiErrors.LANGUAGE_INVALID,
  // Any text field: PostgreSQL cannot store U+0000, so the server refuses it (e.g. pasted control characters).
  nulCharacter: apiErrors.NUL_CHARACTER,
} as const;

export type ValidationMessage = (typeof validationMessages)[keyof typeof validationMessages];

export const limits = {
  nameMin: 2,
  usernameMin: 3,
  passwordMin: 6,
  passwordStrengthToSubmit: 60,
  // Upper bounds the spec leaves open; they keep rows and hashes bounded.
  nameMax: 100,
  usernameMax: 50,
  emailMax: 254,
  passwordMax: 256,
} as const;

// Characters that show nothing: zero-width spaces and joiners, direction marks, word joiners,
// the byte-order mark, soft hyphen, Mongolian vowel separator, combining grapheme joiner.
const invisibleCharacters = /\u034F|[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;

/** A text as a reader sees it: without invisible characters and surrounding whitespace. */
export function visibleText(text: string): string {
  return text.replace(invisibleCharacters, '').trim();
}

// What a username may not hold: format characters (Unicode category Cf: zero-width spaces and joiners,
// soft hyphen, direction marks and overrides, word joiner, byte-order mark, tags), control characters
// (Cc), and the invisible ones of other categories: the combining grapheme joiner, Hangul fillers and
// variation selectors.
const usernameForbidden = /[\p{Cf}\p{Cc}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0]|\u034F/u;

/** True when a username holds a character that shows nothing or changes how others show (see above). */
export function hasInvisibleCharacters(username: string): boolean {
  return usernameForbidden.test(username);
}

/**
 * A username as it is stored and compared: NFKC-normalised, so compatibility forms (fullwidth 'ａｌｉｃｅ',
 * ligatures, circled or superscript letters) are the plain name. Sign-in compares the same way.
 */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFKC');
}

// A simple {email} pattern, as the spec asks: something@something.tld with no spaces.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Medium' | 'Strong' | 'Very Strong';

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
}

/** 20 points for each of: length >= 8, uppercase, lowercase, digit, special character (docs/decisions.md). */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= 8) score += 20;
  if (/[A-Z]/.test(password)) score += 20;
  if (/[a-z]/.test(password)) score += 20;
  if (/[0-9]/.test(password)) score += 20;
  if (/[^A-Za-z0-9]/.test(password)) score += 20;
  return { score, label: strengthLabel(score) };
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 20) return 'Very Weak';
  if (score <= 40) return 'Weak';
  if (score <= 60) return 'Medium';
  if (score <= 80) return 'Strong';
  return 'Very Strong';
}
