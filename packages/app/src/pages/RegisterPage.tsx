import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@scribe/ui';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import * as styles from '../layouts/layouts.css.ts';

/** /register: success goes to /, 'Back to login' goes to /login (docs/product-spec.md §2). */
export default function RegisterPage() {
  const { t } = useLingui();
  return (
    <AuthLayout title={t`Create your account`} description={t`Start transcribing in a minute.`}>
      <RegisterForm
        footer={
          <div className={styles.authSwitch}>
            <Trans>Already have an account?</Trans>
            <Link href="/login">
              <Trans>Back to login</Trans>
            </Link>
          </div>
        }
      />
    </AuthLayout>
  );
}
