import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button } from '@scribe/ui';
import { useEffect, useState } from 'react';
import { LoginForm } from '../auth/LoginForm.tsx';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import * as styles from '../layouts/layouts.css.ts';
import { hasSharedFile } from '../lib/sharedFiles.ts';
import { RegisterScreen } from './RegisterPage.tsx';

/** /login, with the register toggle of docs/product-spec.md §2 on the same page. */
export default function LoginPage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  // An audio file shared from another app waits for a signed-in user (lib/sharedFiles.ts).
  const [sharedFileWaits, setSharedFileWaits] = useState(false);
  useEffect(() => {
    void hasSharedFile()
      .then(setSharedFileWaits)
      .catch(() => undefined);
  }, []);

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
      {sharedFileWaits ? (
        <div className={styles.authNotice}>
          <Alert tone="info" title={t`Your shared audio file is waiting`}>
            <Trans>Sign in and it is ready to upload.</Trans>
          </Alert>
        </div>
      ) : null}
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
