/**
 * Story tests only. Under vitest NODE_ENV is 'test', and react-stately's Virtualizer then reads
 * `process.env.VIRT_ON`, which does not exist in a browser (ReferenceError). VIRT_ON=1 also keeps real
 * virtualization on in the tests, so the stories see what users get. Not needed in apps: their builds
 * replace NODE_ENV with 'development' or 'production' and never reach that read.
 * (Better placed as a `define` in .storybook's vite config; see the kit's notes.)
 */
const g = globalThis as { process?: { env: Record<string, string | undefined> } };
if (typeof g.process === 'undefined') g.process = { env: {} };
g.process.env.VIRT_ON ??= '1';
export {};
