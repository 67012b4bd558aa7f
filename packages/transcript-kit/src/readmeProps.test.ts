// The embedder's README documents every exported component, with a props table that matches its types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { componentProps, propsTable, readmePath, updatedReadme } from '../../../scripts/readme-props.ts';

// Type-checking the kit's sources takes seconds.
describe('the transcript-kit README', { timeout: 120_000 }, () => {
  const readme = readFileSync(readmePath, 'utf8');
  const components = componentProps();

  it('has a props section for every exported component, and each table matches the types', () => {
    expect(components.size).toBeGreaterThan(15);
    const { text, missing } = updatedReadme(readme, components);
    expect(missing, 'exported components without a `<!-- props:Name -->` section in the README').toEqual([]);
    // Out of date? `pnpm readme:props` rewrites the tables.
    expect(text === readme, 'README props tables differ from the types: run `pnpm readme:props`').toBe(true);
  });

  it("lists a component's own props with their types and docs; the language and direction are KitProvider's alone", () => {
    const player = components.get('AudioPlayer') ?? [];
    expect(player.find((p) => p.name === 'src')).toMatchObject({ optional: false, type: 'string | null' });
    expect(player.find((p) => p.name === 'onTimeUpdate')?.doc).toMatch(/position in seconds/);
    expect((components.get('KitProvider') ?? []).map((r) => r.name)).toEqual(['locale', 'dir', 'children']);
    for (const [name, rows] of components) {
      // ThemeProvider's `dir` is the HTML attribute it also sets, for everything inside.
      if (name === 'KitProvider' || name === 'ThemeProvider') continue;
      expect(
        rows.map((r) => r.name).filter((prop) => prop === 'locale' || prop === 'dir'),
        name,
      ).toEqual([]);
    }
    // A union's pipes are escaped so the table keeps its columns.
    expect(propsTable([{ name: 'state', optional: true, type: "'a' | 'b'", doc: 'x' }])).toContain("`'a' \\| 'b'`");
  });
});
