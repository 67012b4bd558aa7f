// AI prompts, outputs and exports (docs/product-spec.md §2 AI panel / AI output tab, §3, §5, §7).
import { apiErrors } from './errors.ts';
export const aiMessages = {
  promptNameAndTextRequired: apiErrors.PROMPT_NAME_AND_TEXT_REQUIRED,
  promptRequired: apiErrors.PROMPT_REQUIRED,
  promptNameTooLong: apiErrors.PROMPT_NAME_TOO_LONG,
  promptTooLong: apiErrors.PROMPT_TOO_LONG,
  promptNotFound: apiErrors.PROMPT_NOT_FOUND,
  promptUpdateEmpty: apiErrors.PROMPT_UPDATE_EMPTY,
  promptOrderMismatch: apiErrors.PROMPT_ORDER_MISMATCH,
  outputNotFound: apiErrors.AI_OUTPUT_NOT_FOUND,
  /** A model the server does not offer (any more): end-user wording, the administrator configures models. */
  unknownModel: apiErrors.UNKNOWN_MODEL,
  customPromptFailed: apiErrors.CUSTOM_PROMPT_FAILED,
  transcriptNotReady: apiErrors.TRANSCRIPT_NOT_READY,
} as const;

/** Exports: the ?tz= the browser sends must be a time zone Intl knows (e.g. Europe/Berlin). */
export const exportMessages = {
  invalidTimeZone: apiErrors.INVALID_TIME_ZONE,
} as const;

/** The export URL with the reader's time zone (the browser's, e.g. Europe/Berlin) as ?tz=. */
export function withTimeZone(path: string, timeZone: string | undefined): string {
  return timeZone ? `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(timeZone)}` : path;
}

/**
 * SRT and VTT exports follow subtitle conventions; each can be set as a query parameter of the export
 * (e.g. `?maxLineChars=37`). Defaults: 42 characters a line, 2 lines a cue, cues of 1 to 7 s, at most
 * 20 characters a second where the timing allows.
 */
export const subtitleOptionNames = ['maxLineChars', 'maxLines', 'minCueSeconds', 'maxCueSeconds', 'maxCharsPerSecond'] as const;
export type SubtitleOptionName = (typeof subtitleOptionNames)[number];
export type SubtitleOptions = Record<SubtitleOptionName, number>;
export const subtitleDefaults: SubtitleOptions = {
  maxLineChars: 42,
  maxLines: 2,
  minCueSeconds: 1,
  maxCueSeconds: 7,
  maxCharsPerSecond: 20,
};
/** The accepted range of each option (whole numbers for the counts); minCueSeconds must stay below maxCueSeconds. */
export const subtitleOptionRanges: Record<SubtitleOptionName, { min: number; max: number; integer: boolean }> = {
  maxLineChars: { min: 20, max: 80, integer: true },
  maxLines: { min: 1, max: 3, integer: true },
  minCueSeconds: { min: 0.5, max: 5, integer: false },
  maxCueSeconds: { min: 1, max: 15, integer: false },
  maxCharsPerSecond: { min: 5, max: 40, integer: false },
};

/** The query string of the options that differ from the defaults ('' when none do). */
export function subtitleQuery(options: Partial<SubtitleOptions> | undefined): string {
  const parts = subtitleOptionNames
    .filter((name) => options?.[name] !== undefined && options[name] !== subtitleDefaults[name])
    .map((name) => `${name}=${encodeURIComponent(String(options![name]))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export const promptLimits = { nameMax: 200, textMax: 20_000 } as const;
/** At most this many ids in one reorder request (far more than anyone saves; bounds the work). */
export const promptOrderMax = 10_000;

export const promptIcons = ['FileText', 'Languages', 'Book', 'Wand2'] as const;
export const exportFormats = ['pdf', 'docx', 'txt'] as const;
export const transcriptExportFormats = ['pdf', 'docx', 'txt', 'srt', 'vtt'] as const;
/**
 * The default prompts (docs/decisions.md: the first eight; action items and decisions were added as what
 * meeting users ask for first); the local engine answers these in English and German.
 */
export const defaultPromptKinds = [
  'bullets',
  'grammar',
  'keyPoints',
  'questions',
  'emotions',
  'faq',
  'statistics',
  'fillers',
  'actionItems',
  'decisions',
] as const;
export type DefaultPromptKind = (typeof defaultPromptKinds)[number];

export const defaultPrompts: ReadonlyArray<{ kind: DefaultPromptKind; name: string; prompt: string }> = [
  { kind: 'bullets', name: 'Bullet points', prompt: 'Summarize the transcript as bullet points.' },
  { kind: 'grammar', name: 'Improve grammar and punctuation', prompt: 'Improve the grammar and punctuation of the transcript.' },
  { kind: 'keyPoints', name: 'Highlight key points', prompt: 'Highlight the key points of the transcript.' },
  { kind: 'questions', name: 'Extract questions', prompt: 'Extract all questions asked in the transcript.' },
  { kind: 'emotions', name: 'Identify emotions', prompt: 'Identify the emotions expressed in the transcript.' },
  { kind: 'faq', name: 'Generate FAQ', prompt: 'Generate an FAQ from the transcript.' },
  { kind: 'statistics', name: 'Extract statistics', prompt: 'Extract statistics from the transcript.' },
  { kind: 'fillers', name: 'Remove filler words', prompt: 'Remove filler words from the transcript.' },
  { kind: 'actionItems', name: 'Action items', prompt: 'List the action items of the transcript: who does what, and by when.' },
  { kind: 'decisions', name: 'Decisions', prompt: 'List the decisions made in the transcript.' },
];

/** Download name (docs/decisions.md): non-alphanumeric characters removed, cut at 50. */
export function exportFileBase(name: string, fallback: string): string {
  const cleaned = name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 50);
  return cleaned || fallback;
}

/** Names in the export menu are cut at 30 characters. */
export function menuName(name: string): string {
  const chars = Array.from(name);
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : name;
}
