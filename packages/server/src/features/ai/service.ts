import { aiMessages, libraryMessages, type AiModel, type AiModelId, type AiOutput, type SavedPrompt } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AiOutputRow, PromptRow, TranscriptRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { AiEngines } from './engines/index.ts';
import { AiCancelledError, AiProviderError, type AiTranscript } from './engines/types.ts';
import type { AiRepository } from './repository.ts';

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

export function createAiService(deps: { repo: AiRepository; engines: AiEngines; log: FastifyBaseLogger }) {
  const { repo, engines, log } = deps;
  const transcriptNotFound = () => new HttpError(404, libraryMessages.transcriptNotFound);

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

    async deletePrompt(userId: number, id: number): Promise<void> {
      if (!(await repo.deletePrompt(userId, id))) throw new HttpError(404, aiMessages.promptNotFound);
    },

    async outputs(userId: number, transcriptId: number): Promise<AiOutput[]> {
      await ownTranscript(userId, transcriptId);
      return (await repo.outputs(userId, transcriptId)).map(toAiOutput);
    },

    /**
     * Runs a prompt over the transcript with the chosen model and stores the answer. A provider
     * failure answers 502 'Failed to process custom prompt: {provider's error}'; nothing is stored.
     */
    async run(
      userId: number,
      transcriptId: number,
      body: { prompt: string; model?: AiModelId },
      signal: AbortSignal,
    ): Promise<AiOutput> {
      const transcript = await ownTranscript(userId, transcriptId);
      const chosen = engines.resolve(body.model);
      if (!chosen) {
        throw new HttpError(400, `${aiMessages.unknownModel}: ${body.model}. Available: ${engines.models.map((m) => m.id).join(', ')}`);
      }
      if (transcript.status !== 'completed' || (!transcript.content.trim() && transcript.segments.length === 0)) {
        throw new HttpError(409, aiMessages.transcriptNotReady);
      }
      // Credits: the charge for this prompt goes here (before the engine runs), with a refund in the
      // catch below when the engine fails or the request is cancelled. Wired by the credits feature.
      let result;
      try {
        result = await chosen.engine.run({
          prompt: body.prompt,
          transcript: toAiTranscript(transcript),
          model: chosen.model.model,
          signal,
        });
      } catch (err) {
        if (err instanceof AiCancelledError) throw new HttpError(499, err.message);
        if (err instanceof AiProviderError) {
          log.warn({ err, status: err.status }, 'AI provider failed');
          throw new HttpError(502, `${aiMessages.customPromptFailed}: ${err.message}`);
        }
        log.error({ err }, 'AI engine failed');
        throw new HttpError(500, aiMessages.customPromptFailed);
      }
      const row = await repo.addOutput({
        transcriptId,
        prompt: body.prompt,
        output: result.output,
        engine: result.engine,
        model: result.model,
      });
      return toAiOutput(row);
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
