import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ApiError, speakerLimits } from '@scribe/api-client';
import { Button, Menu, MenuItem, MenuSeparator, MenuTrigger, toast } from '@scribe/ui';
import { useState } from 'react';
import { api } from '../../api.ts';
import { translateError } from '../../i18n/errors.ts';

/** The counts offered besides 'estimate' (the API takes up to speakerLimits.max). */
const COUNTS = [1, 2, 3, 4, 5, 6].filter((n) => n <= speakerLimits.max);

/**
 * 'Speakers': speaker detection run again on the transcript's audio, for a number of speakers the
 * estimate got wrong or one the user knows. The result is a new revision (History restores the one
 * before); `onFound` takes it into the editor. Offered while every change is saved (`isDisabled` else):
 * the detection starts from the saved text.
 */
export function SpeakersMenu({
  transcriptId,
  isDisabled,
  onFound,
}: {
  transcriptId: number;
  isDisabled: boolean;
  onFound: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async (speakers: 'auto' | number) => {
    setBusy(true);
    try {
      const found = await api.transcripts.findSpeakers(transcriptId, speakers);
      await onFound();
      toast({ title: plural(found.speakers, { one: '# speaker found', other: '# speakers found' }), variant: 'success' });
    } catch (error) {
      toast({ title: error instanceof ApiError ? translateError(i18n, error) : t`Failed to find the speakers`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <MenuTrigger>
      <Button size="sm" isPending={busy} isDisabled={isDisabled}>
        {t`Speakers`}
      </Button>
      <Menu aria-label={t`Find speakers`} placement="bottom end" onAction={(key) => void run(key === 'auto' ? 'auto' : Number(key))}>
        <MenuItem id="auto">{t`Find speakers (estimate how many)`}</MenuItem>
        <MenuSeparator />
        {COUNTS.map((n) => (
          <MenuItem key={n} id={String(n)}>
            {plural(n, { one: 'Find # speaker', other: 'Find # speakers' })}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
