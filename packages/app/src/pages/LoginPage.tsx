import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@scribe/ui';
import { useState } from 'react';
import { LoginForm } from '../auth/LoginForm.tsx';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import * as styles from '../layouts/layouts.css.ts';
import { RegisterScreen } from './RegisterPage.tsx';

/** /login, with the register toggle of docs/product-spec.md §2 on the same page. */
export default function LoginPage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<'login' | 'register'>('login');

  if (mode === 'register') {
    return (
      <RegisterScreen
        back={(label) => (
          <Button variant="ghost" size="sm" onPress={() => setMode('login')}>
            {label}
          </Button>
        )}
      />
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
