// The api-client and the server speak English (spec texts word for word). Each known English text is
// mapped here to a Lingui descriptor so that German users read German. Unknown texts pass through.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { validationMessages as v, type StrengthLabel } from '@scribe/api-client';

export const validationDescriptors: Record<keyof typeof v, MessageDescriptor> = {
  nameMin: msg`Name must be at least 2 characters long`,
  usernameMin: msg`Username must be at least 3 characters long`,
  emailInvalid: msg`Please enter a valid email address`,
  passwordMin: msg`Password must be at least 6 characters long`,
  passwordsMismatch: msg`Passwords do not match`,
  termsRequired: msg`Please accept the terms of service and the privacy policy`,
  captchaRequired: msg`Please complete the reCAPTCHA verification`,
  loginUsernameRequired: msg`Please enter your username or email`,
  loginPasswordRequired: msg`Please enter your password`,
  languageInvalid: msg`Language must be en or de`,
};

// Fallbacks of the api-client (spec §8) and the server's own auth answers that can reach the screen.
const fallbackDescriptors: Record<string, MessageDescriptor> = {
  'Login failed': msg`Login failed`,
  'Registration failed': msg`Registration failed`,
  'Logout failed': msg`Logout failed`,
  'Failed to save preferences': msg`Failed to save preferences`,
  'Username is already taken': msg`Username is already taken`,
  'Email is already registered': msg`Email is already registered`,
  'Invalid username or password': msg`Invalid username or password`,
  'Too many login attempts. Please try again later.': msg`Too many login attempts. Please try again later.`,
  'Internal server error': msg`Internal server error`,
};

const byEnglishText = new Map<string, MessageDescriptor>([
  ...Object.entries(v).map(([key, text]) => [text, validationDescriptors[key as keyof typeof v]] as const),
  ...Object.entries(fallbackDescriptors),
]);

/** The descriptor for an English message of the API, if the app knows it. */
export function describeApiMessage(text: string): MessageDescriptor | undefined {
  return byEnglishText.get(text);
}

/** An English message of the API in the active language (unknown texts are shown as they are). */
export function translateApiMessage(i18n: I18n, text: string): string {
  const descriptor = byEnglishText.get(text);
  return descriptor ? i18n._(descriptor) : text;
}

export const strengthDescriptors: Record<StrengthLabel, MessageDescriptor> = {
  'Very Weak': msg`Very Weak`,
  Weak: msg`Weak`,
  Medium: msg`Medium`,
  Strong: msg`Strong`,
  'Very Strong': msg`Very Strong`,
};
