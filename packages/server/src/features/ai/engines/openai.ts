/**
 * Any OpenAI-compatible chat API through the `openai` SDK (OpenAI, Azure, Ollama, vLLM). The
 * transcript goes along with [mm:ss] times so the answer can cite them; the answer streams in.
 */
import OpenAI, { APIError, APIUserAbortError } from 'openai';
import {
  formatTimestamp,
  AiCancelledError,
  AiProviderError,
  type AiEngine,
  type AiRequest,
  type AiResult,
  type AiTranscript,
} from './types.ts';

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export function transcriptForModel(t: AiTranscript): string {
  const lines = t.segments.length
    ? t.segments.map((s) => {
        const who = s.speaker && s.speaker !== 'Unknown Speaker' ? `${s.speaker}: ` : '';
        return `[${formatTimestamp(s.start)}] ${who}${s.text.trim()}`;
      })
    : [t.content];
  return lines.join('\n');
}

const SYSTEM =
  'You work on the transcript of an audio recording. Each line starts with its time as [mm:ss] or [h:mm:ss]. ' +
  'Answer the user\u2019s request from the transcript only. When you refer to a passage, cite its time in the same ' +
  'bracketed form, e.g. [01:23]. Answer in the language of the transcript unless asked otherwise.';

export function createOpenAiChatEngine(options: OpenAiChatOptions): AiEngine {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Self-hosted servers often need no key; the SDK insists on a value.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 1,
  });
  return {
    kind: 'openai',
    async run(request: AiRequest): Promise<AiResult> {
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.model,
            stream: true,
            messages: [
              { role: 'system', content: SYSTEM },
              {
                role: 'user',
                content: `Transcript "${request.transcript.title}":\n\n${transcriptForModel(request.transcript)}\n\nRequest: ${request.prompt}`,
              },
            ],
          },
          { signal: request.signal },
        );
        let output = '';
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            output += delta;
            request.onDelta?.(delta);
          }
        }
        // The SDK ends a stream quietly when its signal aborts: a cancelled answer is not a result.
        if (request.signal?.aborted) throw new AiCancelledError();
        if (!output.trim()) throw new AiProviderError('The provider returned an empty answer', undefined);
        return { output, engine: 'openai', model: request.model };
      } catch (err) {
        if (request.signal?.aborted || err instanceof APIUserAbortError) throw new AiCancelledError();
        if (err instanceof AiProviderError) throw err;
        if (err instanceof APIError) {
          const body = err.error as { message?: unknown } | undefined;
          const message = typeof body?.message === 'string' ? body.message : err.message;
          throw new AiProviderError(message, err.status, { cause: err });
        }
        throw new AiProviderError(err instanceof Error ? err.message : String(err), undefined, { cause: err });
      }
    },
  };
}
