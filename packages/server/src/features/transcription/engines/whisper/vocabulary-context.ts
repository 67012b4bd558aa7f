/**
 * A user's vocabulary as the decoder's previous context (Whisper's `initial_prompt`). Apart from engine.ts:
 * a pure function of the tokenizer and the decoder's context size, with none of the engine's state.
 */
import { DECODER_CONTEXT } from './inference.ts';
import type { WhisperTokenizer } from './tokenizer.ts';

// Previous-context tokens after <|startofprev|>: Whisper's reference decoder keeps the last n_ctx // 2 - 1.
const MAX_CONTEXT_TOKENS = DECODER_CONTEXT / 2 - 1;

/**
 * The decoder's previous-context ids for a user's vocabulary, as Whisper's `initial_prompt`:
 * <|startofprev|> and the tokens of " " + the terms, the end kept when too long. Empty without terms.
 */
export function vocabularyContext(tokenizer: WhisperTokenizer, vocabulary: readonly string[] | undefined): number[] {
  const text = (vocabulary ?? [])
    .map((term) => term.trim())
    .filter(Boolean)
    .join(', ');
  if (!text) return [];
  return [tokenizer.special.startOfPrev, ...tokenizer.encode(` ${text}`).slice(-MAX_CONTEXT_TOKENS)];
}
