// The web app manifest (installable app, docs/product-spec.md: record and upload from a phone too).
// Colours come from the ui theme's values; the icons are the product mark (scripts/pwa-icons.ts).
import { uploadLimits } from '@scribe/api-client';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { light } from '../../ui/src/theme/values.ts';
import { SHARE_TARGET_ACTION, SHARE_TARGET_FILE_FIELD } from './lib/sharedFiles.ts';

/** The browser's toolbar and the status bar of the installed app (index.html's theme-color too). */
export const themeColor = light.color.accent;

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Audio Transcription',
  short_name: 'Transcribe',
  description: 'Record or upload audio, get transcripts, organise them in folders and run AI prompts.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: themeColor,
  background_color: light.color.background,
  categories: ['productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // A file shared from another app (a voice memo, a recorder) lands in the upload flow: the service
  // worker takes the POST (sw.ts).
  share_target: {
    action: SHARE_TARGET_ACTION,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      files: [{ name: SHARE_TARGET_FILE_FIELD, accept: ['audio/*', 'video/*', ...uploadLimits.extensions.map((ext) => `.${ext}`)] }],
    },
  },
};
