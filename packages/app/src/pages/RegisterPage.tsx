import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@scribe/ui';
import type { ReactNode } from 'react';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import * as styles from '../layouts/layouts.css.ts';

/**
 * The register form in its layout with 'Already have an account?' and the way back to login: a link
 * here, the toggle on /login. `back` wraps the 'Back to login' label.
 */
export function RegisterScreen({ back }: { back: (label: ReactNode) => ReactNode }) {
  const { t } = useLingui();
  return (
    <AuthLayout title={t`Create your account`} description={t`Start transcribing in a minute.`}>
      <RegisterForm
        footer={
          <div className={styles.authSwitch}>
            <Trans>Already have an account?</Trans>
            {back(<Trans>Back to login</Trans>)}
          </div>
        }
      />
    </AuthLayout>
  );
}

/** /register: success goes to /, 'Back to login' goes to /login (docs/product-spec.md §2). */
export default function RegisterPage() {
  return <RegisterScreen back={(label) => <Link href="/login">{label}</Link>} />;
}
