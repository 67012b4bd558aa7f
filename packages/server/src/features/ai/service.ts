import { type AiModel, type AiModelId, type AiOutput, type SavedPrompt } from '@scribe/api-client';
import { randomUUID } from 'node:crypto';
import type { AiOutputStreamEvent, AiProgressEvent } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AiOutputRow, PromptRow, TranscriptRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { LiveHub } from '../live/hub.ts';
import type { PromptMetrics, PromptOutcome } from '../metrics/registry.ts';
import type { AiEngines } from './engines/index.ts';
import {
  AiCancelledError,
  AiContextOverflowError,
  AiEmptyAnswerError,
  AiProviderError,
  AiTimedOutError,
  type AiProgress,
  type AiTranscript,
} from './engines/types.ts';
import type { AiRepository } from './repository.ts';
import type { PreferencesService } from '../preferences/service.ts';

export function toSavedPrompt(row: PromptRow): SavedPrompt {
  return { id: row.id, name: row.name, prompt: row.prompt, icon: row.icon };
}

export function toAiOutput(row: AiOutputRow): AiOutput {
  return {
    id: row.id,
    transcriptId: row.transcriptId,
    prompt: row.prompt,
    output: row.output,
    engine: row.engine === 'openai' ? 'openai' : 'local',
    model: row.model,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAiTranscript(row: TranscriptRow): AiTranscript {
  return {
    title: row.title,
    language: row.language,
    content: row.content,
    segments: row.segments,
    durationSeconds: row.durationSeconds,
  };
}

/** Deltas are batched (every `intervalMs`) and cut to fit a NOTIFY payload. */
const STREAM_INTERVAL_MS = 100;
const STREAM_MAX_CHARS = 1500;

/**
 * Beyond the spec: the answer reaches the user's sockets over /ws while it is generated; a long run on a
 * language model also reports each step (`ai_progress`, same run id).
 */
function createStreamPublisher(hub: LiveHub | undefined, userId: number, transcriptId: number, prompt: string, log: FastifyBaseLogger) {
  const runId = randomUUID();
  let seq = 0;
  let buffer = '';
  let timer: NodeJS.Timeout | undefined;
  // One publish at a time: on PostgreSQL each NOTIFY may take another pool connection, and two in
  // flight at once can arrive in either order.
  let sending = Promise.resolve();
  const send = (delta: string, done: boolean) => {
    if (!hub) return;
    const data: AiOutputStreamEvent = { transcriptId, runId, prompt: prompt.slice(0, 300), seq: seq++, delta, done };
    sending = sending
      .then(() => hub.publish({ userId, type: 'ai_output_stream', data }))
      .catch((err: unknown) => log.warn({ err }, 'could not stream AI output'));
  };
  const progress = (p: AiProgress) => {
    if (!hub) return;
    const data: AiProgressEvent = { transcriptId, runId, prompt: prompt.slice(0, 300), ...p };
    sending = sending
      .then(() => hub.publish({ userId, type: 'ai_progress', data }))
      .catch((err: unknown) => log.warn({ err }, 'could not report AI progress'));
  };
  const flush = () => {
    timer = undefined;
    while (buffer.length > 0) {
      send(buffer.slice(0, STREAM_MAX_CHARS), false);
      buffer = buffer.slice(STREAM_MAX_CHARS);
    }
  };
  return {
    progress,
    delta(text: string) {
      buffer += text;
      timer ??= setTimeout(flush, STREAM_INTERVAL_MS);
    },
    end() {
      if (timer) clearTimeout(timer);
      flush();
      send('', true);
    },
  };
}

/**
 * What the AI feature needs of the credits feature: `run` goes ahead only once the prompt is paid for
 * (a short balance throws HTTP 402 before it starts), and whatever `run` throws is refunded.
 */
export interface PromptBilling {
  runPaidPrompt<T>(userId: number, model: string, run: () => Promise<T>, transcriptId?: number): Promise<T>;
}

export function createAiService(deps: {
  repo: AiRepository;
  engines: AiEngines;
  log: FastifyBaseLogger;
  hub?: LiveHub;
  billing: PromptBilling;
  /** The user's saved interface language: the local engine's own words follow it. */
  preferences?: Pick<PreferencesService, 'get'>;
  /** Told of each stored output (webhooks); must not throw. */
  onOutputCreated?: (userId: number, output: AiOutput) => Promise<void>;
  /** Each engine run's duration, by engine and outcome. */
  metrics?: PromptMetrics;
}) {
  const { repo, engines, log, hub, billing, preferences } = deps;
  const transcriptNotFound = () => new HttpError(404, 'TRANSCRIPT_NOT_FOUND');

  async function ownTranscript(userId: number, id: number): Promise<TranscriptRow> {
    const row = await repo.transcript(userId, id);
    if (!row) throw transcriptNotFound();
    return row;
  }

  return {
    models(): AiModel[] {
      return engines.models;
    },

    async listPrompts(userId: number): Promise<SavedPrompt[]> {
      return (await repo.listPrompts(userId)).map(toSavedPrompt);
    },

    async createPrompt(userId: number, body: Pick<PromptRow, 'name' | 'prompt' | 'icon'>): Promise<SavedPrompt> {
      return toSavedPrompt(await repo.createPrompt(userId, body));
    },

    async updatePrompt(userId: number, id: number, body: Partial<Pick<PromptRow, 'name' | 'prompt' | 'icon'>>): Promise<SavedPrompt> {
      if (body.name === undefined && body.prompt === undefined && body.icon === undefined) throw new HttpError(400, 'PROMPT_UPDATE_EMPTY');
      const row = await repo.updatePrompt(userId, id, body);
      if (!row) throw new HttpError(404, 'PROMPT_NOT_FOUND');
      return toSavedPrompt(row);
    },

    /** Another user's prompt id answers like a missing one (404). */
    async reorderPrompts(userId: number, ids: readonly number[]): Promise<SavedPrompt[]> {
      const outcome = await repo.reorderPrompts(userId, ids);
      if (outcome === 'missing') throw new HttpError(404, 'PROMPT_NOT_FOUND');
      if (outcome === 'mismatch') throw new HttpError(400, 'PROMPT_ORDER_MISMATCH');
      return (await repo.listPrompts(userId)).map(toSavedPrompt);
    },

    async deletePrompt(userId: number, id: number): Promise<void> {
      if (!(await repo.deletePrompt(userId, id))) throw new HttpError(404, 'PROMPT_NOT_FOUND');
    },

    async outputs(userId: number, transcriptId: number): Promise<AiOutput[]> {
      await ownTranscript(userId, transcriptId);
      return (await repo.outputs(userId, transcriptId)).map(toAiOutput);
    },

    /** Owner only: another user's output (or transcript) answers like a missing one (404). */
    async deleteOutput(userId: number, transcriptId: number, outputId: number): Promise<void> {
      await ownTranscript(userId, transcriptId);
      if (!(await repo.deleteOutput(userId, transcriptId, outputId))) throw new HttpError(404, 'AI_OUTPUT_NOT_FOUND');
    },

    /**
     * Runs a prompt over the transcript with the chosen model and stores the answer. A provider
     * failure answers 502 'Failed to process custom prompt: {provider's error}'; nothing is stored.
     */
    async run(userId: number, transcriptId: number, body: { prompt: string; model?: AiModelId }, signal: AbortSignal): Promise<AiOutput> {
      const transcript = await ownTranscript(userId, transcriptId);
      const chosen = engines.resolve(body.model);
      if (!chosen) {
        // The user is told what they can do; which models exist is the operator's business (logged).
        log.info({ model: body.model, available: engines.models.map((m) => m.id) }, 'prompt asked for a model that is not offered');
        throw new HttpError(400, 'UNKNOWN_MODEL');
      }
      if (transcript.status !== 'completed' || (!transcript.content.trim() && transcript.segments.length === 0)) {
        throw new HttpError(409, 'TRANSCRIPT_NOT_READY');
      }
      // Paid before the engine runs (402 'Not enough credits' and nothing else happens when the balance
      // is short); refunded when no answer gets stored: provider failure, cancellation, a failed write.
      const language = preferences ? (await preferences.get(userId)).language : 'en';
      // A prompt the engine cannot really answer (the local engine asked to translate) gets its plain
      // note stored free of charge: no credit for an answer that says 'cannot'.
      const free = await chosen.engine.freeAnswer?.({
        prompt: body.prompt,
        transcript: toAiTranscript(transcript),
        model: chosen.model.model,
        language,
      });
      if (free) {
        const stored = await repo.addOutput({
          transcriptId,
          prompt: body.prompt,
          output: free.output,
          engine: free.engine,
          model: free.model,
        });
        const output = toAiOutput(stored);
        await deps.onOutputCreated?.(userId, output);
        return output;
      }
      const row = await billing.runPaidPrompt(
        userId,
        chosen.model.id,
        async () => {
          let result;
          const stream = createStreamPublisher(hub, userId, transcriptId, body.prompt, log);
          const started = performance.now();
          let outcome: PromptOutcome = 'failed';
          try {
            result = await chosen.engine.run({
              prompt: body.prompt,
              transcript: toAiTranscript(transcript),
              model: chosen.model.model,
              language,
              signal,
              onDelta: (text) => stream.delta(text),
              onProgress: (p) => stream.progress(p),
            });
            outcome = 'completed';
          } catch (err) {
            // Refused as it is (503 SERVER_BUSY from the local engine's worker threads).
            if (err instanceof HttpError) throw err;
            if (err instanceof AiCancelledError) {
              outcome = 'cancelled';
              throw new HttpError(499, 'REQUEST_CANCELLED');
            }
            // Each refunded (runPaidPrompt) and shown as its own error: never an empty answer card.
            if (err instanceof AiTimedOutError) {
              log.warn({ seconds: err.seconds }, 'AI provider timed out');
              throw new HttpError(504, 'AI_TIMED_OUT', { params: { seconds: err.seconds } });
            }
            if (err instanceof AiEmptyAnswerError) {
              log.warn('AI provider returned an empty answer');
              throw new HttpError(502, 'AI_EMPTY_ANSWER');
            }
            if (err instanceof AiContextOverflowError) {
              log.warn({ reason: err.message }, 'AI prompt overflowed the context');
              throw new HttpError(422, 'AI_CONTEXT_OVERFLOW');
            }
            if (err instanceof AiProviderError) {
              log.warn({ err, status: err.status }, 'AI provider failed');
              throw new HttpError(502, 'AI_PROVIDER_FAILED', { params: { reason: err.message } });
            }
            log.error({ err }, 'AI engine failed');
            throw new HttpError(500, 'CUSTOM_PROMPT_FAILED');
          } finally {
            stream.end();
            deps.metrics?.promptFinished(chosen.engine.kind, outcome, (performance.now() - started) / 1000);
          }
          return repo.addOutput({
            transcriptId,
            prompt: body.prompt,
            output: result.output,
            engine: result.engine,
            model: result.model,
          });
        },
        transcriptId,
      );
      const output = toAiOutput(row);
      await deps.onOutputCreated?.(userId, output);
      return output;
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
