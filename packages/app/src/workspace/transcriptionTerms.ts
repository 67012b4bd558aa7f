import { estimateTranscription } from '@scribe/api-client';
import type { TranscriptionTerms } from '@scribe/transcript-kit/utils';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { usePublicConfig } from '../config/useConfig.ts';
import { useCreditBalance } from '../data/credits.ts';

/** Offered when the engine detects any language: the app's own two first, then common ones. */
const COMMON_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl'];
/** The interface's languages are always offered, so a German speaker finds German and learns the engine's limits. */
const UI_LANGUAGES = ['en', 'de'];

export function languageOptions(engineLanguages: readonly string[] | 'any'): string[] {
  if (engineLanguages === 'any') return COMMON_LANGUAGES;
  return [...new Set([...engineLanguages, ...UI_LANGUAGES])];
}

/** The interface's language where the engine transcribes it, else the engine's first language. */
export function defaultSpokenLanguage(uiLocale: string, engineLanguages: readonly string[] | 'any'): string {
  const ui = uiLocale.slice(0, 2).toLowerCase();
  if (engineLanguages === 'any' || engineLanguages.includes(ui)) return ui;
  return engineLanguages[0] ?? 'en';
}

/**
 * What the upload and record dialogs need to decide before anything is sent: the engine's languages and
 * the price (public config), the balance, and the spoken language (the user's choice, shared by both).
 */
export function useTranscriptionTerms() {
  const { i18n } = useLingui();
  const config = usePublicConfig().data;
  const balance = useCreditBalance();
  const engineLanguages = config?.transcription?.languages ?? 'any';
  const perMinute = config?.costs?.perTranscriptionMinute;
  const [chosen, setChosen] = useState<string | null>(null);
  const terms = useMemo<TranscriptionTerms>(
    () => ({
      engineLanguages,
      languageOptions: languageOptions(engineLanguages),
      estimate: perMinute === undefined ? undefined : (seconds) => estimateTranscription(seconds, perMinute),
      balance,
      buyCreditsHref: '/credits',
    }),
    [engineLanguages, perMinute, balance],
  );
  const language = chosen ?? defaultSpokenLanguage(i18n.locale || 'en', engineLanguages);
  return { terms, language, setLanguage: setChosen };
}

/**
 * The length of an audio file, read in the browser: the media element's metadata, or (recordings
 * whose container has no length, which the element reports as Infinity) the decoded samples. Null
 * when neither works within `timeoutMs`.
 */
export async function readAudioDuration(file: Blob, timeoutMs = 8000): Promise<number | null> {
  const fromElement = await new Promise<number | null>((resolve) => {
    if (typeof document === 'undefined') return resolve(null);
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
  if (fromElement !== null) return fromElement;
  // Decoding holds the whole file's samples: only for files of a sensible size.
  if (file.size > 50 * 1024 * 1024 || typeof AudioContext === 'undefined') return null;
  try {
    const context = new AudioContext();
    try {
      const buffer = await context.decodeAudioData(await file.arrayBuffer());
      return buffer.duration > 0 ? buffer.duration : null;
    } finally {
      void context.close();
    }
  } catch {
    return null;
  }
}
