/**
 * One export module for transcripts and AI outputs: PDF (pdfkit with an embedded DejaVu Sans, so
 * German and other Latin letters render and extract), DOCX (docx), TXT, and for transcripts SRT and
 * WebVTT. Every document has a title, a date and its entries.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type * as Docx from 'docx';
import type PdfKit from 'pdfkit';
import { lazyModule } from '../../lazy-module.ts';
import type { StoredSegment } from '../../db/schema.ts';
import { formatTimestamp } from '../ai/engines/types.ts';
import { documentMessages, formatDateTime, readerSpeakerName } from '../../i18n/messages.ts';
import type { Language, SubtitleOptions } from '@scribe/api-client';
import { buildCues } from './subtitles.ts';

const require = createRequire(import.meta.url);
const docx = lazyModule<typeof Docx>('docx');
const PdfDocument = lazyModule<typeof PdfKit>('pdfkit');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** A heading (time and speaker, or time and prompt) with its text. */
export interface ExportEntry {
  heading: string;
  text: string;
}

export interface ExportDocument {
  title: string;
  /** Shown under the title, e.g. the creation date. */
  subtitle: string;
  entries: ExportEntry[];
}

/** Who reads the document: its fixed words in their language, its times in their time zone. */
export interface Reader {
  language: Language;
  /** An IANA time zone (checked by the route). */
  timeZone: string;
}

/** The speaker as the reader sees it ('Unknown Speaker' and 'Speaker 2' in the reader's language). */
export const speakerName = readerSpeakerName;

export function transcriptDocument(
  title: string,
  createdAt: Date,
  segments: StoredSegment[],
  content: string,
  reader: Reader,
): ExportDocument {
  // The speaker is named when the turn starts, not on every segment of it (as the detailed view does).
  const entries: ExportEntry[] = segments.length
    ? segments.map((s, i) => {
        const time = `[${formatTimestamp(s.start)} – ${formatTimestamp(s.end)}]`;
        const speaker = speakerName(s.speaker, reader.language);
        const sameTurn = i > 0 && speakerName(segments[i - 1]!.speaker, reader.language) === speaker;
        return { heading: sameTurn ? time : `${time} ${speaker}`, text: s.text.trim() };
      })
    : [{ heading: '', text: content }];
  const m = documentMessages[reader.language];
  return { title, subtitle: `${m.created}: ${formatDate(createdAt, reader)}`, entries };
}

/** A date and time as the reader reads it, e.g. '24.11.2026, 01:19 MEZ'. */
export function formatDate(d: Date, reader: Reader): string {
  return formatDateTime(d, reader.language, reader.timeZone);
}

export function renderTxt(doc: ExportDocument): Buffer {
  const parts = [doc.title, doc.subtitle, ''];
  for (const e of doc.entries) {
    if (e.heading) parts.push(e.heading);
    parts.push(e.text, '');
  }
  return Buffer.from(parts.join('\n'), 'utf8');
}

export function renderPdf(doc: ExportDocument): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  return new Promise((resolve, reject) => {
    const pdf = new (PdfDocument())({ size: 'A4', margin: 56, info: { Title: doc.title }, compress: true });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('body', regular);
    pdf.registerFont('bold', bold);
    pdf.font('bold').fontSize(18).text(doc.title);
    pdf.font('body').fontSize(10).fillColor('#555555').text(doc.subtitle).moveDown();
    for (const e of doc.entries) {
      if (e.heading) pdf.font('bold').fontSize(10).fillColor('#333333').text(e.heading);
      pdf.font('body').fontSize(11).fillColor('#000000').text(e.text).moveDown(0.6);
    }
    pdf.end();
  });
}

export async function renderDocx(doc: ExportDocument): Promise<Buffer> {
  const { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } = docx();
  const children: Docx.Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: doc.subtitle, italics: true })] }),
  ];
  for (const e of doc.entries) {
    if (e.heading) children.push(new Paragraph({ children: [new TextRun({ text: e.heading, bold: true })] }));
    for (const line of e.text.split('\n')) children.push(new Paragraph({ children: [new TextRun(line)] }));
  }
  return Packer.toBuffer(new Document({ title: doc.title, sections: [{ children }] }));
}

function subtitleTime(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

/** Subtitles: the segments' cues, speakers named in the reader's language, with the export's options. */
export interface SubtitleInput {
  segments: StoredSegment[];
  language: Language;
  options?: Partial<SubtitleOptions>;
}

// "-->" ends a cue's timing line in both formats, so it never appears in a cue's text.
const noArrow = (line: string) => line.replace(/-->/g, '->');

/** SRT: a turn's first cue starts with 'Name: ' (counted in the line length) when speakers are named. */
export function renderSrt({ segments, language, options }: SubtitleInput): Buffer {
  const cues = buildCues({ segments, speakerName: (sp) => speakerName(sp, language), label: (name) => `${name}: `, options });
  const blocks = cues.map(
    (c, i) => `${i + 1}\n${subtitleTime(c.start, ',')} --> ${subtitleTime(c.end, ',')}\n${c.lines.map(noArrow).join('\n')}\n`,
  );
  return Buffer.from(blocks.join('\n'), 'utf8');
}

const vttEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: every cue of a named speaker is a voice span, <v Name>. */
export function renderVtt({ segments, language, options }: SubtitleInput): Buffer {
  const cues = buildCues({ segments, speakerName: (sp) => speakerName(sp, language), options });
  const blocks = cues.map((c) => {
    const voice = c.speaker === null ? '' : `<v ${vttEscape(c.speaker)}>`;
    return `${subtitleTime(c.start, '.')} --> ${subtitleTime(c.end, '.')}\n${voice}${c.lines.map((l) => vttEscape(noArrow(l))).join('\n')}\n`;
  });
  return Buffer.from(['WEBVTT', '', ...blocks].join('\n'), 'utf8');
}

export const contentTypes = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
} as const;

export async function renderDocument(format: 'pdf' | 'docx' | 'txt', doc: ExportDocument): Promise<Buffer> {
  if (format === 'pdf') return renderPdf(doc);
  if (format === 'docx') return renderDocx(doc);
  return renderTxt(doc);
}
