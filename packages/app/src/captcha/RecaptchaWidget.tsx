// Google reCAPTCHA v2, used when the server is configured for it. Google's script is not reachable
// from this build machine, so this path is wired but only exercised where Google is reachable.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@scribe/ui';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import * as styles from './Captcha.css.ts';

interface Grecaptcha {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ) => number;
  reset: (widgetId?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __scribeRecaptchaLoaded?: () => void;
  }
}

let scriptPromise: Promise<Grecaptcha> | null = null;

function loadRecaptcha(language: string): Promise<Grecaptcha> {
  if (scriptPromise) return scriptPromise;
  scriptPromise = new Promise<Grecaptcha>((resolve, reject) => {
    window.__scribeRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha')));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=__scribeRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      scriptPromise = null; // allow a retry on the next mount
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

interface RecaptchaWidgetProps {
  siteKey: string;
  onChange: (token: string | null) => void;
  resetSignal: number;
}

export default function RecaptchaWidget({ siteKey, onChange, resetSignal }: RecaptchaWidgetProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<{ grecaptcha: Grecaptcha; id: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const { i18n } = useLingui();
  const language = useRef(i18n.locale);
  const emit = useEffectEvent((token: string | null) => onChange(token));

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    loadRecaptcha(language.current).then(
      (grecaptcha) => {
        if (cancelled || !host) return;
        const target = document.createElement('div');
        host.append(target);
        const id = grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token) => emit(token),
          'expired-callback': () => emit(null),
          'error-callback': () => emit(null),
        });
        apiRef.current = { grecaptcha, id };
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      apiRef.current = null;
      host?.replaceChildren();
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetSignal === 0) return;
    const current = apiRef.current;
    current?.grecaptcha.reset(current.id);
    emit(null);
  }, [resetSignal]);

  if (failed) {
    return (
      <Alert tone="danger" title={<Trans>Verification unavailable</Trans>}>
        <Trans>The reCAPTCHA verification could not be loaded. Check your connection and reload the page.</Trans>
      </Alert>
    );
  }
  return <div ref={hostRef} className={styles.recaptchaHost} />;
}
