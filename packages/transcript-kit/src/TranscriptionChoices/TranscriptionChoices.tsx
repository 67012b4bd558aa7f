import { Plural, useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, Alert, Link, TextArea } from '@scribe/ui';
import { useId } from 'react';
import { formatClock } from '../media/time.ts';
import * as styles from './TranscriptionChoices.css.ts';

/** What the app knows before an upload: the engine's languages, the price and the balance. */
export interface TranscriptionTerms {
  /** Spoken languages the engine transcribes, or 'any' (it detects them). */
  engineLanguages: readonly string[] | 'any';
  /** Languages offered in the picker (codes); the engine's ones are always among them. */
  languageOptions: readonly string[];
  /**
   * What audio of this length will cost (the app's pricing; the length is undefined while it is read,
   * null when it could not be); left out: no estimate is shown.
   */
  estimate?: (seconds: number | null | undefined) => TranscriptionEstimate;
  /** The user's balance; unknown: not checked. */
  balance?: number;
  /** Where the user buys credits (the 'Buy credits' link). */
  buyCreditsHref: string;
}

/** Before the recording goes up: the spoken language, and what the engine and the balance allow. */
export interface RecordingChoices {
  terms: TranscriptionTerms;
  language: string;
  onLanguageChange: (language: string) => void;
}

/** Credits for an audio's length, and the started minutes they pay for. */
export interface TranscriptionEstimate {
  credits: number;
  startedMinutes: number;
}

export interface TranscriptionCheck {
  languageSupported: boolean;
  /** Estimated credits (at least one started minute); null when the price is unknown. */
  cost: number | null;
  enoughCredits: boolean;
  /** True when the upload may go ahead (never while the length is still being read). */
  ok: boolean;
}

/** Whether the audio may go up: the language the engine takes, and the estimate against the balance. */
export function checkTranscription(terms: TranscriptionTerms, language: string, seconds: number | null | undefined): TranscriptionCheck {
  const languageSupported = terms.engineLanguages === 'any' || terms.engineLanguages.includes(language);
  const cost = terms.estimate ? terms.estimate(seconds).credits : null;
  const enoughCredits = cost === null || terms.balance === undefined || terms.balance >= cost;
  return { languageSupported, cost, enoughCredits, ok: languageSupported && enoughCredits && seconds !== undefined };
}

/** True when the engine transcribes English only (the built-in engine). */
export function isEnglishOnly(languages: readonly string[] | 'any'): boolean {
  return Array.isArray(languages) && languages.length === 1 && languages[0] === 'en';
}

/** Names and terms the engine should expect in this audio, as the user types them (one per line or comma-separated). */
export interface VocabularyChoice {
  value: string;
  onChange: (value: string) => void;
  /** Why the value cannot be sent (too many entries, too long), in the user's language; blocks the upload. */
  error?: string;
}

/** How many speakers to tell apart in the transcript: 'auto' (estimated from the audio) or a number the user knows. */
export interface SpeakersChoice {
  value: 'auto' | number;
  onChange: (value: 'auto' | number) => void;
  /** The most the user may pick (the server's limit). */
  max: number;
}

export interface TranscriptionChoicesProps {
  terms: TranscriptionTerms;
  language: string;
  onLanguageChange: (language: string) => void;
  /** The audio's length in seconds; undefined while it is being read, null when it could not be. */
  durationSeconds: number | null | undefined;
  /** The custom vocabulary field; left out: not offered. */
  vocabulary?: VocabularyChoice;
  /** The number of speakers; left out: not offered (detection estimates it). */
  speakers?: SpeakersChoice;
  isDisabled?: boolean;
}

/**
 * Before an upload or a recording goes up: the spoken language (with the English-only notice of the
 * built-in engine), the audio's length, its estimated cost and the balance. A language the engine
 * cannot transcribe, or a cost above the balance, is refused here, with a 'Buy credits' link.
 */
function TranscriptionChoicesView({
  terms,
  language,
  onLanguageChange,
  durationSeconds,
  vocabulary,
  speakers,
  isDisabled,
}: TranscriptionChoicesProps) {
  const { t, i18n } = useLingui();
  const selectId = useId();
  const speakersId = useId();
  const check = checkTranscription(terms, language, durationSeconds);
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.locale || 'en'], { type: 'language' }) : null;
  const nameOf = (code: string) => names?.of(code) ?? code;
  const englishOnly = isEnglishOnly(terms.engineLanguages);
  const minutes = terms.estimate ? terms.estimate(durationSeconds).startedMinutes : 0;
  const cost = check.cost;
  const balance = terms.balance;

  return (
    <div className={`${KIT_ROOT_CLASS} ${styles.choices}`}>
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          {t`Spoken language`}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={language}
          onChange={(e) => onLanguageChange(e.target.value)}
          disabled={isDisabled}
        >
          {terms.languageOptions.map((code) => (
            <option key={code} value={code}>
              {nameOf(code)}
            </option>
          ))}
        </select>
      </div>
      {speakers ? (
        <div className={styles.field}>
          <label htmlFor={speakersId} className={styles.label}>
            {t`Speakers`}
          </label>
          <select
            id={speakersId}
            className={styles.select}
            value={String(speakers.value)}
            onChange={(e) => speakers.onChange(e.target.value === 'auto' ? 'auto' : Number(e.target.value))}
            disabled={isDisabled}
          >
            <option value="auto">{t`Find out (auto)`}</option>
            {Array.from({ length: speakers.max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {i18n.number(n)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {vocabulary ? (
        <TextArea
          label={t`Names and terms to expect`}
          description={t`One per line or separated by commas; from your settings, changed here for this upload only.`}
          value={vocabulary.value}
          onChange={vocabulary.onChange}
          isInvalid={!!vocabulary.error}
          errorMessage={vocabulary.error}
          isDisabled={isDisabled}
          rows={3}
        />
      ) : null}
      {englishOnly && check.languageSupported ? (
        <Alert tone="info">{t`The built-in transcription engine understands English only. An administrator can connect another engine for other languages.`}</Alert>
      ) : null}
      {!check.languageSupported ? (
        <Alert tone="danger" title={t`This language cannot be transcribed here`}>
          {englishOnly
            ? t`The built-in transcription engine understands English only. An administrator can connect another engine for other languages.`
            : t`The transcription engine does not support this language.`}
        </Alert>
      ) : null}
      <dl className={styles.facts}>
        <dt className={styles.term}>{t`Length`}</dt>
        <dd className={styles.value}>
          {durationSeconds === undefined ? t`Reading the audio…` : durationSeconds === null ? t`Unknown` : formatClock(durationSeconds)}
        </dd>
        {cost !== null ? (
          <>
            <dt className={styles.term}>{t`Estimated cost`}</dt>
            <dd className={styles.value}>
              {durationSeconds === undefined ? (
                // No guess while the length is read: '1 credit' for an hour of audio would mislead.
                t`Waiting for the length…`
              ) : durationSeconds === null ? (
                <Plural value={cost} one="at least # credit" other="at least # credits" />
              ) : (
                <>
                  <Plural value={cost} one="# credit" other="# credits" />
                  {' · '}
                  <Plural value={minutes} one="# started minute" other="# started minutes" />
                </>
              )}
            </dd>
          </>
        ) : null}
        {balance !== undefined ? (
          <>
            <dt className={styles.term}>{t`Your balance`}</dt>
            <dd className={styles.value}>
              <Plural value={balance} one="# credit" other="# credits" />
            </dd>
          </>
        ) : null}
      </dl>
      {check.languageSupported && !check.enoughCredits && cost !== null && balance !== undefined && durationSeconds !== undefined ? (
        <Alert tone="danger" title={t`Not enough credits`}>
          {t`Transcribing this audio costs ${cost} credit(s) and your balance is ${balance}.`}
          <div className={styles.buy}>
            <Link href={terms.buyCreditsHref}>{t`Buy credits`}</Link>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}

export const TranscriptionChoices = withKitProvider(TranscriptionChoicesView, 'TranscriptionChoices');
