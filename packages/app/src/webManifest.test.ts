import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { light } from '../../ui/src/theme/values.ts';
import { themeColor, webManifest } from './webManifest.ts';

const appDir = new URL('../', import.meta.url);
const publicFile = (src: string) => readFileSync(new URL(`public${src}`, appDir));
/** Width x height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

describe('web app manifest', () => {
  it('uses the theme colours, also in index.html', () => {
    expect(webManifest.theme_color).toBe(light.color.accent);
    expect(webManifest.background_color).toBe(light.color.background);
    const html = readFileSync(new URL('index.html', appDir), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${themeColor}" />`);
  });

  it('lists icons that exist with their declared sizes, and the Apple icon is 180 px', () => {
    for (const icon of webManifest.icons ?? []) expect(pngSize(publicFile(icon.src)), icon.src).toBe(icon.sizes);
    const html = readFileSync(new URL('index.html', appDir), 'utf8');
    const apple = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(pngSize(publicFile(apple!))).toBe('180x180');
  });
});
