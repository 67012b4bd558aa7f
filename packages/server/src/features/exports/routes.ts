import {
  exportFileBase,
  exportFormats,
  subtitleOptionNames,
  subtitleOptionRanges,
  transcriptExportFormats,
  type SubtitleOptions,
  type TranscriptExportFormat,
  type User,
} from '@scribe/api-client';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, errorResponses } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { AiRepository } from '../ai/repository.ts';
import type { PreferencesService } from '../preferences/service.ts';
import { documentMessages, parseTimeZone } from '../../i18n/messages.ts';
import type { WorkPool } from '../../work/pool.ts';
import { contentTypes, formatDate, type Reader, type ExportDocument } from './render.ts';

export interface ExportsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  repo: AiRepository;
  /** Every file is rendered in its export threads (work/pool.ts): 503 SERVER_BUSY when their queue is full. */
  pool: WorkPool;
  /** The user's saved interface language: the document's fixed words follow it. */
  preferences: Pick<PreferencesService, 'get'>;
}

const tags = ['exports'];
const errors = errorResponses(400, 401, 404, 503);
// Enums in the route schemas, so the OpenAPI document lists the formats; an unknown one is a 400 with this text.
const unsupportedFormat = 'Unsupported export format';
const transcriptFormatParam = z.enum(transcriptExportFormats, { error: unsupportedFormat });
const outputsFormatParam = z.enum(exportFormats, { error: unsupportedFormat });

/**
 * ?tz=<IANA zone>: the browser's time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); the
 * document's times are given in it. Without one they are in UTC, as the zone's name in the file says.
 */
const exportQuery = z.object({ tz: z.string().optional() });

/** The schema of every export route: its summary and path parameters, the ?tz= query and the error answers. */
const exportSchema = <P extends z.ZodType>(summary: string, params: P) => ({
  schema: { tags, summary, params, querystring: exportQuery, response: errors },
});

/** SRT/VTT options (api-client `subtitleDefaults`), checked by the route so a bad one names itself. */
const transcriptExportQuery = exportQuery.extend(
  Object.fromEntries(
    subtitleOptionNames.map((name) => {
      const r = subtitleOptionRanges[name];
      return [
        name,
        z
          .string()
          .optional()
          .describe(`SRT/VTT only: ${r.integer ? 'a whole number' : 'a number'} from ${r.min} to ${r.max}`),
      ];
    }),
  ) as Record<(typeof subtitleOptionNames)[number], z.ZodOptional<z.ZodString>>,
);

/** The subtitle options of the query; 400 SUBTITLE_OPTION_INVALID naming the first bad one. */
export function subtitleOptionsOf(query: Partial<Record<(typeof subtitleOptionNames)[number], string>>): Partial<SubtitleOptions> {
  const options: Partial<SubtitleOptions> = {};
  for (const name of subtitleOptionNames) {
    const raw = query[name];
    if (raw === undefined) continue;
    const r = subtitleOptionRanges[name];
    const value = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!(value >= r.min && value <= r.max) || (r.integer && !Number.isInteger(value))) {
      throw new HttpError(400, 'SUBTITLE_OPTION_INVALID', { params: { option: name, min: r.min, max: r.max } });
    }
    options[name] = value;
  }
  const min = options.minCueSeconds ?? 1;
  const max = options.maxCueSeconds ?? 7;
  if (min >= max) throw new HttpError(400, 'SUBTITLE_CUE_SECONDS_INVALID');
  return options;
}

/** The plain filename= for old clients: accents dropped, ß as ss, anything else non-ASCII as _. */
export function asciiFileName(name: string): string {
  return name
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** PDF inline (opens in a new tab), everything else as a download; names per docs/decisions.md. */
function send(reply: FastifyReply, format: TranscriptExportFormat, base: string, rendered: Uint8Array) {
  const body = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
  const name = `${base}.${format}`;
  const disposition = format === 'pdf' ? 'inline' : 'attachment';
  return reply
    .header('Content-Type', contentTypes[format])
    .header('Content-Disposition', `${disposition}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', String(body.length))
    .send(body);
}

function outputEntry(o: { createdAt: Date; prompt: string; output: string; model: string }, reader: Reader) {
  return { heading: `${formatDate(o.createdAt, reader)} · ${o.prompt}`, text: o.output };
}

export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, opts) => {
  const { repo, pool } = opts;
  const renderDocument = (format: 'pdf' | 'docx' | 'txt', doc: ExportDocument) => pool.run('exports', 'documentExport', { format, doc });
  app.addHook('onRequest', opts.requireUser);

  /** The reader of this request's document; a time zone Intl does not know is a 400. */
  const readerOf = async (userId: number, tz: string | undefined): Promise<Reader> => {
    let timeZone = 'UTC';
    if (tz !== undefined) {
      const parsed = parseTimeZone(tz);
      if (!parsed) throw new HttpError(400, 'INVALID_TIME_ZONE');
      timeZone = parsed;
    }
    const { language } = await opts.preferences.get(userId);
    return { language, timeZone };
  };

  /** What every export starts from: the signed-in user, the document's reader and the user's transcript (segments as JSON). */
  const exportOf = async (request: { user: User | null; params: { id: number }; query: { tz?: string } }, withText = false) => {
    const userId = currentUser(request).id;
    const reader = await readerOf(userId, request.query.tz);
    // Refused before the transcript is read when the export threads' queue is full.
    pool.admit('exports');
    const t = await repo.transcriptForExport(userId, request.params.id, { withText });
    if (!t) throw new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
    return { userId, reader, t };
  };

  app.get(
    '/api/transcripts/:id/export/:format',
    {
      schema: {
        ...exportSchema('The transcript as pdf (inline), docx, txt, srt or vtt', z.object({ id: idParam, format: transcriptFormatParam }))
          .schema,
        querystring: transcriptExportQuery,
      },
    },
    async (request, reply) => {
      const format = request.params.format;
      const options = subtitleOptionsOf(request.query);
      const { reader, t } = await exportOf(request, true);
      const base = exportFileBase(t.title, 'transcript');
      const input = { format, title: t.title, createdAt: t.createdAt, segments: t.segments, content: t.content, reader, options };
      return send(reply, format, base, await pool.run('exports', 'transcriptExport', input));
    },
  );

  app.get(
    '/api/transcripts/:id/ai-outputs/export/:format',
    exportSchema('All AI outputs of the transcript as pdf (inline), docx or txt', z.object({ id: idParam, format: outputsFormatParam })),
    async (request, reply) => {
      const format = request.params.format;
      const { userId, reader, t } = await exportOf(request);
      const outputs = await repo.outputs(userId, t.id);
      const m = documentMessages[reader.language];
      const doc: ExportDocument = {
        title: `${t.title} – ${m.aiOutputsSuffix}`,
        subtitle: `${m.exported}: ${formatDate(new Date(), reader)}`,
        entries: outputs.map((o) => outputEntry(o, reader)),
      };
      return send(reply, format, exportFileBase(t.title, 'ai-outputs'), await renderDocument(format, doc));
    },
  );

  app.get(
    '/api/transcripts/:id/ai-outputs/:outputId/export/:format',
    exportSchema('One AI output as pdf (inline), docx or txt', z.object({ id: idParam, outputId: idParam, format: outputsFormatParam })),
    async (request, reply) => {
      const format = request.params.format;
      const { userId, reader, t } = await exportOf(request);
      const o = await repo.output(userId, t.id, request.params.outputId);
      if (!o) throw new HttpError(404, 'AI_OUTPUT_NOT_FOUND');
      const doc: ExportDocument = {
        title: o.prompt.trim() || documentMessages[reader.language].aiOutput,
        subtitle: `${t.title} · ${formatDate(o.createdAt, reader)}`,
        entries: [{ heading: '', text: o.output }],
      };
      return send(reply, format, exportFileBase(o.prompt, 'ai-output'), await renderDocument(format, doc));
    },
  );
};
