// The SRT and VTT exports' subtitle options (api-client's subtitleDefaults and ranges), remembered on
// this device.
import { subtitleDefaults, subtitleOptionNames, subtitleOptionRanges, type SubtitleOptions } from '@scribe/api-client';

export type { SubtitleOptions };

/** Any stored value brought into the server's ranges (out of range: clamped; not a number: the default). */
export function normaliseSubtitleOptions(value: unknown): SubtitleOptions {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result = { ...subtitleDefaults };
  for (const name of subtitleOptionNames) {
    const raw = source[name];
    if (typeof raw !== 'number' || !Number.isFinite(raw)) continue;
    const { min, max, integer } = subtitleOptionRanges[name];
    const rounded = integer ? Math.round(raw) : Math.round(raw * 10) / 10;
    result[name] = Math.min(max, Math.max(min, rounded));
  }
  // The shortest cue must stay below the longest: otherwise both go back to their defaults.
  if (result.minCueSeconds >= result.maxCueSeconds) {
    result.minCueSeconds = subtitleDefaults.minCueSeconds;
    result.maxCueSeconds = subtitleDefaults.maxCueSeconds;
  }
  return result;
}

export const SUBTITLE_OPTIONS_KEY = 'scribe:subtitle-options';

type OptionStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadSubtitleOptions(storage: OptionStorage | null): SubtitleOptions {
  try {
    const raw = storage?.getItem(SUBTITLE_OPTIONS_KEY);
    return normaliseSubtitleOptions(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...subtitleDefaults };
  }
}

export function saveSubtitleOptions(storage: OptionStorage | null, options: SubtitleOptions): void {
  try {
    storage?.setItem(SUBTITLE_OPTIONS_KEY, JSON.stringify(normaliseSubtitleOptions(options)));
  } catch {
    // Not remembered: the export still uses them this time.
  }
}
