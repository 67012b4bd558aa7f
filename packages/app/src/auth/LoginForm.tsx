import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, type ApiErrorCode, type ApiFieldError } from '@scribe/api-client';
import { Alert, Button, Form, TextField, toast } from '@scribe/ui';
import { useState, type ReactNode } from 'react';
import { api } from '../api.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import { translateError, translateFormError, type CodedError } from '../i18n/errors.ts';
import { usePublicConfig } from '../config/useConfig.ts';
import { useSession } from '../session/SessionProvider.tsx';
import * as styles from './forms.css.ts';
import { useCaptchaToken } from './useCaptchaToken.ts';
import { validateLogin, type LoginErrors, type LoginValues } from './validation.ts';

/** Spec §5: username or e-mail and password, both required; a solved captcha; submit disabled without it. */
export function LoginForm({ footer }: { footer?: ReactNode }) {
  const { t, i18n } = useLingui();
  const captchaProvider = usePublicConfig().data?.captcha.provider;
  const { signedIn } = useSession();
  const captcha = useCaptchaToken();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<keyof LoginValues, ApiFieldError>>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<CodedError | ApiErrorCode | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  function update(field: keyof LoginValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setServerFieldErrors((current) => ({ ...current, [field]: undefined }));
    // After a first attempt, messages follow the input so they disappear as soon as it is fixed.
    if (attempted) setErrors(validateLogin(next));
  }

  async function submit() {
    setAttempted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!captcha.token) {
      setFormError('CAPTCHA_REQUIRED');
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      const user = await api.auth.login({
        username: values.username.trim(),
        password: values.password,
        captchaToken: captcha.token,
      });
      toast({ title: t`Logged in successfully`, variant: 'success' });
      signedIn(user, 'login');
    } catch (error) {
      const problem = error instanceof ApiError ? error : 'LOGIN_FAILED';
      setFormError(problem);
      if (error instanceof ApiError) {
        setServerFieldErrors({ username: error.fields.username, password: error.fields.password });
      }
      toast({ title: translateFormError(i18n, problem, captchaProvider), variant: 'destructive' });
      // The solution was spent on this attempt.
      captcha.reset();
    } finally {
      setSubmitting(false);
    }
  }

  const fieldError = (field: keyof LoginValues) => {
    const problem = serverFieldErrors[field] ?? errors[field];
    return problem ? translateError(i18n, problem) : undefined;
  };

  return (
    <Form onSubmit={() => void submit()} aria-label={t`Sign in`}>
      <div className={styles.fields}>
        {formError ? (
          <Alert tone="danger" title={t`Sign-in failed`}>
            {translateFormError(i18n, formError, captchaProvider)}
          </Alert>
        ) : null}
        <TextField
          label={t`Username or email`}
          name="username"
          autoComplete="username"
          autoFocus
          isRequired
          value={values.username}
          onChange={(value) => update('username', value)}
          isInvalid={!!fieldError('username')}
          errorMessage={fieldError('username')}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={values.password}
          onChange={(value) => update('password', value)}
          isInvalid={!!fieldError('password')}
          errorMessage={fieldError('password')}
        />
        <Captcha onChange={captcha.setToken} resetSignal={captcha.resetSignal} />
        <Button type="submit" variant="primary" fullWidth isDisabled={!captcha.token} isPending={isSubmitting}>
          <Trans>Sign in</Trans>
        </Button>
      </div>
      {footer}
    </Form>
  );
}
