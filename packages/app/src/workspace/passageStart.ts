/**
 * Where a time in an AI output seeks the player. The times are whole seconds ([mm:ss], rounded down) and
 * quote a passage from its segment's start (the built-in engine's sentences carry their segment's start),
 * so the segment that starts within that second is the passage's start: the player goes there, not up to
 * a second before it. A time without such a segment (a model's own, or one between segments) is kept.
 */
export function passageStart(segments: ReadonlyArray<{ start: number }>, seconds: number): number {
  const hit = segments.find((s) => s.start >= seconds && s.start < seconds + 1);
  return hit ? hit.start : seconds;
}
