import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Each module of the client and the sibling modules it imports (type imports included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(dir + file, 'utf8');
    graph.set(
      file,
      [...source.matchAll(/from '\.\/([\w.]+)'/g)].map((m) => m[1]!),
    );
  }
  return graph;
}

/** Every module that can reach itself through its imports. */
export function modulesInCircles(graph: Map<string, string[]>): string[] {
  const reaches = (from: string, to: string, seen: Set<string>): boolean =>
    (graph.get(from) ?? []).some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
  return [...graph.keys()].filter((file) => reaches(file, file, new Set())).sort();
}

describe('api-client modules', () => {
  it('import each other without circles (schemas depend on constants, never the other way)', () => {
    expect(modulesInCircles(importGraph())).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['a.schemas.ts']],
      ['a.schemas.ts', ['a.ts']],
      ['b.ts', ['a.ts']],
    ]);
    expect(modulesInCircles(graph)).toEqual(['a.schemas.ts', 'a.ts']);
  });
});
