import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { numberedSpeaker } from './segments.ts';

/**
 * How a speaker is shown: no name ('') as 'Unknown Speaker' and speaker detection's 'Speaker 1',
 * 'Speaker 2', … in the reader's language ('Sprecher 1' in German); a name a user gave as it is. The
 * colour stays that of the stored name.
 */
export function useSpeakerLabel(): (name: string) => string {
  const { t } = useLingui();
  return useCallback(
    (name: string) => {
      if (name === '') return t`Unknown Speaker`;
      const n = numberedSpeaker(name);
      return n === null ? name : t`Speaker ${n}`;
    },
    [t],
  );
}
