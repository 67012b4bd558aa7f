import {
  errorResponseSchema,
  exportFileBase,
  exportFormats,
  transcriptExportFormats,
  type TranscriptExportFormat,
} from '@scribe/api-client';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { AiRepository } from '../ai/repository.ts';
import type { PreferencesService } from '../preferences/service.ts';
import { documentMessages, parseTimeZone } from '../../i18n/messages.ts';
import {
  contentTypes,
  formatDate,
  type Reader,
  renderDocument,
  renderSrt,
  renderVtt,
  transcriptDocument,
  type ExportDocument,
} from './render.ts';

export interface ExportsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  repo: AiRepository;
  /** The user's saved interface language: the document's fixed words follow it. */
  preferences: Pick<PreferencesService, 'get'>;
}

const tags = ['exports'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
// Enums in the route schemas, so the OpenAPI document lists the formats; an unknown one is a 400 with this text.
const unsupportedFormat = 'Unsupported export format';
const transcriptFormatParam = z.enum(transcriptExportFormats, { error: unsupportedFormat });
const outputsFormatParam = z.enum(exportFormats, { error: unsupportedFormat });

/**
 * ?tz=<IANA zone>: the browser's time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); the
 * document's times are given in it. Without one they are in UTC, as the zone's name in the file says.
 */
const exportQuery = z.object({ tz: z.string().optional() });

/** The plain filename= for old clients: accents dropped, ß as ss, anything else non-ASCII as _. */
export function asciiFileName(name: string): string {
  return name
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** PDF inline (opens in a new tab), everything else as a download; names per docs/decisions.md. */
function send(reply: FastifyReply, format: TranscriptExportFormat, base: string, body: Buffer) {
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
  const { repo } = opts;
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

  const transcriptOf = async (userId: number, id: number) => {
    const row = await repo.transcript(userId, id);
    if (!row) throw new HttpError(404, 'TRANSCRIPT_NOT_FOUND');
    return row;
  };

  app.get(
    '/api/transcripts/:id/export/:format',
    {
      schema: {
        tags,
        summary: 'The transcript as pdf (inline), docx, txt, srt or vtt',
        params: z.object({ id: idParam, format: transcriptFormatParam }),
        querystring: exportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const format = request.params.format;
      const userId = currentUser(request).id;
      const reader = await readerOf(userId, request.query.tz);
      const t = await transcriptOf(userId, request.params.id);
      const base = exportFileBase(t.title, 'transcript');
      if (format === 'srt') return send(reply, 'srt', base, renderSrt(t.segments));
      if (format === 'vtt') return send(reply, 'vtt', base, renderVtt(t.segments));
      const doc = transcriptDocument(t.title, t.createdAt, t.segments, t.content, reader);
      return send(reply, format, base, await renderDocument(format, doc));
    },
  );

  app.get(
    '/api/transcripts/:id/ai-outputs/export/:format',
    {
      schema: {
        tags,
        summary: 'All AI outputs of the transcript as pdf (inline), docx or txt',
        params: z.object({ id: idParam, format: outputsFormatParam }),
        querystring: exportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const format = request.params.format;
      const userId = currentUser(request).id;
      const reader = await readerOf(userId, request.query.tz);
      const t = await transcriptOf(userId, request.params.id);
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
    {
      schema: {
        tags,
        summary: 'One AI output as pdf (inline), docx or txt',
        params: z.object({ id: idParam, outputId: idParam, format: outputsFormatParam }),
        querystring: exportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const format = request.params.format;
      const userId = currentUser(request).id;
      const reader = await readerOf(userId, request.query.tz);
      const t = await transcriptOf(userId, request.params.id);
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
