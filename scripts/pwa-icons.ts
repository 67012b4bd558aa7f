// Renders the app's install icons (packages/app/public/icons) from the product mark (components/Brand.tsx)
// in the theme's accent colours. Run it after changing the mark or the accent:
//   node --import tsx scripts/pwa-icons.ts
// The PNGs are committed: the build needs no browser.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { light } from '../packages/ui/src/theme/values.ts';
import { chromiumArgs, chromiumPath } from '../vite.shared.ts';

const outDir = fileURLToPath(new URL('../packages/app/public/icons/', import.meta.url));

/** The Brand mark. `bleed`: a full square (maskable and Apple icons: the platform cuts its own shape). */
function markSvg(bleed: boolean): string {
  const { accent, accentText } = light.color;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
    <rect width="32" height="32" rx="${bleed ? 0 : 8}" fill="${accent}"/>
    <g stroke="${accentText}" stroke-width="2.5" stroke-linecap="round" fill="none">
      <path d="M8 13v6"/><path d="M12.7 9v14"/><path d="M17.3 11v10"/><path d="M22 14v4"/>
    </g></svg>`;
}

// The waveform stays within 11 of 32 units of the centre, inside the maskable safe zone (a circle of 40 %).
const icons = [
  { file: 'icon-192.png', size: 192, bleed: false },
  { file: 'icon-512.png', size: 512, bleed: false },
  { file: 'maskable-512.png', size: 512, bleed: true },
  { file: 'apple-touch-icon.png', size: 180, bleed: true },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const { file, size, bleed } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${markSvg(bleed)}</body></html>`);
    await page.locator('svg').screenshot({ path: `${outDir}${file}`, omitBackground: true });
    await page.close();
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
