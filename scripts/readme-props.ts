// Writes the props table of every component transcript-kit exports into its README, between the markers
// `<!-- props:Name -->` and `<!-- /props:Name -->` in that component's section, from the TypeScript types
// and their doc comments; with --check it fails when a table is out of date or a component has no section
// (so the README documents every export and never drifts from the types).
//   node --import tsx scripts/readme-props.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const kitDir = join(root, 'packages', 'transcript-kit');
export const readmePath = join(kitDir, 'README.md');

export interface PropRow {
  name: string;
  optional: boolean;
  type: string;
  doc: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Markdown table cells: pipes escaped, no line breaks. */
const cell = (text: string) => oneLine(text).replace(/\|/g, '\\|');

/** Each component the kit's entries export (PascalCase values that take props) with its props. */
export function componentProps(): Map<string, PropRow[]> {
  // The main entry and ./utils (which holds a few smaller components, e.g. TranscriptionChoices).
  const entries = [join(kitDir, 'src', 'index.ts'), join(kitDir, 'src', 'utils.ts')];
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.base.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram([...entries, join(kitDir, 'src', 'po.d.ts')], { ...config?.options, noEmit: true });
  const checker = program.getTypeChecker();
  const exports = entries.flatMap((entry) => {
    const source = program.getSourceFile(entry);
    if (!source) throw new Error(`cannot read ${entry}`);
    return checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  });
  const byName = new Map(exports.map((symbol) => [symbol.name, symbol]));
  const components = new Map<string, PropRow[]>();

  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!/^[A-Z][a-z]/.test(exported.name) || !(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration) continue;
    // A plain function component: its parameter. One wrapped by withKitLocale (a ComponentType, no call
    // signature of its own): the `<Name>Props` the kit exports next to it.
    const [signature] = checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures();
    const [parameter] = signature?.getParameters() ?? [];
    const named = byName.get(`${exported.name}Props`);
    let props: ts.Type | undefined;
    if (parameter) props = checker.getTypeOfSymbolAtLocation(parameter, declaration);
    else if (named) props = checker.getDeclaredTypeOfSymbol(named.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(named) : named);
    if (!props) continue;
    const rows: PropRow[] = [];
    for (const prop of checker.getPropertiesOfType(props)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (!decl) continue;
      const fromKit = decl.getSourceFile().fileName.startsWith(join(root, 'packages'));
      const typeNode = (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) && decl.type;
      const type =
        fromKit && typeNode
          ? typeNode.getText()
          : checker.typeToString(checker.getTypeOfSymbolAtLocation(prop, decl), undefined, ts.TypeFormatFlags.NoTruncation);
      rows.push({
        name: prop.name,
        optional: (prop.flags & ts.SymbolFlags.Optional) !== 0,
        type: oneLine(type),
        doc: oneLine(ts.displayPartsToString(prop.getDocumentationComment(checker))),
      });
    }
    components.set(exported.name, rows);
  }
  return components;
}

export function propsTable(rows: PropRow[]): string {
  const lines = ['| Prop | Type | Description |', '| --- | --- | --- |'];
  for (const row of rows) lines.push(`| \`${row.name}${row.optional ? '?' : ''}\` | \`${cell(row.type)}\` | ${cell(row.doc)} |`);
  return lines.join('\n');
}

/** The README with every component's table rewritten; `missing` lists components without markers. */
export function updatedReadme(readme: string, components: Map<string, PropRow[]>): { text: string; missing: string[] } {
  const missing: string[] = [];
  let text = readme;
  for (const [name, rows] of components) {
    const begin = `<!-- props:${name} -->`;
    const end = `<!-- /props:${name} -->`;
    const start = text.indexOf(begin);
    const stop = text.indexOf(end);
    if (start < 0 || stop < start) {
      missing.push(name);
      continue;
    }
    text = `${text.slice(0, start + begin.length)}\n\n${propsTable(rows)}\n\n${text.slice(stop)}`;
  }
  return { text, missing };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync(readmePath, 'utf8');
  const { text, missing } = updatedReadme(readme, componentProps());
  if (missing.length) {
    console.error(`packages/transcript-kit/README.md has no props section for: ${missing.join(', ')}`);
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    if (text !== readme) {
      console.error('packages/transcript-kit/README.md props tables are out of date: run `pnpm readme:props`.');
      process.exit(1);
    }
    console.log('transcript-kit README props tables match the types.');
  } else {
    writeFileSync(readmePath, text);
  }
}
