// Pure form rules of the sign-in and registration forms (docs/product-spec.md §5). The texts are the api-client's
// English messages; the UI translates them through `validationMessage()` in i18n/messages.ts.
import { emailPattern, limits, passwordStrength, validationMessages as m, visibleText, type ValidationMessage } from '@scribe/api-client';

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
export type RegistrationErrors = Partial<Record<RegistrationField, ValidationMessage>>;

export const emptyRegistration: RegistrationValues = {
  name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

/** The message for one field, or undefined when it is valid. Used on blur. */
export function validateRegistrationField(field: RegistrationField, values: RegistrationValues): ValidationMessage | undefined {
  switch (field) {
    case 'name':
      // The server counts what shows (no surrounding spaces, no zero-width characters), so the browser does too.
      if (values.name.trim().length > limits.nameMax) return m.nameMax;
      return visibleText(values.name).length < limits.nameMin ? m.nameMin : undefined;
    case 'username':
      if (values.username.trim().length > limits.usernameMax) return m.usernameMax;
      if (visibleText(values.username).length < limits.usernameMin) return m.usernameMin;
      return values.username.includes('@') ? m.usernameNoAt : undefined;
    case 'email':
      return emailPattern.test(values.email.trim()) ? undefined : m.emailInvalid;
    case 'password':
      if (values.password.length > limits.passwordMax) return m.passwordMax;
      return values.password.length < limits.passwordMin ? m.passwordMin : undefined;
    case 'confirmPassword':
      return values.confirmPassword === values.password ? undefined : m.passwordsMismatch;
    case 'acceptTerms':
    case 'acceptPrivacy':
      // Both boxes share one required-fields message.
      return values.acceptTerms && values.acceptPrivacy ? undefined : m.termsRequired;
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

/** Every field's message; an empty object means the form may be sent. Used on submit. */
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
export type LoginErrors = Partial<Record<LoginField, ValidationMessage>>;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = m.loginUsernameRequired;
  if (!values.password) errors.password = m.loginPasswordRequired;
  return errors;
}

/** The server's field names in `fieldErrors` mapped onto the form's fields. */
export function registrationFieldErrors(fieldErrors: Record<string, string>): Partial<Record<RegistrationField, string>> {
  const result: Partial<Record<RegistrationField, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    if (key === 'name' || key === 'username' || key === 'email' || key === 'password') result[key] = message;
    if (key === 'fullName') result.name = message;
  }
  return result;
}
