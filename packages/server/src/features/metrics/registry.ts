/**
 * The server's Prometheus metrics: one registry per server instance (several servers in one process,
 * as in the tests, never clash), merged with the process's own metrics (memory, event loop, GC, Node
 * version) when scraped. Features record through the small interfaces below and never see prom-client.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The request-duration histogram's labels: the route pattern, the method and the status code. */
export type RequestDurations = Histogram<'route' | 'method' | 'status_code'>;

/** How a background job ended: 'completed' when it did its work, 'failed' when it did not (retried or given up). */
export type JobOutcome = 'completed' | 'failed';
/** How an AI prompt run ended; a run the user cancelled is not a failure of the engine. */
export type PromptOutcome = 'completed' | 'failed' | 'cancelled';

/** What the queues' workers record (transcription and webhook deliveries). */
export interface JobMetrics {
  /** One attempt of a job of `queue` ended after `seconds` (wall clock). */
  jobFinished(queue: string, outcome: JobOutcome, seconds: number): void;
}

/** What the transcription worker records beyond the job itself. */
export interface TranscriptionMetrics extends JobMetrics {
  /** The engine ran for `processingSeconds` (wall clock); `audioSeconds` when it returned a transcription. */
  engineRan(processingSeconds: number, audioSeconds: number | undefined): void;
}

export interface PromptMetrics {
  promptFinished(engine: string, outcome: PromptOutcome, seconds: number): void;
}

/** Queued jobs per queue name, read when scraped. */
export type QueueDepthReader = () => Promise<ReadonlyMap<string, number>>;

export interface ServerMetrics extends TranscriptionMetrics, PromptMetrics {
  /** Everything a scrape answers: this server's series and the process's. */
  readonly registry: Registry;
  readonly httpDuration: RequestDurations;
  /** The live channel's open sockets, read when scraped. */
  readLiveSockets(read: () => number): void;
  /** The job queues' depths, read when scraped (queues this reader does not name are left out). */
  readQueueDepth(read: QueueDepthReader, log: { warn(obj: object, msg: string): void }): void;
}

// Requests: API answers take milliseconds; uploads of large files take minutes.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
// Jobs: a webhook delivery takes milliseconds, a transcription of a long recording tens of minutes.
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
// AI prompts: the local engine answers in milliseconds, a language model over a long transcript in minutes.
const PROMPT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (process CPU, resident memory, heap, event-loop delay from
 * monitorEventLoopDelay, GC, handles, nodejs_version_info): they describe the process, not a server,
 * and their collectors (an event-loop monitor, a GC observer) cannot be stopped, so they are made once
 * per process in a registry of their own (not prom-client's global one) and shared by its servers.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createServerMetrics(): ServerMetrics {
  const own = new Registry();
  const registers = [own];

  const httpDuration: RequestDurations = new Histogram({
    name: 'scribe_http_request_duration_seconds',
    labelNames: ['route', 'method', 'status_code'] as const,
    help: 'HTTP requests by route pattern (unmatched: "unmatched"), method and status code, with their duration.',
    buckets: HTTP_BUCKETS,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'scribe_job_duration_seconds',
    help: 'Attempts of background jobs by queue and outcome (completed, failed), with their wall-clock duration.',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const processingSeconds = new Counter({
    name: 'scribe_transcription_processing_seconds_total',
    help: 'Wall-clock seconds the transcription engine spent transcribing (every attempt, also failed ones).',
    registers,
  });
  const audioSeconds = new Counter({
    name: 'scribe_transcription_audio_seconds_total',
    help: 'Seconds of audio the transcription engine transcribed.',
    registers,
  });
  const promptDuration = new Histogram({
    name: 'scribe_ai_prompt_duration_seconds',
    help: 'AI prompt runs by engine (local, openai) and outcome (completed, failed, cancelled), with their duration.',
    labelNames: ['engine', 'outcome'] as const,
    buckets: PROMPT_BUCKETS,
    registers,
  });

  let liveSockets: () => number = () => 0;
  new Gauge({
    name: 'scribe_live_sockets',
    help: 'Open /ws live-channel sockets on this process.',
    registers,
    collect() {
      this.set(liveSockets());
    },
  });

  let queueDepth: { read: QueueDepthReader; log: { warn(obj: object, msg: string): void } } | undefined;
  new Gauge({
    name: 'scribe_queue_depth',
    help: 'Jobs waiting in a queue (created, or waiting for a retry), by queue; read from the database when scraped.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      if (!queueDepth) return;
      try {
        const depths = await queueDepth.read();
        for (const [queue, queued] of depths) this.set({ queue }, queued);
      } catch (err) {
        // A scrape still answers the other series; a stale depth would mislead, so none is given.
        this.reset();
        queueDepth.log.warn({ err }, 'metrics: could not read the job queue depth');
      }
    },
  });

  return {
    registry: Registry.merge([processMetrics(), own]),
    httpDuration,
    jobFinished(queue, outcome, seconds) {
      jobDuration.observe({ queue, outcome }, seconds);
    },
    engineRan(processing, audio) {
      if (Number.isFinite(processing) && processing > 0) processingSeconds.inc(processing);
      if (audio !== undefined && Number.isFinite(audio) && audio > 0) audioSeconds.inc(audio);
    },
    promptFinished(engine, outcome, seconds) {
      promptDuration.observe({ engine, outcome }, seconds);
    },
    readLiveSockets(read) {
      liveSockets = read;
    },
    readQueueDepth(read, log) {
      queueDepth = { read, log };
    },
  };
}
