import { useLingui } from '@lingui/react/macro';
import { paths, type TranscriptExportFormat } from '@scribe/api-client';
import { Button, Menu, MenuItem, MenuTrigger } from '@scribe/ui';
import { useExporter } from '../data/ai.ts';

/** The transcript viewer's export menu (pdf opens in a new tab; docx, txt, srt, vtt download). */
export function ExportMenu({ transcriptId }: { transcriptId: number }) {
  const { t } = useLingui();
  const exporter = useExporter();
  return (
    <MenuTrigger>
      <Button size="sm">{t`Export`}</Button>
      <Menu
        aria-label={t`Export transcript`}
        placement="bottom end"
        onAction={(key) => {
          const format = String(key) as TranscriptExportFormat;
          void exporter(paths.transcriptExport(transcriptId, format), format);
        }}
      >
        <MenuItem id="pdf">PDF</MenuItem>
        <MenuItem id="docx">{t`Word (DOCX)`}</MenuItem>
        <MenuItem id="txt">{t`Text (TXT)`}</MenuItem>
        <MenuItem id="srt">{t`SRT (subtitles)`}</MenuItem>
        <MenuItem id="vtt">{t`WebVTT (subtitles)`}</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
