import { useCallback, useState } from 'react';

/** The captcha solution of a form, and a way to ask the widget for a fresh challenge. */
export function useCaptchaToken() {
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const reset = useCallback(() => {
    setToken(null);
    setResetSignal((n) => n + 1);
  }, []);
  return { token, setToken, resetSignal, reset };
}
