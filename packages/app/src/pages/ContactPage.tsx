import { Trans, useLingui } from '@lingui/react/macro';
import { StaticPageLayout } from '../layouts/StaticPageLayout.tsx';
import { SupportEmail } from './SupportEmail.tsx';

export default function ContactPage() {
  const { t } = useLingui();
  return (
    <StaticPageLayout title={t`Contact`}>
      <p>
        <Trans>
          Questions about your account, transcripts, credits or payments? Write to us at <SupportEmail /> and we will get back to you,
          usually within one business day.
        </Trans>
      </p>
      <p>
        <Trans>
          To help us help you quickly, include the username or e-mail address of your account and, for a problem with a transcript, its
          title and when you uploaded it. Never send us your password.
        </Trans>
      </p>
    </StaticPageLayout>
  );
}
