/**
 * The few texts the server writes into documents itself (exports), per interface language. The API's
 * error texts stay English (the app translates them); these are read in the file, so they are written
 * in the user's language here. Every language has every key (the type makes a missing one an error).
 */
import { UNKNOWN_SPEAKER, type Language } from '@scribe/api-client';

export interface DocumentMessages {
  /** The engine's word for no speaker, as the reader sees it. */
  unknownSpeaker: string;
  /** Speaker detection's n-th speaker ('Speaker n' as stored), as the reader sees it. */
  numberedSpeaker: (n: number) => string;
  /** After the transcript's title in the export of all its AI outputs. */
  aiOutputsSuffix: string;
  /** Before the transcript's creation date. */
  created: string;
  /** Before the time the document was made. */
  exported: string;
  /** The title when an AI output has no prompt text. */
  aiOutput: string;
}

export const documentMessages: Record<Language, DocumentMessages> = {
  en: {
    unknownSpeaker: 'Unknown Speaker',
    numberedSpeaker: (n) => `Speaker ${n}`,
    aiOutputsSuffix: 'AI outputs',
    created: 'Created',
    exported: 'Exported',
    aiOutput: 'AI output',
  },
  de: {
    unknownSpeaker: 'Unbekannter Sprecher',
    numberedSpeaker: (n) => `Sprecher ${n}`,
    aiOutputsSuffix: 'KI-Ausgaben',
    created: 'Erstellt',
    exported: 'Exportiert',
    aiOutput: 'KI-Ausgabe',
  },
};

/** A name speaker detection gives ('Speaker 2', in order of appearance), not one a person gave. */
const DETECTED_SPEAKER = /^Speaker ([1-9]\d{0,2})$/;

export function isDetectedSpeakerName(name: string | undefined): boolean {
  return DETECTED_SPEAKER.test(name?.trim() ?? '');
}

/**
 * A stored speaker name as the reader sees it: the engine's 'Unknown Speaker' (or none) and speaker
 * detection's 'Speaker 1', 'Speaker 2', … in the reader's language; a name a user gave as it is.
 */
export function readerSpeakerName(speaker: string | undefined, language: Language): string {
  const name = speaker?.trim();
  if (!name || name === UNKNOWN_SPEAKER) return documentMessages[language].unknownSpeaker;
  const numbered = DETECTED_SPEAKER.exec(name);
  return numbered ? documentMessages[language].numberedSpeaker(Number(numbered[1])) : name;
}

/** The locale whose conventions dates follow (German: 24.11.2026, 01:19). */
const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** A date and time in the reader's language and time zone, with the zone's short name ('24.11.2026, 01:19 MEZ'). */
export function formatDateTime(date: Date, language: Language, timeZone: string): string {
  const text = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  return `${text} ${timeZoneName(date, language, timeZone)}`;
}

/** The zone's short name in the reader's language, e.g. 'MEZ', 'GMT+9' or 'UTC'. */
export function timeZoneName(date: Date, language: Language, timeZone: string): string {
  const part = new Intl.DateTimeFormat(LOCALES[language], { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

let supportedZones: Set<string> | undefined;

/**
 * The IANA time zone a browser reported (Intl.DateTimeFormat().resolvedOptions().timeZone), in its
 * canonical spelling, or null when Intl does not know it. 'UTC' and old aliases (Asia/Calcutta) count.
 */
export function parseTimeZone(value: string): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  supportedZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (supportedZones.has(value)) return value;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
