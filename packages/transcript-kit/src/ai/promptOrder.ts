// The order of saved prompts after a drag and drop or a move up/down: pure, so both paths agree.

/** `ids` with `moved` taken out and put before or after `target` (moved ones keep their relative order). */
export function moveAround<T>(ids: readonly T[], moved: ReadonlySet<T>, target: T, position: 'before' | 'after'): T[] {
  if (moved.has(target)) return [...ids];
  const rest = ids.filter((id) => !moved.has(id));
  const picked = ids.filter((id) => moved.has(id));
  const at = rest.indexOf(target);
  if (at < 0) return [...ids];
  rest.splice(position === 'before' ? at : at + 1, 0, ...picked);
  return rest;
}

/** `ids` with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy<T>(ids: readonly T[], id: T, delta: -1 | 1): T[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** Whether two orders differ (a drop in place sends nothing). */
export function sameOrder<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
