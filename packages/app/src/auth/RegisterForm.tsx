import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiErrorCode } from '@scribe/api-client';
import { Alert, Button, Checkbox, Form, Link, Stack, Text, TextField, toast } from '@scribe/ui';
import { useState, type ReactNode } from 'react';
import { api } from '../api.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import { translateError, type CodedError } from '../i18n/errors.ts';
import { useSession } from '../session/SessionProvider.tsx';
import * as styles from './forms.css.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { useCaptchaSubmit } from './useCaptchaSubmit.ts';
import {
  emptyRegistration,
  isRegistrationSubmittable,
  registrationFieldErrors,
  validateRegistration,
  validateRegistrationField,
  type RegistrationField,
  type RegistrationValues,
} from './validation.ts';

type Errors = Partial<Record<RegistrationField, CodedError | ApiErrorCode>>;

/** Spec §5: checked on blur and on submit; submit disabled while sending or while strength < 60. */
export function RegisterForm({ footer }: { footer?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { signedIn } = useSession();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  // Codes of the api-client or the server; translated when shown.
  const [errors, setErrors] = useState<Errors>({});
  const { captcha, formErrorText, isSubmitting, send } = useCaptchaSubmit({
    failure: 'REGISTRATION_FAILED',
    onRefused: (error) => setErrors((current) => ({ ...current, ...registrationFieldErrors(error.fields) })),
  });

  function revalidate(next: RegistrationValues, fields: RegistrationField[]) {
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) updated[field] = validateRegistrationField(field, next);
      return updated;
    });
  }

  function update<F extends RegistrationField>(field: F, value: RegistrationValues[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // A shown message follows the input, so it goes away as soon as the field is right.
    const shown = (Object.keys(errors) as RegistrationField[]).filter((key) => errors[key]);
    const affected: RegistrationField[] = [field];
    if (field === 'password') affected.push('confirmPassword');
    if (field === 'acceptTerms') affected.push('acceptPrivacy');
    if (field === 'acceptPrivacy') affected.push('acceptTerms');
    revalidate(
      next,
      affected.filter((key) => shown.includes(key)),
    );
  }

  function blur(field: RegistrationField) {
    // An untouched empty confirmation is not yet a mismatch worth shouting about.
    if (field === 'confirmPassword' && !values.confirmPassword && !values.password) return;
    revalidate(values, [field]);
  }

  async function submit() {
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(async (captchaToken) => {
      const user = await api.auth.register({
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        captchaToken,
      });
      toast({ title: t`Account created successfully`, variant: 'success' });
      signedIn(user, 'register');
    });
  }

  const error = (field: RegistrationField) => {
    const problem = errors[field];
    return problem ? translateError(i18n, problem) : undefined;
  };
  const field = (name: 'name' | 'username' | 'email' | 'password' | 'confirmPassword') => ({
    name,
    value: values[name],
    onChange: (value: string) => update(name, value),
    onBlur: () => blur(name),
    isInvalid: !!errors[name],
    errorMessage: error(name),
    isRequired: true,
  });
  const agreement = (name: 'acceptTerms' | 'acceptPrivacy') => ({
    isSelected: values[name],
    onChange: (selected: boolean) => update(name, selected),
    isInvalid: !!errors[name] && !values[name],
    isRequired: true,
  });
  const agreementError = error('acceptTerms') ?? error('acceptPrivacy');
  const canSubmit = isRegistrationSubmittable({ password: values.password, isSubmitting, hasCaptcha: !!captcha.token });

  return (
    <Form onSubmit={() => void submit()} aria-label={t`Create account`}>
      <div className={styles.fields}>
        {formErrorText ? (
          <Alert tone="danger" title={t`Registration failed`}>
            {formErrorText}
          </Alert>
        ) : null}
        <TextField label={t`Full name`} autoComplete="name" autoFocus {...field('name')} />
        <TextField label={t`Username`} autoComplete="username" {...field('username')} />
        <TextField label={t`Email`} type="email" autoComplete="email" {...field('email')} />
        <div className={styles.passwordGroup}>
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            // The rule (at least 6, docs/product-spec.md §5) first, then the advice that makes it strong: never
            // one that reads as a stricter rule.
            description={t`At least 6 characters. For a strong password, use 8 or more with upper and lower case letters, a digit and a symbol.`}
            {...field('password')}
          />
          {values.password ? <PasswordStrengthMeter password={values.password} /> : null}
        </div>
        <TextField label={t`Confirm password`} type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <fieldset className={styles.agreements}>
          <legend className={styles.legend}>
            <Trans>Agreements</Trans>
          </legend>
          <Stack gap="sm">
            <Checkbox {...agreement('acceptTerms')}>
              <Trans>
                I agree to the{' '}
                <Link href="/terms" target="_blank">
                  Terms of Service
                </Link>
              </Trans>
            </Checkbox>
            <Checkbox {...agreement('acceptPrivacy')}>
              <Trans>
                I agree to the{' '}
                <Link href="/privacy-policy" target="_blank">
                  Privacy Policy
                </Link>
              </Trans>
            </Checkbox>
            <div role="alert">
              {agreementError ? (
                <Text tone="danger" size="sm">
                  {agreementError}
                </Text>
              ) : null}
            </div>
          </Stack>
        </fieldset>
        <Captcha onChange={captcha.setToken} resetSignal={captcha.resetSignal} />
        <Button type="submit" variant="primary" fullWidth isDisabled={!canSubmit} isPending={isSubmitting}>
          <Trans>Create account</Trans>
        </Button>
      </div>
      {footer}
    </Form>
  );
}
