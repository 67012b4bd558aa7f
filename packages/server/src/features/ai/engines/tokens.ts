/**
 * Token counts for the configured context size. cl100k_base (OpenAI's GPT-4/3.5 encoding, shipped inside
 * gpt-tokenizer, nothing downloaded) stands in for every model: local models' tokenizers (Llama, Qwen,
 * Mistral) cut text into somewhat more pieces, so counts carry a margin to stay on the safe side.
 */
import type * as Cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import { lazyModule } from '../../../lazy-module.ts';

const cl100k = lazyModule<typeof Cl100k>('gpt-tokenizer/encoding/cl100k_base');

const MARGIN = 1.15;
/** Per chat message: role and framing tokens the API adds around its content. */
export const MESSAGE_OVERHEAD_TOKENS = 8;

export function countTokens(text: string): number {
  return text ? Math.ceil(cl100k().countTokens(text) * MARGIN) : 0;
}

export function countMessageTokens(messages: ReadonlyArray<{ content: string }>): number {
  return messages.reduce((sum, m) => sum + countTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 3);
}
