import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WASM_WRAPPER_FLAGS } from '../src/wasm-wrapper-flags.ts';

describe('V8 flags for WebAssembly wrappers', () => {
  it("names flags this Node's V8 knows (an unknown one would be ignored without a word)", () => {
    const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of WASM_WRAPPER_FLAGS) {
      const name = flag.replace(/=.*$/, '');
      expect(known).toContain(`  ${name} (`);
    }
  });

  it('are passed to the worker that runs the server tests', () => {
    for (const flag of WASM_WRAPPER_FLAGS) expect(process.execArgv).toContain(flag);
  });
});
