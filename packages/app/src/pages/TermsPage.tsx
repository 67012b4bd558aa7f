import { Trans, useLingui } from '@lingui/react/macro';
import { StaticPageLayout } from '../layouts/StaticPageLayout.tsx';
import { LastUpdated } from './legal.tsx';
import { SupportEmail } from './SupportEmail.tsx';

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <StaticPageLayout title={t`Terms of Service`} meta={<LastUpdated />}>
      <p>
        <Trans>
          These terms govern your use of Audio Transcription (the "service"). By creating an account or using the service you agree to them.
          If you do not agree, please do not use the service.
        </Trans>
      </p>

      <h2>
        <Trans>1. Your account</Trans>
      </h2>
      <p>
        <Trans>
          Give accurate information when you register and keep your password to yourself. You are responsible for what happens under your
          account. Tell us at once if you think someone else has used it.
        </Trans>
      </p>

      <h2>
        <Trans>2. Your content</Trans>
      </h2>
      <p>
        <Trans>
          You keep all rights to the audio you record or upload, and to your transcripts, folders, prompts and AI outputs. You allow us to
          store and process this content only as far as needed to run the service for you. You confirm that you may upload each recording,
          including any consent the law requires from the people who can be heard on it.
        </Trans>
      </p>

      <h2>
        <Trans>3. Credits and payments</Trans>
      </h2>
      <p>
        <Trans>
          Transcription and AI features use credits. Prices and the cost of each feature are shown before you buy or use credits. Payments
          are handled by our card payment provider. Purchased credits are not refundable except where the law requires it.
        </Trans>
      </p>

      <h2>
        <Trans>4. Acceptable use</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Do not upload content that is unlawful or that infringes the rights of others.</Trans>
        </li>
        <li>
          <Trans>Do not try to break, overload or get around the security of the service.</Trans>
        </li>
        <li>
          <Trans>Do not create accounts automatically or share one account between several people.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>5. Automatic results</Trans>
      </h2>
      <p>
        <Trans>
          Transcripts and AI outputs are produced automatically and can contain mistakes. Check them before you rely on them, especially for
          legal, medical or financial purposes.
        </Trans>
      </p>

      <h2>
        <Trans>6. Availability, changes and termination</Trans>
      </h2>
      <p>
        <Trans>
          We work to keep the service available but cannot promise that it is free of interruptions. We may change features, and we will
          tell you about important changes to these terms before they take effect. You may stop using the service at any time. We may
          suspend accounts that break these terms.
        </Trans>
      </p>

      <h2>
        <Trans>7. Liability</Trans>
      </h2>
      <p>
        <Trans>
          The service is provided as it is. As far as the law allows, we are not liable for indirect or consequential damage or for lost
          data; nothing in these terms limits liability that cannot be limited by law.
        </Trans>
      </p>

      <h2>
        <Trans>8. Contact</Trans>
      </h2>
      <p>
        <Trans>
          Questions about these terms? Write to <SupportEmail />.
        </Trans>
      </p>
    </StaticPageLayout>
  );
}
