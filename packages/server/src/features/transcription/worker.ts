/**
 * The transcription worker: takes jobs from the pg-boss queue, runs the engine on a temp copy of the
 * audio, stores progress and the result, and publishes `transcription_status` events to the owner.
 *
 * Failures: an engine error of a kind another attempt cannot fix (undecodable file, a refused request)
 * and the job's own failures (audio gone, too few credits) end the transcript in 'error' at once; any other error is retried by pg-boss with backoff, and the last
 * attempt's error ends it in 'error'. A transcript deleted mid-job ends the job quietly. Jobs whose
 * process died are found by `recover()` (start-up, and periodically on PostgreSQL) through job leases.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { apiErrorText, type ApiErrorCode, type TranscriptionSegmentsEvent, type TranscriptionStatusEvent } from '@scribe/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Storage } from '../../storage/index.ts';
import type { TranscriptionBilling } from '../credits/service.ts';
import type { LiveHub } from '../live/hub.ts';
import type { JobOutcome, TranscriptionMetrics } from '../metrics/registry.ts';
import { UNKNOWN_SPEAKER, type TranscriptionEngine, type TranscriptionResult } from './engines/types.ts';
import { attemptOutcome, JobAborted, JobFailure, type AbortKind } from './failures.ts';
import type { JobLeases } from './leases.ts';
import { coded, reasonParams, type CodedText } from './messages.ts';
import { inGroups, segmentsReporter } from './segments-reporter.ts';
import { classifyTranscription, englishMeasures, judgeEnglish } from './speech.ts';
import { TRANSCRIPTION_QUEUE, type PgBossQueue, type TranscriptionJobData } from './queue.ts';
import type { JobTranscript, TranscriptionRepository } from './repository.ts';
import type { SpeakerFinder } from './speakers/finder.ts';

export const TRANSCRIPTION_STATUS = 'transcription_status';
export const TRANSCRIPTION_SEGMENTS = 'transcription_segments';
/** How long a job waits for its transcript's previous attempt to let go (see claim), and how often it looks. */
const LEASE_WAIT_MS = 15_000;
const LEASE_WAIT_STEP_MS = 200;
/** A live event's segments stay under this many bytes of JSON (NOTIFY's 8000-byte limit, with room for the envelope). */
const SEGMENTS_EVENT_BYTES = 6000;

export interface TranscriptionWorkerOptions {
  queue: PgBossQueue;
  repo: TranscriptionRepository;
  storage: Storage;
  engine: TranscriptionEngine;
  /**
   * Tells the speakers apart when the engine named none (the built-in engine): a step of its own after
   * the engine, whose failure keeps the transcript as the engine made it. Unset: no detection.
   */
  speakers?: SpeakerFinder;
  /**
   * Credits: charged once per transcript when the audio's length is known (a retry finds its charge),
   * refunded when the job fails. Too few credits ends the transcript in error without a retry.
   */
  billing?: TranscriptionBilling;
  hub: LiveHub;
  /** Told once a transcript ends completed or in error (webhooks); must not throw. */
  onOutcome?: (outcome: TranscriptionOutcome) => Promise<void>;
  leases: JobLeases;
  log: FastifyBaseLogger;
  concurrency: number;
  /** Temp copies of the audio go here (one folder per job, removed when the job ends). */
  tmpDir: string;
  /** True when this process is the only one on the database (PGlite): every active job at start is an orphan. */
  soleProcess: boolean;
  /** Minimum time between stored/published progress updates. */
  progressIntervalMs?: number;
  /** Minimum time between stored/published additions to the text of a transcript in progress. */
  segmentsIntervalMs?: number;
  /** How often a running job checks that its transcript still exists. */
  existenceCheckMs?: number;
  /** PostgreSQL: how often other processes' orphaned jobs are looked for (0: start-up only). */
  recoveryIntervalMs?: number;
  /** PostgreSQL: an active job without a lease is an orphan only after this long (it may just have been taken). */
  orphanGraceMs?: number;
  pollingIntervalSeconds?: number;
  /**
   * Told how each attempt ended (completed, or failed: ended in error or retried; a transcript deleted
   * meanwhile or a job handed back on shutdown is neither) and how long the engine ran on how much audio.
   */
  metrics?: TranscriptionMetrics;
}

/** Keeps events small (NOTIFY's 8000-byte limit) and readable. */
function short(text: string, max = 500): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}

/** Stores and publishes progress at most every `intervalMs`, always ending on the latest value. */
function progressReporter(write: (percent: number) => Promise<void>, intervalMs: number, log: FastifyBaseLogger) {
  let latest = 0;
  let sent = 0;
  let lastAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain = Promise.resolve();
  const flush = () => {
    timer = undefined;
    if (latest <= sent) return;
    sent = latest;
    lastAt = Date.now();
    const percent = latest;
    chain = chain.then(() => write(percent)).catch((err: unknown) => log.error({ err }, 'could not store progress'));
  };
  return {
    report(fraction: number) {
      // 100 % is announced by the completion, after the result is stored.
      const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      if (percent <= latest) return;
      latest = percent;
      const wait = lastAt + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    async stop() {
      clearTimeout(timer);
      await chain;
    },
  };
}

/** How a transcription ended, for listeners outside the live channel (webhooks). */
export type TranscriptionOutcome =
  | { transcriptId: number; userId: number; status: 'completed' }
  | { transcriptId: number; userId: number; status: 'error'; errorCode: ApiErrorCode; error: string };

export function createTranscriptionWorker(options: TranscriptionWorkerOptions) {
  const { queue, repo, storage, engine, hub, leases, log, metrics } = options;
  const boss: PgBoss = queue.boss;
  const progressIntervalMs = options.progressIntervalMs ?? 500;
  const segmentsIntervalMs = options.segmentsIntervalMs ?? 2000;
  const existenceCheckMs = options.existenceCheckMs ?? 2000;
  const orphanGraceMs = options.soleProcess ? 0 : (options.orphanGraceMs ?? 30_000);
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const workerIds: string[] = [];
  let stopping = false;
  let recoveryTimer: NodeJS.Timeout | undefined;
  let recovering: Promise<void> | undefined;

  async function publish(t: Pick<JobTranscript, 'id' | 'userId'>, event: Omit<TranscriptionStatusEvent, 'transcriptId'>) {
    const data: TranscriptionStatusEvent = { transcriptId: t.id, ...event };
    try {
      await hub.publish({ userId: t.userId, type: TRANSCRIPTION_STATUS, data });
    } catch (err) {
      // The stored state is the truth; a lost event only delays what the browser shows.
      log.error({ err, transcriptId: t.id }, 'could not publish a transcription event');
    }
  }

  async function refund(t: Pick<JobTranscript, 'id' | 'userId'>) {
    try {
      await options.billing?.refundTranscription(t);
    } catch (err) {
      log.error({ err, transcriptId: t.id }, 'could not refund a failed transcription');
    }
  }

  /** A progress text of transcription_status events, with its code and params to translate by. */
  function status(text: CodedText) {
    return {
      message: short(text.text),
      ...(text.code ? { messageCode: text.code } : {}),
      ...(text.params ? { messageParams: text.params } : {}),
    };
  }

  /** Ends a transcript in error: by default 'Transcription failed: {reason}', else the outcome `code`. */
  async function failTranscript(t: Pick<JobTranscript, 'id' | 'userId'>, reason: CodedText, code: ApiErrorCode = 'TRANSCRIPTION_FAILED') {
    const params = code === 'TRANSCRIPTION_FAILED' ? reasonParams(reason) : undefined;
    const message = short(apiErrorText(code, params));
    // Whatever went wrong, the user does not pay for a transcript that ends in error (no charge: no-op).
    // The refund comes first, so whoever sees the error also sees the credits back; only this job's
    // process ends its transcript, so nothing completes it in between.
    await refund(t);
    const failed = await repo.fail(t, message, code, params ?? null);
    if (failed) await publish(t, { type: 'error', message, error: message, errorCode: code, ...(params ? { errorParams: params } : {}) });
    if (failed) await options.onOutcome?.({ transcriptId: t.id, userId: t.userId, status: 'error', errorCode: code, error: message });
  }

  /** The transcript of a job, when it still needs transcribing and no other process runs it. */
  async function claim(job: JobWithMetadata<TranscriptionJobData>) {
    const transcriptId = Number(job.data?.transcriptId);
    const t = Number.isInteger(transcriptId) ? await repo.load(transcriptId) : undefined;
    // Deleted, or already finished by a duplicate job.
    if (!t || t.status !== 'processing') return null;
    // A retry can come while the failed attempt still holds the transcript: it ends in error (the user
    // sees it and may retry at once), then tells webhooks, removes its temp folder and only then lets go.
    // Dropped here as a duplicate, the retry's job would leave the transcript 'processing' with no job;
    // so a job waits for a holder that is wrapping up, as long as its transcript is still to be done.
    let lease = await leases.acquire(t.id);
    for (const waitUntil = Date.now() + LEASE_WAIT_MS; !lease && Date.now() < waitUntil;) {
      await new Promise((resolve) => setTimeout(resolve, LEASE_WAIT_STEP_MS));
      if (stopping || (await repo.load(t.id))?.status !== 'processing') return null;
      lease = await leases.acquire(t.id);
    }
    if (!lease) {
      log.info({ transcriptId: t.id }, 'transcription already running elsewhere: duplicate job ends');
      return null;
    }
    return { t, lease };
  }

  /** What one attempt holds: its abort signal, deadline, existence watch, temp folder and progress reporter. */
  function openAttempt(job: JobWithMetadata<TranscriptionJobData>, t: JobTranscript) {
    const controller = new AbortController();
    const abort = (kind: AbortKind) => {
      if (!controller.signal.aborted) controller.abort(new JobAborted(kind));
    };
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    running.set(job.id, { controller, done });
    // pg-boss gives up on the attempt at expireInSeconds; stop a minute earlier so it never retries a running job.
    const budgetMs = Math.max(60, Number(job.expireInSeconds) - 60) * 1000;
    const deadline = setTimeout(() => abort('timeout'), budgetMs);
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      repo
        .stillProcessing(t)
        .then((ok) => ok || abort('deleted'))
        .catch((err: unknown) => log.warn({ err }, 'transcript existence check failed'))
        .finally(() => (checking = false));
    }, existenceCheckMs);
    const dir = join(options.tmpDir, `${t.id}-${randomBytes(6).toString('hex')}`);
    const removeDir = () =>
      rm(dir, { recursive: true, force: true }).catch((err: unknown) => log.warn({ err }, 'could not remove a temp folder'));
    const progress = progressReporter(
      async (percent) => {
        if (!(await repo.setProgress(t, percent))) return abort('deleted');
        await publish(t, { type: 'progress', progress: percent, ...status(coded('TRANSCRIBING')) });
      },
      progressIntervalMs,
      log,
    );
    // The transcript's text so far, stored while it stays 'processing' and sent to the owner's browsers.
    const segments = segmentsReporter(
      async (storedCount, added) => {
        if (!(await repo.appendSegments(t, storedCount, JSON.stringify(added)))) {
          if (!(await repo.stillProcessing(t))) abort('deleted');
          else
            log.warn({ transcriptId: t.id }, 'the stored text of a transcript in progress did not match: no more is stored before the end');
          return false;
        }
        for (const group of inGroups(added, SEGMENTS_EVENT_BYTES)) {
          const data: TranscriptionSegmentsEvent = { transcriptId: t.id, from: storedCount + group.from, segments: group.segments };
          try {
            await hub.publish({ userId: t.userId, type: TRANSCRIPTION_SEGMENTS, data });
          } catch (err) {
            // The stored text is the truth; a browser that missed a part reads it with the transcript.
            log.error({ err, transcriptId: t.id }, 'could not publish a transcript in progress');
          }
        }
        return true;
      },
      segmentsIntervalMs,
      log,
    );
    return {
      job,
      t,
      /** How the attempt ended, once known (recorded in the job metrics). */
      outcome: undefined as JobOutcome | undefined,
      signal: controller.signal,
      budgetMs,
      dir,
      progress,
      segments,
      removeDir,
      /** Stops the timers and removes the temp folder. */
      async close() {
        clearTimeout(deadline);
        clearInterval(watch);
        await removeDir();
      },
      /** The attempt no longer runs (shutdown waits for this). */
      finished() {
        running.delete(job.id);
        finish();
      },
    };
  }
  type Attempt = ReturnType<typeof openAttempt>;

  /** Each attempt starts from zero, also after a retry or a crash. */
  async function announceStart(t: JobTranscript): Promise<void> {
    if (!(await repo.restart(t))) throw new JobAborted('deleted');
    await publish(t, { type: 'progress', progress: 0, ...status(coded('TRANSCRIBING')) });
  }

  /** Copies the stored audio to the attempt's folder; the engine reads a local file. */
  async function loadAudio(t: JobTranscript, dir: string, signal: AbortSignal): Promise<string> {
    const object = t.audioKey ? await storage.get(t.audioKey) : null;
    if (!object) {
      if (!(await repo.stillProcessing(t))) throw new JobAborted('deleted');
      throw new JobFailure(coded('AUDIO_MISSING'));
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, posix.basename(t.audioKey!));
    await pipeline(object.stream, createWriteStream(path, { mode: 0o600 }), { signal });
    return path;
  }

  /**
   * Charges the transcript once per attempt, as soon as the length is known (credits finds the charge of
   * an earlier attempt). Too few credits ends the transcript in error without a retry.
   */
  function chargeOnce(t: JobTranscript): (seconds: number) => Promise<void> {
    // The tutorial's sample costs nothing (a user's first minutes should not go on the tour).
    let charged = t.isTutorialSample;
    return async (seconds) => {
      if (charged || !options.billing) return;
      const outcome = await options.billing.chargeTranscription(t, seconds);
      if (outcome.status === 'not-enough-credits') {
        // Kept, so a retry can tell what it will cost before it is accepted.
        await repo
          .noteDuration(t, seconds)
          .catch((err: unknown) => log.warn({ err, transcriptId: t.id }, 'could not store the audio length'));
        throw new JobFailure({ text: outcome.message, code: outcome.code, ...(outcome.params ? { params: outcome.params } : {}) });
      }
      charged = true;
    };
  }

  /** Decodes and transcribes in the engine, which reports the audio's length (charged then) and progress. */
  async function transcribe(attempt: Attempt, filePath: string, charge: (seconds: number) => Promise<void>): Promise<TranscriptionResult> {
    const { t, signal, progress, segments } = attempt;
    const started = performance.now();
    let result: TranscriptionResult;
    try {
      result = await engine.transcribe({
        filePath,
        mimeType: t.audioMime ?? undefined,
        language: t.language ?? undefined,
        vocabulary: t.vocabulary ?? undefined,
        signal,
        onProgress: (fraction) => progress.report(fraction),
        onDuration: charge,
        onSegments: (prefix) => segments.report(prefix),
      });
    } catch (err) {
      metrics?.engineRan((performance.now() - started) / 1000, undefined);
      throw err;
    }
    metrics?.engineRan((performance.now() - started) / 1000, result.durationSeconds);
    // The finished transcript replaces what was stored of it so far.
    await segments.stop();
    await progress.stop();
    if (signal.aborted) throw signal.reason;
    // An engine that learnt the length only at the end.
    await charge(result.durationSeconds);
    return result;
  }

  /**
   * The result with its speakers told apart, when the engine named none: 'Speaker 1', 'Speaker 2', … in
   * order of appearance, as many as the upload said or as detection estimates. A failure keeps the
   * engine's result (the transcript is never lost to this step; the editor can ask again).
   */
  async function withSpeakers(attempt: Attempt, filePath: string, result: TranscriptionResult): Promise<TranscriptionResult> {
    const finder = options.speakers;
    const { t, signal } = attempt;
    if (!finder || result.segments.some((s) => s.speaker && s.speaker !== UNKNOWN_SPEAKER)) return result;
    const started = performance.now();
    let stopWaiting = () => {};
    // The detection thread runs its course; an aborted attempt (deleted, shutdown) stops waiting for it.
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      stopWaiting = () => signal.removeEventListener('abort', onAbort);
    });
    try {
      const segments = await Promise.race([
        finder.find({ filePath, segments: result.segments, ...(t.speakers ? { count: t.speakers } : {}) }),
        aborted,
      ]);
      const speakers = new Set(segments.map((s) => s.speaker)).size;
      log.info({ transcriptId: t.id, speakers, ms: Math.round(performance.now() - started) }, 'speakers told apart');
      return { ...result, segments };
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      log.warn({ err, transcriptId: t.id }, "speaker detection failed: the transcript keeps the engine's speakers");
      return result;
    } finally {
      stopWaiting();
    }
  }

  /**
   * Stores the transcript and announces its completion (a transcript deleted meanwhile: nothing). A
   * result without words (silence, music, speech in a language the engine cannot transcribe) is no
   * transcript: it ends as 'No speech detected' or 'Not English', refunded. `finish` completes a
   * result with words before it is stored (its speakers).
   */
  async function storeResult(
    t: JobTranscript,
    result: TranscriptionResult,
    finish: (result: TranscriptionResult) => Promise<TranscriptionResult>,
  ): Promise<JobOutcome | undefined> {
    const englishOnly = Array.isArray(engine.languages) && engine.languages.length === 1 && engine.languages[0] === 'en';
    let verdict = classifyTranscription(result.segments.map((s) => s.text));
    // Words the English-only engine invented over speech it could not understand (speech.ts).
    if (verdict === 'speech' && englishOnly) {
      const measures = englishMeasures(result);
      verdict = judgeEnglish(measures);
      if (verdict !== 'speech') log.info({ transcriptId: t.id, measures }, 'speech without trusted English words');
    }
    if (verdict !== 'speech') {
      const outcome = verdict === 'foreign-language' && englishOnly ? 'NOT_ENGLISH' : 'NO_SPEECH';
      log.info({ transcriptId: t.id, engine: engine.name, verdict, seconds: result.durationSeconds }, 'transcription found no words');
      await failTranscript(t, coded(outcome), outcome);
      return 'failed';
    }
    const finished = await finish(result);
    if (!(await repo.complete(t, finished))) return undefined;
    await publish(t, { type: 'complete', progress: 100, ...status(coded('TRANSCRIPTION_COMPLETED')) });
    await options.onOutcome?.({ transcriptId: t.id, userId: t.userId, status: 'completed' });
    log.info(
      { transcriptId: t.id, engine: engine.name, seconds: result.durationSeconds, segments: finished.segments.length },
      'transcription completed',
    );
    return 'completed';
  }

  /**
   * After a failed attempt: a deleted transcript ends the job quietly (refunded), a shutdown hands it back
   * to the queue, and otherwise the attempt is retried (rethrown to pg-boss) or the transcript ends in error.
   */
  async function endFailedAttempt(attempt: Attempt, caught: unknown): Promise<void> {
    const { t, job, signal } = attempt;
    await attempt.segments.stop();
    await attempt.progress.stop();
    const err: unknown = signal.aborted ? signal.reason : caught;
    const outcome = attemptOutcome(err, { retryCount: job.retryCount, retryLimit: job.retryLimit, budgetMs: attempt.budgetMs });
    if (outcome.action === 'deleted') {
      log.info({ transcriptId: t.id }, 'transcript deleted during its transcription: job ends');
      await refund(t);
      return;
    }
    if (outcome.action === 'hand-back') {
      // A fresh job for the next worker; this one completes, so no retry is used up.
      try {
        await queue.enqueue(t.id);
        log.info({ transcriptId: t.id }, 'shutting down: transcription handed back to the queue');
      } catch (e) {
        log.error({ err: e, transcriptId: t.id }, 'could not hand a transcription back on shutdown; start-up recovery will');
      }
      return;
    }
    const final = outcome.action === 'fail';
    attempt.outcome = 'failed';
    log.warn({ err, transcriptId: t.id, attempt: job.retryCount + 1, final }, 'transcription attempt failed');
    if (outcome.action === 'fail') {
      await failTranscript(t, outcome.reason);
      // Not retryable: the job itself is done (the transcript carries the error).
      if (!outcome.retryable) return;
    } else if (await repo.restart(t)) {
      await publish(t, { type: 'progress', progress: 0, ...status(coded('TRANSCRIPTION_RETRYING', reasonParams(outcome.reason))) });
    }
    throw err instanceof Error ? err : new Error(String(err));
  }

  async function run(job: JobWithMetadata<TranscriptionJobData>): Promise<void> {
    const claimed = await claim(job);
    if (!claimed) return;
    const { t, lease } = claimed;
    // Which process runs which job, for operators following a job across several workers.
    log.info({ transcriptId: t.id, jobId: job.id, attempt: job.retryCount + 1 }, 'transcription started');
    const started = performance.now();
    const attempt = openAttempt(job, t);
    try {
      await announceStart(t);
      const filePath = await loadAudio(t, attempt.dir, attempt.signal);
      const result = await transcribe(attempt, filePath, chargeOnce(t));
      attempt.outcome = await storeResult(t, result, async (withWords) => {
        const labelled = await withSpeakers(attempt, filePath, withWords);
        await attempt.removeDir();
        return labelled;
      });
    } catch (caught) {
      await endFailedAttempt(attempt, caught);
    } finally {
      if (attempt.outcome) metrics?.jobFinished(TRANSCRIPTION_QUEUE, attempt.outcome, (performance.now() - started) / 1000);
      await attempt.close();
      await lease.release();
      attempt.finished();
    }
  }

  /**
   * Transcripts left 'processing' without a live job: their process died (the job stays 'active' in
   * pg-boss until it expires), the enqueue failed, or pg-boss gave up after a timeout.
   */
  async function recover(): Promise<void> {
    recovering ??= (async () => {
      const now = Date.now();
      for (const t of await repo.processingWithJobs()) {
        if (stopping) return;
        const old = (d: Date | null) => !d || now - d.getTime() >= orphanGraceMs;
        try {
          switch (t.jobState) {
            case 'created':
            case 'retry':
              break;
            case 'active':
              if ((await leases.held(t.id)) || !old(t.jobStartedOn)) break;
              log.warn({ transcriptId: t.id, jobId: t.jobId }, 'transcription job of a stopped process: starting it again');
              await boss.cancel(TRANSCRIPTION_QUEUE, t.jobId!);
              await queue.enqueue(t.id);
              break;
            case 'failed':
              await failTranscript(t, coded('TRANSCRIPTION_INTERRUPTED'));
              break;
            default:
              // No job, or one that ended without finishing the transcript.
              if (!old(t.createdAt)) break;
              log.warn({ transcriptId: t.id }, 'transcript without a transcription job: enqueuing it');
              await queue.enqueue(t.id);
          }
        } catch (err) {
          log.error({ err, transcriptId: t.id }, 'transcription recovery failed');
        }
      }
    })().finally(() => {
      recovering = undefined;
    });
    return recovering;
  }

  async function cleanTmp(): Promise<void> {
    await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
    // Folders left by a killed process. Several workers may share DATA_DIR on PostgreSQL: only old ones there.
    const cutoff = options.soleProcess ? Infinity : Date.now() - 24 * 3600_000;
    for (const name of await readdir(options.tmpDir)) {
      const path = join(options.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  return {
    /**
     * Recovers interrupted jobs, then starts taking jobs. The engine loads on the first job, not here:
     * loaded at start it cost the idle server about 200 MB and slowed the first answers (the model is
     * rewritten at build time, so loading on first use takes about a second).
     */
    async start(): Promise<void> {
      await cleanTmp();
      await recover();
      const workOptions = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 } as const;
      for (let i = 0; i < options.concurrency; i++) {
        workerIds.push(
          await boss.work<TranscriptionJobData, void, typeof workOptions>(TRANSCRIPTION_QUEUE, workOptions, async (jobs) => {
            for (const job of jobs) await run(job);
          }),
        );
      }
      queue.onEnqueued(() => {
        if (!stopping) for (const id of workerIds) boss.notifyWorker(id);
      });
      const every = options.soleProcess ? 0 : (options.recoveryIntervalMs ?? 60_000);
      if (every > 0) {
        recoveryTimer = setInterval(() => {
          recover().catch((err: unknown) => log.error({ err }, 'transcription recovery failed'));
        }, every);
        recoveryTimer.unref();
      }
      log.info({ engine: engine.name, concurrency: options.concurrency }, 'transcription worker started');
    },

    /** Stops taking jobs; running ones are handed back to the queue. */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(recoveryTimer);
      // Without waiting: pg-boss 12 would otherwise wait for the running jobs to finish, which are aborted just below.
      await boss
        .offWork(TRANSCRIPTION_QUEUE, { wait: false })
        .catch((err: unknown) => log.error({ err }, 'could not stop the job workers'));
      for (const { controller } of running.values()) {
        if (!controller.signal.aborted) controller.abort(new JobAborted('shutdown'));
      }
      await Promise.all([...running.values()].map((r) => r.done));
      await recovering;
      // Let pg-boss record the completions of the jobs that just returned before the queue closes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await engine.close?.().catch((err: unknown) => log.error({ err }, 'could not close the transcription engine'));
    },

    recover,
  };
}
export type TranscriptionWorker = ReturnType<typeof createTranscriptionWorker>;
