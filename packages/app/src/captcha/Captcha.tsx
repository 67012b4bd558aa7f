import { Trans } from '@lingui/react/macro';
import { Alert, Button, Skeleton, Stack } from '@scribe/ui';
import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../config/useConfig.ts';
import * as styles from './Captcha.css.ts';

// The widgets are loaded only when a form shows them: they stay out of the first download.
const AltchaWidget = lazy(() => import('./AltchaWidget.tsx'));
const RecaptchaWidget = lazy(() => import('./RecaptchaWidget.tsx'));

export interface CaptchaProps {
  /** The solution to send as `captchaToken`, or null while there is none. */
  onChange: (token: string | null) => void;
  /**
   * Increment after a failed submit: a solution can be used only once, so a fresh one is needed
   * (ALTCHA solves it again by itself; reCAPTCHA asks the user).
   */
  resetSignal: number;
}

function Placeholder() {
  return (
    <div className={styles.placeholder}>
      <Skeleton height={74} />
    </div>
  );
}

/** The captcha the server asks for (GET /api/config): ALTCHA by default, reCAPTCHA when configured. */
export function Captcha({ onChange, resetSignal }: CaptchaProps) {
  const { data: config, error, isLoading, mutate } = usePublicConfig();

  if (isLoading) return <Placeholder />;
  if (error || !config) {
    return (
      <Alert tone="danger" title={<Trans>Verification unavailable</Trans>}>
        <Stack gap="sm">
          <Trans>The verification could not be loaded. Check your connection and try again.</Trans>
          <div>
            <Button size="sm" variant="secondary" onPress={() => void mutate()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }

  const { captcha } = config;
  if (captcha.provider === 'altcha') {
    return (
      <Suspense fallback={<Placeholder />}>
        <AltchaWidget challengeUrl={captcha.challengeUrl} onChange={onChange} resetSignal={resetSignal} />
      </Suspense>
    );
  }
  if (!captcha.siteKey) {
    // docs/decisions.md: reCAPTCHA selected without a site key shows the configuration error; submit stays disabled.
    return (
      <Alert tone="danger" title={<Trans>Configuration error</Trans>}>
        <Trans>reCAPTCHA is not configured. Please contact the administrator.</Trans>
      </Alert>
    );
  }
  return (
    <Suspense fallback={<Placeholder />}>
      <RecaptchaWidget siteKey={captcha.siteKey} onChange={onChange} resetSignal={resetSignal} />
    </Suspense>
  );
}
