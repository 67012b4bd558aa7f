/**
 * Short transcripts go to the model whole. Longer ones are map-reduced: each part (timed lines sized to the
 * context) becomes notes that keep their times, the notes are combined again while they still overflow,
 * and the final answer is written over the notes. Each model call is one progress step.
 */
import { chunkLines } from './chunker.ts';
import { countMessageTokens } from './tokens.ts';
import { AiContextOverflowError, type AiProgress } from './types.ts';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface MapReduceInput {
  /** The system instruction of a direct answer (time citations, answer language). */
  system: string;
  title: string;
  prompt: string;
  /** The transcript as timed lines. */
  lines: readonly string[];
  contextTokens: number;
  answerTokens: number;
  /** One model call; `final` for the answer the user sees (it streams). */
  complete: (messages: ChatMessage[], final: boolean) => Promise<string>;
  onProgress?: (progress: AiProgress) => void;
}

const NOTES_RULES =
  'Do not answer the request yet. Write short notes of everything in this text that matters for the request: facts, ' +
  'names, figures, dates, decisions, action items and questions. One note per line, each starting with the time of ' +
  'its passage as [mm:ss] or [h:mm:ss], copied from the text. Write the notes in the language of the transcript and nothing else.';

export function wholeMessages(system: string, title: string, transcript: string, prompt: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Transcript "${title}":\n\n${transcript}\n\nRequest: ${prompt}` },
  ];
}

function readMessages(input: MapReduceInput, part: number, parts: number, text: string): ChatMessage[] {
  return [
    { role: 'system', content: `${input.system} You get part ${part} of ${parts} of a long transcript. ${NOTES_RULES}` },
    { role: 'user', content: `Request: ${input.prompt}\n\nTranscript "${input.title}", part ${part} of ${parts}:\n\n${text}` },
  ];
}

function combineMessages(input: MapReduceInput, notes: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `${input.system} You get notes taken from consecutive parts of a long transcript, in order. Merge them into fewer notes, dropping repetitions. ${NOTES_RULES}`,
    },
    { role: 'user', content: `Request: ${input.prompt}\n\nNotes on the transcript "${input.title}":\n\n${notes}` },
  ];
}

function answerMessages(input: MapReduceInput, notes: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `${input.system} The transcript is too long to show whole: you get notes taken from it in order, each with the time of its passage. Answer from these notes and cite their times.`,
    },
    { role: 'user', content: `Notes on the transcript "${input.title}":\n\n${notes}\n\nRequest: ${input.prompt}` },
  ];
}

/** Fewer tokens than this for the text itself, and the context is too small to be of use. */
const MIN_TEXT_TOKENS = 64;
const MAX_COMBINE_ROUNDS = 8;

export async function runMapReduce(input: MapReduceInput): Promise<string> {
  const inputBudget = input.contextTokens - input.answerTokens;
  const whole = wholeMessages(input.system, input.title, input.lines.join('\n'), input.prompt);
  if (countMessageTokens(whole) <= inputBudget) return input.complete(whole, true);

  // What the text may use once the instructions of each kind of call are counted.
  const textBudget = (framing: ChatMessage[]) => inputBudget - countMessageTokens(framing);
  const readBudget = textBudget(readMessages(input, 9999, 9999, ''));
  const combineBudget = textBudget(combineMessages(input, ''));
  if (Math.min(readBudget, combineBudget, textBudget(answerMessages(input, ''))) < MIN_TEXT_TOKENS) {
    throw new AiContextOverflowError('The configured context is too small for this request');
  }

  const parts = chunkLines(input.lines, readBudget);
  let steps = parts.length + 1;
  let step = 0;
  const progress = (phase: AiProgress['phase'], part: number, of: number) => {
    step += 1;
    input.onProgress?.({ phase, step, steps, part, parts: of });
  };

  let notes: string[] = [];
  for (const [i, lines] of parts.entries()) {
    progress('reading', i + 1, parts.length);
    notes.push((await input.complete(readMessages(input, i + 1, parts.length, lines.join('\n')), false)).trim());
  }

  for (let round = 0; countMessageTokens(answerMessages(input, notes.join('\n'))) > inputBudget; round += 1) {
    const noteLines = notes.flatMap((n) => n.split('\n')).filter((l) => l.trim());
    const groups = chunkLines(noteLines, combineBudget);
    if (round >= MAX_COMBINE_ROUNDS || groups.length >= notes.length) {
      throw new AiContextOverflowError('The notes on this transcript do not fit the configured context');
    }
    steps += groups.length;
    const combined: string[] = [];
    for (const [i, group] of groups.entries()) {
      progress('combining', i + 1, groups.length);
      combined.push((await input.complete(combineMessages(input, group.join('\n')), false)).trim());
    }
    notes = combined;
  }

  progress('answering', 1, 1);
  return input.complete(answerMessages(input, notes.join('\n')), true);
}
