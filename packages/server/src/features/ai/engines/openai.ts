/**
 * Any OpenAI-compatible chat API through the `openai` SDK (OpenAI, Azure, Ollama, vLLM). The transcript
 * goes along as timed lines so the answer can cite them; the answer streams in. A transcript that does not
 * fit the configured context is read in parts (map-reduce, see mapReduce.ts); every cited time in the
 * answer is checked and every claim gains one (times.ts).
 */
import type * as OpenAiSdk from 'openai';
import { lazyModule } from '../../../lazy-module.ts';

const openai = lazyModule<typeof OpenAiSdk>('openai');
import { timedLines } from './chunker.ts';
import { languageInstruction } from './language.ts';
import { runMapReduce, type ChatMessage } from './mapReduce.ts';
import { anchorClaims, normaliseTimes } from './times.ts';
import {
  AiCancelledError,
  AiContextOverflowError,
  AiEmptyAnswerError,
  AiProviderError,
  AiTimedOutError,
  type AiEngine,
  type AiRequest,
  type AiResult,
} from './types.ts';

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** Per request to the model: longer counts as a failure (AiTimedOutError). */
  timeoutMs: number;
  /** The model's context window in tokens (prompt and answer together). */
  contextTokens: number;
  /** Tokens kept free for each answer (sent as max_tokens). */
  answerTokens: number;
}

const SYSTEM =
  'You work on the transcript of an audio recording. Each line starts with its time as [mm:ss] or [h:mm:ss]. ' +
  'Answer the user\u2019s request from the transcript only. When you refer to a passage, cite its time in the same ' +
  'bracketed form, e.g. [01:23].';

// The servers' own words for a prompt longer than the context (OpenAI, vLLM, llama.cpp, LM Studio).
const OVERFLOW_RE = /context[ _-]?length|maximum context|context window|too many tokens|exceeds? the (?:model'?s? )?(?:context|maximum)/iu;

export function createOpenAiChatEngine(options: OpenAiChatOptions): AiEngine {
  const { OpenAI, APIConnectionTimeoutError, APIError, APIUserAbortError } = openai();
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Self-hosted servers often need no key; the SDK insists on a value.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 1,
  });
  const timeoutSeconds = Math.round(options.timeoutMs / 1000);

  /** One streamed chat request, bounded by the time-out as a whole (the SDK's own only waits for headers). */
  async function complete(
    messages: ChatMessage[],
    request: Pick<AiRequest, 'model' | 'signal'>,
    final: boolean,
    onDelta?: (text: string) => void,
  ): Promise<string> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const cancel = () => controller.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    const failure = () => {
      if (timedOut) return new AiTimedOutError(timeoutSeconds);
      if (request.signal?.aborted) return new AiCancelledError();
      return null;
    };
    try {
      if (request.signal?.aborted) throw new AiCancelledError();
      const stream = await client.chat.completions.create(
        { model: request.model, stream: true, max_tokens: options.answerTokens, messages },
        { signal: controller.signal },
      );
      let output = '';
      let cut = false;
      for await (const chunk of stream) {
        // Servers differ in what else a chunk carries (usage, system_fingerprint, role on every delta): only these count.
        const choice = chunk.choices?.[0];
        const delta = choice?.delta?.content ?? '';
        if (delta) {
          output += delta;
          onDelta?.(delta);
        }
        if (choice?.finish_reason === 'length') cut = true;
      }
      // The SDK ends a stream quietly when its signal aborts: a timed-out or cancelled answer is not a result.
      const stopped = failure();
      if (stopped) throw stopped;
      if (cut) {
        // The user's answer must be whole. Notes on a part are kept up to their last complete line.
        const whole = output.slice(0, Math.max(0, output.lastIndexOf('\n'))).trim();
        if (final || !whole) throw new AiContextOverflowError('The answer was cut off at the token limit');
        return whole;
      }
      if (!output.trim()) throw new AiEmptyAnswerError();
      return output;
    } catch (err) {
      const stopped = failure();
      if (stopped) throw stopped;
      if (err instanceof APIUserAbortError) throw new AiCancelledError();
      if (
        err instanceof AiCancelledError ||
        err instanceof AiTimedOutError ||
        err instanceof AiEmptyAnswerError ||
        err instanceof AiContextOverflowError
      ) {
        throw err;
      }
      if (err instanceof APIConnectionTimeoutError) throw new AiTimedOutError(timeoutSeconds);
      if (err instanceof APIError) {
        const body = err.error as { message?: unknown } | undefined;
        const message = typeof body?.message === 'string' ? body.message : err.message;
        if ((err.status === 400 || err.status === 413) && OVERFLOW_RE.test(message)) throw new AiContextOverflowError(message);
        throw new AiProviderError(message, err.status, { cause: err });
      }
      throw new AiProviderError(err instanceof Error ? err.message : String(err), undefined, { cause: err });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }

  return {
    kind: 'openai',
    async run(request: AiRequest): Promise<AiResult> {
      const { transcript } = request;
      const lines = timedLines(transcript);
      const system = `${SYSTEM} ${languageInstruction(transcript.language, request.prompt)}`;
      const answer = await runMapReduce({
        system,
        title: transcript.title,
        prompt: request.prompt,
        lines: lines.map((l) => l.line),
        contextTokens: options.contextTokens,
        answerTokens: options.answerTokens,
        complete: (messages, final) => complete(messages, request, final, final ? request.onDelta : undefined),
        onProgress: request.onProgress,
      });
      const lastEnd = transcript.segments.at(-1)?.end ?? null;
      const duration = transcript.durationSeconds ?? lastEnd;
      const sources = lines.flatMap((l) => (l.start === null ? [] : [{ start: l.start, text: l.text }]));
      const output = anchorClaims(normaliseTimes(answer, duration), sources);
      if (!output.trim()) throw new AiEmptyAnswerError();
      return { output, engine: 'openai', model: request.model };
    },
  };
}
