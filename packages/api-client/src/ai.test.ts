import { describe, expect, it } from 'vitest';
import { createPromptRequestSchema, customPromptRequestSchema } from './ai.schemas.ts';
import { exportFileBase, menuName, subtitleDefaults, withTimeZone } from './ai.ts';
import { paths } from './client.ts';

describe('AI contract', () => {
  it('asks for both a name and a prompt', () => {
    const r = createPromptRequestSchema.safeParse({ name: ' ', prompt: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Please provide both a name and a prompt');
    expect(createPromptRequestSchema.parse({ name: 'N', prompt: 'P' }).icon).toBe('FileText');
    expect(createPromptRequestSchema.safeParse({ name: 'N', prompt: 'P', icon: 'Rocket' }).success).toBe(false);
    expect(customPromptRequestSchema.safeParse({ prompt: 'x', model: 'gpt-5' }).success).toBe(false);
  });

  it('names exports (50) and menu entries (30) per docs/decisions.md', () => {
    expect(exportFileBase('Grüße aus der Küche – Planung!', 'x')).toBe('GrüßeausderKüchePlanung');
    expect(exportFileBase('!!!', 'transcript')).toBe('transcript');
    expect(exportFileBase('a'.repeat(80), 'x')).toHaveLength(50);
    expect(menuName('Extract all questions asked in the transcript')).toBe('Extract all questions asked in…');
  });

  it('builds the export paths', () => {
    expect(paths.transcriptExport(3, 'vtt')).toBe('/api/transcripts/3/export/vtt');
    expect(paths.aiOutputsExport(3, 'pdf')).toBe('/api/transcripts/3/ai-outputs/export/pdf');
    expect(paths.aiOutputExport(3, 9, 'docx')).toBe('/api/transcripts/3/ai-outputs/9/export/docx');
  });

  it('adds the subtitle options that differ from the defaults to SRT and VTT paths only', () => {
    expect(paths.transcriptExport(3, 'srt', { maxLineChars: 37, maxLines: 2, maxCharsPerSecond: 17 })).toBe(
      '/api/transcripts/3/export/srt?maxLineChars=37&maxCharsPerSecond=17',
    );
    expect(withTimeZone(paths.transcriptExport(3, 'vtt', { minCueSeconds: 1.5 }), 'UTC')).toBe(
      '/api/transcripts/3/export/vtt?minCueSeconds=1.5&tz=UTC',
    );
    expect(paths.transcriptExport(3, 'vtt', subtitleDefaults)).toBe('/api/transcripts/3/export/vtt');
    expect(paths.transcriptExport(3, 'txt', { maxLines: 1 })).toBe('/api/transcripts/3/export/txt');
  });

  it("adds the reader's time zone to an export path as ?tz=", () => {
    expect(withTimeZone('/api/transcripts/3/export/txt', 'America/Argentina/Buenos_Aires')).toBe(
      '/api/transcripts/3/export/txt?tz=America%2FArgentina%2FBuenos_Aires',
    );
    expect(withTimeZone('/x?a=1', 'Etc/GMT+5')).toBe('/x?a=1&tz=Etc%2FGMT%2B5');
    expect(withTimeZone('/x', undefined)).toBe('/x');
  });
});
