import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { DEFAULT_SPEAKER, numberedSpeaker } from './segments.ts';

/**
 * How a stored speaker name is shown: the engine's 'Unknown Speaker' and speaker detection's
 * 'Speaker 1', 'Speaker 2', … in the reader's language ('Sprecher 1' in German); a name a user gave as
 * it is. The colour stays that of the stored name.
 */
export function useSpeakerLabel(): (name: string) => string {
  const { t } = useLingui();
  return useCallback(
    (name: string) => {
      if (name === DEFAULT_SPEAKER) return t`Unknown Speaker`;
      const n = numberedSpeaker(name);
      return n === null ? name : t`Speaker ${n}`;
    },
    [t],
  );
}
