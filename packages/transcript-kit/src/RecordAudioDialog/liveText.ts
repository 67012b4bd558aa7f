// Draft text while recording: final windows never change again, provisional ones may (the newest words).

export interface LiveTextSegment {
  /** Seconds from the recording's start. */
  start: number;
  end: number;
  text: string;
  /** False while the window may still change (shown as provisional). */
  final: boolean;
}

/** How many segments from the start are final (final ones come first: they cover the recording from its start). */
export function finalCount(segments: readonly LiveTextSegment[]): number {
  const index = segments.findIndex((segment) => !segment.final);
  return index === -1 ? segments.length : index;
}

/** The draft as two runs of text: the settled part and the provisional tail. */
export function splitDraft(segments: readonly LiveTextSegment[]): { finalText: string; provisionalText: string } {
  const count = finalCount(segments);
  const join = (list: readonly LiveTextSegment[]) =>
    list
      .map((segment) => segment.text.trim())
      .filter(Boolean)
      .join(' ');
  return { finalText: join(segments.slice(0, count)), provisionalText: join(segments.slice(count)) };
}

/**
 * What a screen reader should hear now: only the text that became final since `announced` final
 * segments (never the provisional words, which change several times a second), and the new count.
 */
export function newlyFinalText(segments: readonly LiveTextSegment[], announced: number): { text: string; count: number } {
  const count = finalCount(segments);
  if (count <= announced) return { text: '', count: Math.min(announced, count) };
  return { text: splitDraft(segments.slice(announced, count)).finalText, count };
}
