import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiFieldError } from '@scribe/api-client';
import { Alert, Button, Form, TextField, toast } from '@scribe/ui';
import { useState, type ReactNode } from 'react';
import { api } from '../api.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import { translateError } from '../i18n/errors.ts';
import { useSession } from '../session/SessionProvider.tsx';
import * as styles from './forms.css.ts';
import { useCaptchaSubmit } from './useCaptchaSubmit.ts';
import { validateLogin, type LoginErrors, type LoginValues } from './validation.ts';

/** Spec §5: username or e-mail and password, both required; a solved captcha; submit disabled without it. */
export function LoginForm({ footer }: { footer?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { signedIn } = useSession();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<keyof LoginValues, ApiFieldError>>>({});
  const [attempted, setAttempted] = useState(false);
  const { captcha, formErrorText, isSubmitting, send } = useCaptchaSubmit({
    failure: 'LOGIN_FAILED',
    onRefused: (error) => setServerFieldErrors({ username: error.fields.username, password: error.fields.password }),
  });

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
    await send(async (captchaToken) => {
      const user = await api.auth.login({ username: values.username.trim(), password: values.password, captchaToken });
      toast({ title: t`Logged in successfully`, variant: 'success' });
      signedIn(user, 'login');
    });
  }

  const fieldError = (field: keyof LoginValues) => {
    const problem = serverFieldErrors[field] ?? errors[field];
    return problem ? translateError(i18n, problem) : undefined;
  };

  return (
    <Form onSubmit={() => void submit()} aria-label={t`Sign in`}>
      <div className={styles.fields}>
        {formErrorText ? (
          <Alert tone="danger" title={t`Sign-in failed`}>
            {formErrorText}
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
