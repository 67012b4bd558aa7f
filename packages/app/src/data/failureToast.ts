import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback } from 'react';
import { translateError } from '../i18n/errors.ts';

/**
 * A toast for a failed call: the spec's title, the server's reason (translated) below it when there is
 * one. Returns the message to show inline (the reason, else the title).
 */
export function useFailureToast() {
  const { i18n } = useLingui();
  return useCallback(
    (title: string, error: unknown) => {
      const reason = error instanceof ApiError ? translateError(i18n, error) : '';
      toast({ title, description: reason && reason !== title ? reason : undefined, variant: 'destructive' });
      return reason || title;
    },
    [i18n],
  );
}
