import { useLingui } from '@lingui/react/macro';
import { Button, Dialog, Form, Text, TextField } from '@scribe/ui';
import { useState } from 'react';
import { subtitleDefaults, subtitleOptionRanges } from '@scribe/api-client';
import { normaliseSubtitleOptions, type SubtitleOptions } from './subtitleOptions.ts';
import * as styles from './editing.css.ts';

export interface SubtitleOptionsDialogProps {
  options: SubtitleOptions;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSave: (options: SubtitleOptions) => void;
}

/** 'Subtitle options…' of the export menu: line length, lines per cue, cue durations, reading speed. */
export function SubtitleOptionsDialog({ options, isOpen, onOpenChange, onSave }: SubtitleOptionsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog title={t`Subtitle options`} size="md" isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => (
        <OptionsForm
          initial={options}
          onCancel={close}
          onSave={(next) => {
            onSave(next);
            close();
          }}
        />
      )}
    </Dialog>
  );
}

type Drafts = Record<keyof SubtitleOptions, string>;
const toDrafts = (options: SubtitleOptions): Drafts =>
  Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)])) as Drafts;

function OptionsForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: SubtitleOptions;
  onCancel: () => void;
  onSave: (o: SubtitleOptions) => void;
}) {
  const { t, i18n } = useLingui();
  const [drafts, setDrafts] = useState<Drafts>(() => toDrafts(initial));
  const [invalid, setInvalid] = useState<Partial<Record<keyof SubtitleOptions, boolean>>>({});

  const labels: Record<keyof SubtitleOptions, string> = {
    maxLineChars: t`Characters per line (at most)`,
    maxLines: t`Lines per subtitle (at most)`,
    minCueSeconds: t`Shortest subtitle (seconds)`,
    maxCueSeconds: t`Longest subtitle (seconds)`,
    maxCharsPerSecond: t`Reading speed (characters per second, at most)`,
  };
  const parse = (text: string) => Number(text.trim().replace(',', '.'));

  const submit = () => {
    const bad: Partial<Record<keyof SubtitleOptions, boolean>> = {};
    const values = {} as SubtitleOptions;
    for (const key of Object.keys(drafts) as (keyof SubtitleOptions)[]) {
      const n = parse(drafts[key]);
      const { min, max, integer } = subtitleOptionRanges[key];
      if (!Number.isFinite(n) || n < min || n > max || drafts[key].trim() === '' || (integer && !Number.isInteger(n))) bad[key] = true;
      values[key] = n;
    }
    if (!bad.minCueSeconds && !bad.maxCueSeconds && values.maxCueSeconds <= values.minCueSeconds) bad.maxCueSeconds = true;
    setInvalid(bad);
    if (Object.keys(bad).length === 0) onSave(normaliseSubtitleOptions(values));
  };

  return (
    <Form onSubmit={submit}>
      <Text size="sm" tone="muted">{t`Used by the SRT and WebVTT exports. Remembered on this device.`}</Text>
      <div className={styles.optionGrid}>
        {(Object.keys(labels) as (keyof SubtitleOptions)[]).map((key) => {
          const { min, max } = subtitleOptionRanges[key];
          const from = i18n.number(min);
          const to = i18n.number(max);
          const range = t`From ${from} to ${to}`;
          return (
            <TextField
              key={key}
              label={labels[key]}
              name={key}
              inputMode="decimal"
              value={drafts[key]}
              onChange={(value) => setDrafts({ ...drafts, [key]: value })}
              description={range}
              isInvalid={!!invalid[key]}
              errorMessage={key === 'maxCueSeconds' && !invalid.minCueSeconds ? t`${range}, and above the shortest` : range}
              autoComplete="off"
            />
          );
        })}
      </div>
      <div className={styles.dialogActions}>
        <Button
          variant="ghost"
          onPress={() => {
            setDrafts(toDrafts(subtitleDefaults));
            setInvalid({});
          }}
        >
          {t`Reset to defaults`}
        </Button>
        <Button onPress={onCancel}>{t`Cancel`}</Button>
        <Button type="submit" variant="primary">
          {t`Save`}
        </Button>
      </div>
    </Form>
  );
}
