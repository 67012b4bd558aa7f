// ALTCHA (self-hosted proof of work): the default captcha. This module is loaded lazily with the forms.
import 'altcha';
import type { AltchaWidgetElement } from 'altcha';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import * as styles from './Captcha.css.ts';

interface AltchaWidgetProps {
  challengeUrl: string;
  onChange: (token: string | null) => void;
  resetSignal: number;
}

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

export default function AltchaWidget({ challengeUrl, onChange, resetSignal }: AltchaWidgetProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const { i18n, t } = useLingui();
  const language = i18n.locale;

  // The widget's texts, translated by Lingui and handed to ALTCHA's i18n registry.
  const strings = useMemo(
    () => ({
      ariaLinkLabel: t`ALTCHA (official website)`,
      enterCode: t`Enter code`,
      enterCodeAria: t`Enter the code you hear. Press Space to play the audio.`,
      enterCodeFromImage: t`To continue, please enter the code from the image below.`,
      error: t`Verification failed. Please try again later.`,
      expired: t`Verification expired. Please try again.`,
      footer: t`Protected by ${'<a href="https://altcha.org/" target="_blank" rel="noopener" tabindex="-1">ALTCHA</a>'}`,
      getAudioChallenge: t`Get an audio challenge`,
      label: t`I'm not a robot`,
      loading: t`Loading...`,
      reload: t`Reload`,
      verify: t`Verify`,
      verificationRequired: t`Verification required!`,
      verified: t`Verified`,
      verifying: t`Verifying...`,
      waitAlert: t`Verifying... please wait.`,
      cancel: t`Cancel`,
    }),
    [t],
  );

  const emit = useEffectEvent((detail: StateChangeDetail) => {
    onChange(detail.state === 'verified' && detail.payload ? detail.payload : null);
  });

  useEffect(() => {
    globalThis.$altcha.i18n.set(language, strings);
    widgetRef.current?.setAttribute('language', language);
  }, [language, strings]);

  const initialLanguage = useRef(language);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', challengeUrl);
    widget.setAttribute('language', initialLanguage.current);
    // The token travels in the JSON body, not as a form field.
    widget.setAttribute('name', 'altcha');
    const onStateChange = (event: Event) => emit((event as CustomEvent<StateChangeDetail>).detail);
    widget.addEventListener('statechange', onStateChange);
    host.append(widget);
    widgetRef.current = widget;
    return () => {
      widget.removeEventListener('statechange', onStateChange);
      widget.remove();
      widgetRef.current = null;
      emit({ state: 'unverified' });
    };
  }, [challengeUrl]);

  useEffect(() => {
    if (resetSignal === 0) return;
    // A solution is accepted once (the server keeps used ones): after a failed submit a fresh challenge
    // is solved at once, by the browser, so the user does not have to tick the box again.
    const widget = widgetRef.current;
    widget?.reset();
    emit({ state: 'unverified' });
    widget?.verify().catch(() => {
      // The widget shows its own failure text; the user can still tick the box.
    });
  }, [resetSignal]);

  return <div ref={hostRef} className={styles.altchaHost} />;
}
