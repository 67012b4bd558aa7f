// The SRT and VTT exports' subtitle conventions (at most 42 characters a line, 2 lines a cue, cues of
// 1 to 7 s, at most 20 characters a second), adjustable and remembered on this device.

export interface SubtitleOptions {
  maxLineChars: number;
  maxLines: number;
  minCueSeconds: number;
  maxCueSeconds: number;
  maxCharsPerSecond: number;
}

export const defaultSubtitleOptions: SubtitleOptions = {
  maxLineChars: 42,
  maxLines: 2,
  minCueSeconds: 1,
  maxCueSeconds: 7,
  maxCharsPerSecond: 20,
};

/** The range each option may take (whole numbers except the seconds). */
export const subtitleOptionLimits: Record<keyof SubtitleOptions, { min: number; max: number; step: number }> = {
  maxLineChars: { min: 20, max: 80, step: 1 },
  maxLines: { min: 1, max: 3, step: 1 },
  minCueSeconds: { min: 0.5, max: 5, step: 0.5 },
  maxCueSeconds: { min: 2, max: 15, step: 0.5 },
  maxCharsPerSecond: { min: 10, max: 40, step: 1 },
};

const keys = Object.keys(defaultSubtitleOptions) as (keyof SubtitleOptions)[];

/** Any value brought into range (a number outside it is clamped, anything else is the default). */
export function normaliseSubtitleOptions(value: unknown): SubtitleOptions {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result = { ...defaultSubtitleOptions };
  for (const key of keys) {
    const raw = source[key];
    const { min, max, step } = subtitleOptionLimits[key];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) continue;
    result[key] = Math.min(max, Math.max(min, Math.round(raw / step) * step));
  }
  // A cue may not be asked to be longer at least than at most.
  if (result.maxCueSeconds < result.minCueSeconds) result.maxCueSeconds = result.minCueSeconds;
  return result;
}

export const SUBTITLE_OPTIONS_KEY = 'scribe:subtitle-options';

type OptionStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadSubtitleOptions(storage: OptionStorage | null): SubtitleOptions {
  try {
    const raw = storage?.getItem(SUBTITLE_OPTIONS_KEY);
    return normaliseSubtitleOptions(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...defaultSubtitleOptions };
  }
}

export function saveSubtitleOptions(storage: OptionStorage | null, options: SubtitleOptions): void {
  try {
    storage?.setItem(SUBTITLE_OPTIONS_KEY, JSON.stringify(normaliseSubtitleOptions(options)));
  } catch {
    // Not remembered: the export still uses them this time.
  }
}

/** The export route's query (the defaults are left out, so a default export keeps its plain URL). */
export function subtitleQuery(options: SubtitleOptions): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    if (options[key] !== defaultSubtitleOptions[key]) params.set(key, String(options[key]));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
