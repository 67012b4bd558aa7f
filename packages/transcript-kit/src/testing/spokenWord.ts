// Story helpers for timed words: the word painted as spoken, and a pointer click on one word of a row.
import { userEvent } from 'storybook/test';
import { textNodeOf } from '../highlight/textHighlight.ts';
import { SPOKEN_WORD_HIGHLIGHT } from '../highlight/useSpokenWord.ts';

/** The text painted as the word being spoken, or null. */
export function spokenWord(): string | null {
  const highlight = CSS.highlights.get(SPOKEN_WORD_HIGHLIGHT);
  return highlight && highlight.size > 0 ? [...highlight][0]!.toString() : null;
}

/** Clicks the pointer on the middle of `word` in the row's text (a real position: the browser finds the character). */
export async function clickOnWord(row: HTMLElement, word: string) {
  const node = textNodeOf(row)!;
  const from = node.data.indexOf(word);
  if (from < 0) throw new Error(`"${word}" is not in the row's text`);
  const range = document.createRange();
  range.setStart(node, from + Math.floor(word.length / 2));
  range.setEnd(node, from + Math.floor(word.length / 2) + 1);
  const box = range.getBoundingClientRect();
  const frame = row.getBoundingClientRect();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await userEvent.pointer({ keys: '[MouseLeft]', target: row, coords: { clientX: x, clientY: y, x: x - frame.x, y: y - frame.y } });
}
