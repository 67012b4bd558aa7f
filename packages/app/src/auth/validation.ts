// Pure form rules of the sign-in and registration forms (docs/product-spec.md §5). A problem is the
// api-client's error code; the UI translates it through `translateError()` in i18n/errors.ts.
import {
  emailPattern,
  hasInvisibleCharacters,
  limits,
  normalizeUsername,
  passwordStrength,
  visibleText,
  type ApiErrorCode,
  type ApiFieldError,
} from '@scribe/api-client';

export interface RegistrationValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export type RegistrationField = keyof RegistrationValues;
export type RegistrationErrors = Partial<Record<RegistrationField, ApiErrorCode>>;

export const emptyRegistration: RegistrationValues = {
  name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

/** The problem of one field, or undefined when it is valid. Used on blur. */
export function validateRegistrationField(field: RegistrationField, values: RegistrationValues): ApiErrorCode | undefined {
  switch (field) {
    case 'name':
      // The server counts what shows (no surrounding spaces, no zero-width characters), so the browser does too.
      if (values.name.trim().length > limits.nameMax) return 'NAME_MAX';
      return visibleText(values.name).length < limits.nameMin ? 'NAME_MIN' : undefined;
    case 'username':
      if (normalizeUsername(values.username).length > limits.usernameMax) return 'USERNAME_MAX';
      if (visibleText(values.username).length < limits.usernameMin) return 'USERNAME_MIN';
      if (hasInvisibleCharacters(values.username.trim())) return 'USERNAME_INVISIBLE_CHARACTERS';
      // '＠' and other compatibility forms of @ count as @, as the server reads them (NFKC).
      return normalizeUsername(values.username).includes('@') ? 'USERNAME_NO_AT' : undefined;
    case 'email':
      return emailPattern.test(values.email.trim()) ? undefined : 'EMAIL_INVALID';
    case 'password':
      if (values.password.length > limits.passwordMax) return 'PASSWORD_MAX';
      return values.password.length < limits.passwordMin ? 'PASSWORD_MIN' : undefined;
    case 'confirmPassword':
      return values.confirmPassword === values.password ? undefined : 'PASSWORDS_MISMATCH';
    case 'acceptTerms':
    case 'acceptPrivacy':
      // Both boxes share one required-fields message.
      return values.acceptTerms && values.acceptPrivacy ? undefined : 'TERMS_REQUIRED';
  }
}

const registrationFields: RegistrationField[] = [
  'name',
  'username',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
  'acceptPrivacy',
];

/** Every field's problem; an empty object means the form may be sent. Used on submit. */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of registrationFields) {
    const error = validateRegistrationField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Spec §5: submit is disabled while submitting or while the strength score is below 60. */
export function isRegistrationSubmittable(options: { password: string; isSubmitting: boolean; hasCaptcha: boolean }): boolean {
  return !options.isSubmitting && options.hasCaptcha && passwordStrength(options.password).score >= limits.passwordStrengthToSubmit;
}

export interface LoginValues {
  username: string;
  password: string;
}
export type LoginField = keyof LoginValues;
export type LoginErrors = Partial<Record<LoginField, ApiErrorCode>>;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = 'LOGIN_USERNAME_REQUIRED';
  if (!values.password) errors.password = 'LOGIN_PASSWORD_REQUIRED';
  return errors;
}

/** The server's field names in `fieldErrors` mapped onto the form's fields. */
export function registrationFieldErrors(fieldErrors: Record<string, ApiFieldError>): Partial<Record<RegistrationField, ApiFieldError>> {
  const result: Partial<Record<RegistrationField, ApiFieldError>> = {};
  for (const [key, problem] of Object.entries(fieldErrors)) {
    if (key === 'name' || key === 'username' || key === 'email' || key === 'password') result[key] = problem;
    if (key === 'fullName') result.name = problem;
  }
  return result;
}
