import { Trans, useLingui } from '@lingui/react/macro';
import { StaticPageLayout } from '../layouts/StaticPageLayout.tsx';
import { LastUpdated } from './legal.tsx';
import { SupportEmail } from './SupportEmail.tsx';

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <StaticPageLayout title={t`Privacy Policy`} meta={<LastUpdated />}>
      <p>
        <Trans>
          This policy explains which personal data Audio Transcription processes, why, and what your rights are. We collect only what we
          need to run the service, and we do not sell your data or use it for advertising.
        </Trans>
      </p>

      <h2>
        <Trans>1. What we process</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Account data: your name, username and e-mail address. Your password is stored only as a secure hash.</Trans>
        </li>
        <li>
          <Trans>Your content: audio files, transcripts, folders, saved prompts and AI outputs.</Trans>
        </li>
        <li>
          <Trans>
            Technical data: your IP address and server logs, used to keep the service secure, for example to limit repeated failed sign-ins.
          </Trans>
        </li>
        <li>
          <Trans>
            Payment data: payments are handled by our card payment provider. We receive the result and the package you bought, never your
            full card number.
          </Trans>
        </li>
      </ul>

      <h2>
        <Trans>2. Why we process it</Trans>
      </h2>
      <p>
        <Trans>
          To provide the service you signed up for (transcription, AI prompts, exports, credits), to protect your account and the service
          against abuse, to handle payments, and to answer your questions.
        </Trans>
      </p>

      <h2>
        <Trans>3. Cookies and storage in your browser</Trans>
      </h2>
      <p>
        <Trans>
          We use one strictly necessary cookie that keeps you signed in. Your language choice and the state of the workspace are kept in
          your browser's local storage. We do not use tracking or advertising cookies. The verification on the sign-in page is a
          proof-of-work check that runs in your browser without tracking you.
        </Trans>
      </p>

      <h2>
        <Trans>4. Who else processes data</Trans>
      </h2>
      <p>
        <Trans>
          Depending on how this service is set up, transcription, AI features, payments and the sign-in verification may be carried out by
          providers working on our behalf and bound by data processing agreements. They may use your data only to perform these tasks for
          us.
        </Trans>
      </p>

      <h2>
        <Trans>5. How long we keep it</Trans>
      </h2>
      <p>
        <Trans>
          We keep your data while your account exists. Content you delete is removed. When you delete your account in Settings, the account,
          its transcripts, its audio and their traces in the database files are removed at once; the history of credit movements is kept
          without your name, as bookkeeping requires. Backups kept by the operator of this service are outside this erasure.
        </Trans>
      </p>

      <h2>
        <Trans>6. Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You may ask for access to your data, its correction, deletion or a copy in a portable format, and you may object to or restrict
          its processing. You also have the right to complain to a data protection authority. To exercise your rights, write to{' '}
          <SupportEmail />.
        </Trans>
      </p>

      <h2>
        <Trans>7. Changes</Trans>
      </h2>
      <p>
        <Trans>
          When we change this policy, we update the date at the top of this page and tell you about important changes in advance.
        </Trans>
      </p>
    </StaticPageLayout>
  );
}
