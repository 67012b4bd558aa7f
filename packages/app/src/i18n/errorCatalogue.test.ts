// Spec §8 (error catalogue) and its success messages: every text the user is shown exists as a Lingui
// message in one of the shipped catalogs (app, transcript-kit, ui) and has its German translation.
// Where a message is shown is tested by the stories and Playwright; this keeps none from going missing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const catalogs = ['app', 'transcript-kit', 'ui'].map((pkg) => new URL(`../../../${pkg}/src/locales/{locale}/messages.po`, import.meta.url));

/** msgid -> msgstr of one locale over every catalog (simple .po entries, as `lingui extract` writes them). */
function entries(locale: 'en' | 'de'): Map<string, string> {
  const map = new Map<string, string>();
  for (const url of catalogs) {
    const text = readFileSync(fileURLToPath(url.href.replace('%7Blocale%7D', locale)), 'utf8');
    for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      map.set(JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`));
    }
  }
  return map;
}

const shown: Array<string | RegExp> = [
  // Auth
  'Login failed',
  'Registration failed',
  'Logout failed',
  // Live
  'Failed to parse WebSocket message',
  'Connection error. Please try again.',
  'Connection lost. Please refresh the page to reconnect.',
  // Success
  'Logged in successfully',
  'Account created successfully',
  'Prompt saved successfully',
  'Prompt deleted successfully',
  'Export successful',
  'Text copied to clipboard',
  'Upload successful',
  'Your audio file is being processed.',
  'Payment successful',
  'Your credits have been added to your account',
  // API failures
  'Failed to create folder',
  'Failed to update folder',
  'Failed to fetch folder tree',
  'Failed to delete transcript',
  'Failed to delete folder',
  'Failed to move transcript',
  'Failed to fetch transcript',
  'Invalid transcript data received',
  'Failed to process custom prompt',
  'Failed to delete prompt',
  'Failed to save prompt',
  'Failed to fetch prompts',
  'Failed to fetch prompt outputs',
  'Failed to load AI outputs',
  /^Failed to fetch prompt outputs: \{\w+\} \{\w+\}$/,
  // Upload
  'Upload failed',
  'Failed to upload file',
  /^Upload failed with status \{\w+\}$/,
  'Chunk upload failed',
  'Upload finalization failed',
  'Invalid response format',
  // Export and copy
  'Failed to export transcript',
  'Failed to copy text',
  // Payment
  'Payment failed',
  'An unexpected error occurred',
  'Purchase failed',
  'Failed to initiate purchase',
  'Failed to purchase credits',
  'Failed to fetch credit packages',
  // Playback
  'Audio file not found or format not supported',
  'Network error while loading audio',
  'Error decoding audio file',
  'Audio loading was aborted',
  'Error playing audio',
  // Microphone
  'An error occurred while recording',
];

describe('docs/product-spec.md §8: the messages users are shown', () => {
  const en = entries('en');
  const de = entries('de');

  it.each(shown.map((m) => [String(m), m] as const))('%s is a catalog message with a German translation', (_, message) => {
    const id = typeof message === 'string' ? (en.has(message) ? message : undefined) : [...en.keys()].find((k) => message.test(k));
    expect(id, `no catalog message for ${String(message)}`).toBeDefined();
    const german = de.get(id!);
    expect(german, `no German for ${id}`).toBeTruthy();
    expect(german).not.toBe(id);
  });
});
