import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '@scribe/api-client';
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
      name: 'Name must be at least 2 characters long',
      username: 'Username must be at least 3 characters long',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
      acceptTerms: m.termsRequired,
      acceptPrivacy: m.termsRequired,
    });
  });

  it('checks the minimum lengths at their boundaries', () => {
    expect(validateRegistrationField('name', { ...valid, name: 'A' })).toBe(m.nameMin);
    expect(validateRegistrationField('name', { ...valid, name: 'Al' })).toBeUndefined();
    expect(validateRegistrationField('username', { ...valid, username: 'ab' })).toBe(m.usernameMin);
    expect(validateRegistrationField('username', { ...valid, username: 'abc' })).toBeUndefined();
    expect(validateRegistrationField('password', { ...valid, password: 'abcde', confirmPassword: 'abcde' })).toBe(m.passwordMin);
    expect(validateRegistrationField('password', { ...valid, password: 'abcdef' })).toBeUndefined();
  });

  it('counts name and username without surrounding spaces, as the server does', () => {
    expect(validateRegistrationField('name', { ...valid, name: '  A  ' })).toBe(m.nameMin);
    expect(validateRegistrationField('username', { ...valid, username: ' ab ' })).toBe(m.usernameMin);
  });

  it('refuses a username with @ (it could be an e-mail address) and names of only zero-width characters', () => {
    expect(validateRegistrationField('username', { ...valid, username: 'ada@example.com' })).toBe(m.usernameNoAt);
    expect(validateRegistrationField('username', { ...valid, username: 'a@b' })).toBe(m.usernameNoAt);
    expect(validateRegistrationField('username', { ...valid, username: 'a\u200Bb\u200C' })).toBe(m.usernameMin);
    expect(validateRegistrationField('name', { ...valid, name: '\u200B\u200B\uFEFF' })).toBe(m.nameMin);
  });

  it('says which maximum a too long field exceeds', () => {
    expect(validateRegistrationField('name', { ...valid, name: 'n'.repeat(101) })).toBe(m.nameMax);
    expect(validateRegistrationField('username', { ...valid, username: 'u'.repeat(51) })).toBe(m.usernameMax);
    expect(validateRegistrationField('password', { ...valid, password: 'p'.repeat(257) })).toBe(m.passwordMax);
    expect(validateRegistrationField('username', { ...valid, username: 'u'.repeat(50) })).toBeUndefined();
  });

  it('does not trim the password', () => {
    expect(validateRegistrationField('password', { ...valid, password: '      ' })).toBeUndefined();
  });

  it('wants a simple something@something.tld e-mail address', () => {
    for (const email of ['ada', 'ada@', 'ada@example', '@example.com', 'a da@example.com']) {
      expect(validateRegistrationField('email', { ...valid, email }), email).toBe(m.emailInvalid);
    }
    expect(validateRegistrationField('email', { ...valid, email: ' ada@example.co.uk ' })).toBeUndefined();
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'Engine#1844' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('needs both the terms and the privacy box', () => {
    expect(validateRegistration({ ...valid, acceptPrivacy: false })).toEqual({
      acceptTerms: m.termsRequired,
      acceptPrivacy: m.termsRequired,
    });
    expect(validateRegistration({ ...valid, acceptTerms: false }).acceptTerms).toBe(m.termsRequired);
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
    expect(registrationFieldErrors({ username: 'Username already taken', email: 'x', captchaToken: 'y', fullName: 'z' })).toEqual({
      username: 'Username already taken',
      email: 'x',
      name: 'z',
    });
  });
});

describe('validateLogin', () => {
  it('requires the username or e-mail and the password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'Please enter your username or email',
      password: 'Please enter your password',
    });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({ username: m.loginUsernameRequired });
    expect(validateLogin({ username: 'ada@example.com', password: ' ' })).toEqual({});
  });
});
