// Charging transcription: per started minute of audio (measured from the decoded samples), once per
// transcript across retries, nothing when the balance is too small, refunded when the job fails.
// The engine here decodes with the real decoder and reports the length as the built-in engine does;
// only the recognition itself is left out (other tests cover it). PGlite / PostgreSQL as configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type TranscriptionEngine, type TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { ledger } from '../credits-helpers.ts';
import { api } from '../library-helpers.ts';
import { measuredSeconds, toneWav } from '../support/audio.ts';

type Behaviour = 'ok' | 'fail-once' | 'fail-always' | 'length-at-end';

/** Decodes the file, reports its length before "transcribing", then behaves as told. */
function measuringEngine() {
  const state = { behaviour: 'ok' as Behaviour, attempts: 0 };
  const engine: TranscriptionEngine = {
    name: 'measuring-test-engine',
    languages: ['en'],
    async transcribe(input: TranscriptionInput) {
      state.attempts += 1;
      const seconds = await measuredSeconds(input);
      if (state.behaviour !== 'length-at-end') await input.onDuration?.(seconds);
      if (state.behaviour === 'fail-always' || (state.behaviour === 'fail-once' && state.attempts === 1)) {
        throw new EngineError('unavailable', 'The transcription server failed (HTTP 503).');
      }
      return { durationSeconds: seconds, language: 'en', segments: [{ start: 0, end: seconds, text: 'tone', speaker: 'Unknown Speaker' }] };
    },
  };
  return { engine, state };
}

describe('charging transcription', () => {
  let server: TestServer;
  const { engine, state } = measuringEngine();

  beforeAll(async () => {
    server = await startServer(
      { TRANSCRIPTION_RETRIES: '1', TRANSCRIPTION_RETRY_DELAY_SECONDS: '0', STARTING_CREDITS: '5' },
      { worker: true, engine },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  async function user() {
    const r = await register(server);
    return { ...api(server, r.cookie), id: r.user.id };
  }
  type User = Awaited<ReturnType<typeof user>>;

  async function transcribe(u: User, seconds: number, behaviour: Behaviour) {
    state.behaviour = behaviour;
    state.attempts = 0;
    const res = await u.upload('tone.wav', toneWav(seconds));
    expect(res.status).toBe(201);
    const id = res.json.id!;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const t = (await u.get(`/api/transcripts/${id}`)).json as {
        metadata: { status: string; error: string | null; errorParams?: Record<string, unknown> | null };
      };
      if (t.metadata.status !== 'processing')
        return { id, status: t.metadata.status, error: t.metadata.error, errorParams: t.metadata.errorParams };
      if (Date.now() > deadline) throw new Error('transcription did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const balance = async (u: User) => (await u.get('/api/credits/balance')).json.balance as number;

  it('charges 1 credit per started minute of the decoded audio', async () => {
    const u = await user();
    const first = await transcribe(u, 61, 'ok');
    expect(first.status).toBe('completed');
    expect(await balance(u)).toBe(3);
    const second = await transcribe(u, 59.5, 'ok');
    expect(second.status).toBe('completed');
    expect(await balance(u)).toBe(2);
    expect((await ledger(server, u.id)).filter((e) => e.kind === 'transcription')).toEqual([
      { kind: 'transcription', amount: -2, balance_after: 3, reference: `transcript:${first.id}` },
      { kind: 'transcription', amount: -1, balance_after: 2, reference: `transcript:${second.id}` },
    ]);
  });

  it('with too few credits: the transcript ends in error with the message and nothing is charged', async () => {
    const u = await user();
    const t = await transcribe(u, 6 * 60 + 1, 'ok');
    expect(t.status).toBe('error');
    expect(t.error).toContain('Not enough credits');
    expect(t.error).toBe(
      'Transcription failed: Not enough credits: transcribing 7 started minutes of audio costs 7 credits and your balance is 5.',
    );
    // The reason's own code and figures come along, so the app can say it in German and offer Buy credits.
    expect(t.errorParams).toMatchObject({ reasonCode: 'NOT_ENOUGH_CREDITS_TRANSCRIPTION', minutes: 7, needed: 7, balance: 5 });
    // Not retried: the first attempt was the only one.
    expect(state.attempts).toBe(1);
    expect(await balance(u)).toBe(5);
    expect((await ledger(server, u.id)).map((e) => e.kind)).toEqual(['starting_grant']);
  });

  it('charges once per transcript when an attempt fails and the retry completes', async () => {
    const u = await user();
    const t = await transcribe(u, 30, 'fail-once');
    expect(t.status).toBe('completed');
    expect(state.attempts).toBe(2);
    expect(await balance(u)).toBe(4);
    expect((await ledger(server, u.id)).filter((e) => e.kind === 'transcription')).toHaveLength(1);
  });

  it('refunds a job that fails for a server-side reason', async () => {
    const u = await user();
    const t = await transcribe(u, 90, 'fail-always');
    expect(t.status).toBe('error');
    expect(t.error).toContain('HTTP 503');
    expect(state.attempts).toBe(2);
    expect(await balance(u)).toBe(5);
    expect((await ledger(server, u.id)).map((e) => `${e.kind}:${e.amount}:${e.reference}`)).toEqual([
      `starting_grant:5:user:${u.id}`,
      `transcription:-2:transcript:${t.id}`,
      `refund:2:transcription:transcript:${t.id}`,
    ]);
  });

  it('charges an engine that learns the length only at the end, before the transcript completes', async () => {
    const u = await user();
    const ok = await transcribe(u, 120, 'length-at-end');
    expect(ok.status).toBe('completed');
    expect(await balance(u)).toBe(3);
    const tooLong = await transcribe(u, 200, 'length-at-end');
    expect(tooLong.status).toBe('error');
    expect(tooLong.error).toContain('Not enough credits');
    expect(await balance(u)).toBe(3);
  });
});
