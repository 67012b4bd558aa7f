import { useLingui } from '@lingui/react/macro';
import { paths, type TranscriptExportFormat } from '@scribe/api-client';
import { Button, Menu, MenuItem, MenuSeparator, MenuTrigger } from '@scribe/ui';
import { useState } from 'react';
import { useExporter } from '../data/ai.ts';
import { browserEditStorage } from '../data/pendingEdits.ts';
import { SubtitleOptionsDialog } from './editing/SubtitleOptionsDialog.tsx';
import { loadSubtitleOptions, saveSubtitleOptions, type SubtitleOptions } from './editing/subtitleOptions.ts';

/**
 * The transcript viewer's export menu (pdf, docx, txt, srt and vtt all download as files). SRT and
 * WebVTT follow the subtitle options ('Subtitle options…', remembered on this device).
 */
export function ExportMenu({ transcriptId }: { transcriptId: number }) {
  const { t } = useLingui();
  const exporter = useExporter();
  const [options, setOptions] = useState<SubtitleOptions>(() => loadSubtitleOptions(browserEditStorage()));
  const [optionsOpen, setOptionsOpen] = useState(false);
  return (
    <>
      <MenuTrigger>
        <Button size="sm">{t`Export`}</Button>
        <Menu
          aria-label={t`Export transcript`}
          placement="bottom end"
          onAction={(key) => {
            if (key === 'subtitle-options') {
              setOptionsOpen(true);
              return;
            }
            const format = String(key) as TranscriptExportFormat;
            const subtitles = format === 'srt' || format === 'vtt' ? options : undefined;
            void exporter(paths.transcriptExport(transcriptId, format, subtitles), format);
          }}
        >
          <MenuItem id="pdf">PDF</MenuItem>
          <MenuItem id="docx">{t`Word (DOCX)`}</MenuItem>
          <MenuItem id="txt">{t`Text (TXT)`}</MenuItem>
          <MenuItem id="srt">{t`SRT (subtitles)`}</MenuItem>
          <MenuItem id="vtt">{t`WebVTT (subtitles)`}</MenuItem>
          <MenuSeparator />
          <MenuItem id="subtitle-options">{t`Subtitle options…`}</MenuItem>
        </Menu>
      </MenuTrigger>
      <SubtitleOptionsDialog
        options={options}
        isOpen={optionsOpen}
        onOpenChange={setOptionsOpen}
        onSave={(next) => {
          setOptions(next);
          saveSubtitleOptions(browserEditStorage(), next);
        }}
      />
    </>
  );
}
