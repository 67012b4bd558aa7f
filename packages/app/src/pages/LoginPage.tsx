import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@scribe/ui';
import { useState } from 'react';
import { LoginForm } from '../auth/LoginForm.tsx';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import * as styles from '../layouts/layouts.css.ts';

/** /login, with the register toggle of docs/product-spec.md §2 on the same page. */
export default function LoginPage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<'login' | 'register'>('login');

  if (mode === 'register') {
    return (
      <AuthLayout title={t`Create your account`} description={t`Start transcribing in a minute.`}>
        <RegisterForm
          footer={
            <div className={styles.authSwitch}>
              <Trans>Already have an account?</Trans>
              <Button variant="ghost" size="sm" onPress={() => setMode('login')}>
                <Trans>Back to login</Trans>
              </Button>
            </div>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t`Sign in`} description={t`Welcome back. Sign in to your transcripts.`}>
      <LoginForm
        footer={
          <div className={styles.authSwitch}>
            <Trans>Don't have an account?</Trans>
            <Button variant="ghost" size="sm" onPress={() => setMode('register')}>
              <Trans>Register</Trans>
            </Button>
          </div>
        }
      />
    </AuthLayout>
  );
}
