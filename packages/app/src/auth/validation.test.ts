import { describe, expect, it } from 'vitest';
import {
  emptyRegistration,
  isRegistrationSubmittable,
  registrationFieldErrors,
  validateLogin,
  validateRegistration,
  validateRegistrationField,
  type RegistrationValues,
} from './validation.ts';

const valid: RegistrationValues = {
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'Engine#1843',
  confirmPassword: 'Engine#1843',
  acceptTerms: true,
  acceptPrivacy: true,
};

describe('validateRegistration', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('reports every rule of docs/product-spec.md §5 on an empty form', () => {
    expect(validateRegistration(emptyRegistration)).toEqual({
      name: 'NAME_MIN',
      username: 'USERNAME_MIN',
      email: 'EMAIL_INVALID',
      password: 'PASSWORD_MIN',
      acceptTerms: 'TERMS_REQUIRED',
      acceptPrivacy: 'TERMS_REQUIRED',
    });
  });

  it('checks the minimum lengths at their boundaries', () => {
    expect(validateRegistrationField('name', { ...valid, name: 'A' })).toBe('NAME_MIN');
    expect(validateRegistrationField('name', { ...valid, name: 'Al' })).toBeUndefined();
    expect(validateRegistrationField('username', { ...valid, username: 'ab' })).toBe('USERNAME_MIN');
    expect(validateRegistrationField('username', { ...valid, username: 'abc' })).toBeUndefined();
    expect(validateRegistrationField('password', { ...valid, password: 'abcde', confirmPassword: 'abcde' })).toBe('PASSWORD_MIN');
    expect(validateRegistrationField('password', { ...valid, password: 'abcdef' })).toBeUndefined();
  });

  it('counts name and username without surrounding spaces, as the server does', () => {
    expect(validateRegistrationField('name', { ...valid, name: '  A  ' })).toBe('NAME_MIN');
    expect(validateRegistrationField('username', { ...valid, username: ' ab ' })).toBe('USERNAME_MIN');
  });

  it('refuses a username with @ (it could be an e-mail address) and names of only zero-width characters', () => {
    expect(validateRegistrationField('username', { ...valid, username: 'ada@example.com' })).toBe('USERNAME_NO_AT');
    expect(validateRegistrationField('username', { ...valid, username: 'a@b' })).toBe('USERNAME_NO_AT');
    expect(validateRegistrationField('username', { ...valid, username: 'a\u200Bb\u200C' })).toBe('USERNAME_MIN');
    expect(validateRegistrationField('name', { ...valid, name: '\u200B\u200B\uFEFF' })).toBe('NAME_MIN');
  });

  it('refuses a username with an invisible or format character, and a fullwidth @, as the server does', () => {
    expect(validateRegistrationField('username', { ...valid, username: 'ali\u200Bce' })).toBe('USERNAME_INVISIBLE_CHARACTERS');
    expect(validateRegistrationField('username', { ...valid, username: 'ali\u00ADce' })).toBe('USERNAME_INVISIBLE_CHARACTERS');
    expect(validateRegistrationField('username', { ...valid, username: 'ada＠home' })).toBe('USERNAME_NO_AT');
    expect(validateRegistrationField('username', { ...valid, username: 'ａｌｉｃｅ' })).toBeUndefined();
  });

  it('says which maximum a too long field exceeds', () => {
    expect(validateRegistrationField('name', { ...valid, name: 'n'.repeat(101) })).toBe('NAME_MAX');
    expect(validateRegistrationField('username', { ...valid, username: 'u'.repeat(51) })).toBe('USERNAME_MAX');
    expect(validateRegistrationField('password', { ...valid, password: 'p'.repeat(257) })).toBe('PASSWORD_MAX');
    expect(validateRegistrationField('username', { ...valid, username: 'u'.repeat(50) })).toBeUndefined();
  });

  it('does not trim the password', () => {
    expect(validateRegistrationField('password', { ...valid, password: '      ' })).toBeUndefined();
  });

  it('wants a simple something@something.tld e-mail address', () => {
    for (const email of ['ada', 'ada@', 'ada@example', '@example.com', 'a da@example.com']) {
      expect(validateRegistrationField('email', { ...valid, email }), email).toBe('EMAIL_INVALID');
    }
    expect(validateRegistrationField('email', { ...valid, email: ' ada@example.co.uk ' })).toBeUndefined();
  });

  it("says 'Passwords do not match' (PASSWORDS_MISMATCH) when the confirmation differs", () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'Engine#1844' })).toEqual({
      confirmPassword: 'PASSWORDS_MISMATCH',
    });
  });

  it('needs both the terms and the privacy box', () => {
    expect(validateRegistration({ ...valid, acceptPrivacy: false })).toEqual({
      acceptTerms: 'TERMS_REQUIRED',
      acceptPrivacy: 'TERMS_REQUIRED',
    });
    expect(validateRegistration({ ...valid, acceptTerms: false }).acceptTerms).toBe('TERMS_REQUIRED');
  });
});

describe('isRegistrationSubmittable', () => {
  it('needs a strength score of at least 60', () => {
    // 'abcdefgh': length + lowercase = 40
    expect(isRegistrationSubmittable({ password: 'abcdefgh', isSubmitting: false, hasCaptcha: true })).toBe(false);
    // 'abcdefg1': length + lowercase + digit = 60
    expect(isRegistrationSubmittable({ password: 'abcdefg1', isSubmitting: false, hasCaptcha: true })).toBe(true);
  });

  it('is disabled while submitting or without a solved captcha', () => {
    expect(isRegistrationSubmittable({ password: valid.password, isSubmitting: true, hasCaptcha: true })).toBe(false);
    expect(isRegistrationSubmittable({ password: valid.password, isSubmitting: false, hasCaptcha: false })).toBe(false);
  });
});

describe('registrationFieldErrors', () => {
  it("puts the server's field messages on the form's fields", () => {
    const taken = { code: 'USERNAME_TAKEN', error: 'Username is already taken' } as const;
    const email = { code: 'EMAIL_INVALID', error: 'x' } as const;
    const captcha = { code: 'CAPTCHA_REQUIRED', error: 'y' } as const;
    const name = { code: 'NAME_MIN', error: 'z' } as const;
    expect(registrationFieldErrors({ username: taken, email, captchaToken: captcha, fullName: name })).toEqual({
      username: taken,
      email,
      name,
    });
  });
});

describe('validateLogin', () => {
  it('requires the username or e-mail and the password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'LOGIN_USERNAME_REQUIRED',
      password: 'LOGIN_PASSWORD_REQUIRED',
    });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({ username: 'LOGIN_USERNAME_REQUIRED' });
    expect(validateLogin({ username: 'ada@example.com', password: ' ' })).toEqual({});
  });
});
