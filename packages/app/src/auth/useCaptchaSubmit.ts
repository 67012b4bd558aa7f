import { useLingui } from '@lingui/react/macro';
import { ApiError, type ApiErrorCode } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback, useState } from 'react';
import { usePublicConfig } from '../config/useConfig.ts';
import { translateFormError, type CodedError } from '../i18n/errors.ts';

/**
 * A form sent with a captcha solution (sign-in, registration): the solution, the form's error (shown
 * above the fields and in a toast) and whether it is being sent. A refused attempt spends the solution:
 * the widget is asked for a fresh challenge.
 */
export function useCaptchaSubmit({ failure, onRefused }: { failure: CodedError | ApiErrorCode; onRefused?: (error: ApiError) => void }) {
  const { i18n } = useLingui();
  const captchaProvider = usePublicConfig().data?.captcha.provider;
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [formError, setFormError] = useState<CodedError | ApiErrorCode | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const reset = useCallback(() => {
    setToken(null);
    setResetSignal((n) => n + 1);
  }, []);

  /** Sends `call` with the solution, or says the captcha is missing. */
  async function send(call: (captchaToken: string) => Promise<void>) {
    if (!token) {
      setFormError('CAPTCHA_REQUIRED');
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      await call(token);
    } catch (error) {
      const problem = error instanceof ApiError ? error : failure;
      setFormError(problem);
      if (error instanceof ApiError) onRefused?.(error);
      toast({ title: translateFormError(i18n, problem, captchaProvider), variant: 'destructive' });
      reset();
    } finally {
      setSubmitting(false);
    }
  }

  return {
    captcha: { token, setToken, resetSignal },
    /** The form's error in the reader's language, if any. */
    formErrorText: formError ? translateFormError(i18n, formError, captchaProvider) : null,
    isSubmitting,
    send,
  };
}
