import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The default title of a new recording: when it was made, in the reader's language and date format
 * ('Recording from Nov 29, 2026, 8:35 AM', 'Aufnahme vom 29.11.2026, 08:35'), not the bare 'recording'
 * that made every recording in the library look the same. No slash or backslash: the title also names
 * the uploaded file, whose path parts the server drops.
 */
export function recordingTitle(i18n: I18n, when: Date = new Date()): string {
  const stamp = i18n.date(when, { dateStyle: 'medium', timeStyle: 'short' }).replace(/[/\\]/g, '-');
  return i18n._(msg`Recording from ${stamp}`);
}

/** The recording's file name with the default title in place of 'recording' (the extension is kept). */
export function recordingFileName(i18n: I18n, fileName: string, when: Date = new Date()): string {
  const dot = fileName.lastIndexOf('.');
  return `${recordingTitle(i18n, when)}${dot > 0 ? fileName.slice(dot) : ''}`;
}
