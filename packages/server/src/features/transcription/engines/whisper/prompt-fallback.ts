/**
 * A user's vocabulary goes to the decoder as previous context (Whisper's `initial_prompt`). On short or
 * clipped speech the prompt can lead tiny.en astray: it repeats the terms ('Anneliese Oyelaran,
 * Anneliese Oyelaran, …' to the end of the window), writes a sentence more often than it was said, or
 * writes nothing at all, and it writes the window as one segment; the language check then takes the
 * recording for a loop over foreign speech ('Not English'). `pnpm bench vocabulary-cuts` loops a 5.4 s
 * clip of names into 7 and 8 s recordings starting at each second of it: 3 of 12 were refused so as WAV
 * (test/transcription/language-check.test.ts holds them) and 5 of 12 as Opus; with the fallback none and
 * 1 (a cut on which the decode without the prompt stops after a few words, refused without any
 * vocabulary too). Recordings made in Chromium from its fake microphone still end so at times.
 *
 * Whisper's reference decoder tries a failed window again in another way, and drops the prompt once it
 * samples at high temperature. This engine decodes greedily, so its other way is the window without the
 * prompt: names may come out misspelt, but the words are the ones the engine hears.
 *
 * A failed decode here is what the language check calls a loop (speech.ts `loops`), not Whisper's
 * compression ratio above 2.4: a sentence said three times in a row compresses as much as a loop, and
 * its names should stay spelt as the user asked.
 */
import { loops } from '../../speech.ts';

/** A window's decode that did not transcribe: no words, or words looping over a few. */
export function failedDecode(text: string): boolean {
  return text.trim() === '' || loops(text);
}

/**
 * A window decoded with the prompt (`decode(true)`), and again without it when that failed. `text` gives
 * a decode's words.
 */
export async function decodeWithFallback<T>(decode: (withPrompt: boolean) => Promise<T>, text: (decoded: T) => string): Promise<T> {
  const withPrompt = await decode(true);
  if (!failedDecode(text(withPrompt))) return withPrompt;
  const withoutPrompt = await decode(false);
  return chooseDecode(text(withPrompt), text(withoutPrompt)) === 'with-prompt' ? withPrompt : withoutPrompt;
}

/**
 * Which decode of a window to keep: the one with the prompt unless it failed; else the one without it,
 * as Whisper keeps its last try, unless that one has no words at all.
 */
export function chooseDecode(withPrompt: string, withoutPrompt: string): 'with-prompt' | 'without-prompt' {
  if (!failedDecode(withPrompt)) return 'with-prompt';
  return withoutPrompt.trim() === '' ? 'with-prompt' : 'without-prompt';
}
