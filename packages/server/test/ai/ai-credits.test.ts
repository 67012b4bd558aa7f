// AI prompts cost credits (docs/decisions.md: 1 on the local engine): charged before the engine runs, never
// below zero however many requests arrive at once, 402 with a clear message when the balance is short.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

describe('AI prompts and credits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '10' });
  });
  afterAll(() => server.close());

  it('runs exactly 10 of 50 concurrent prompts with credits for 10; the balance ends at 0, never below', async () => {
    const s = await register(server);
    const owner = api(server, s.cookie);
    const id = await insertTranscript(server, s.user.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        owner.post(`/api/transcripts/${id}/custom-prompt`, { prompt: `Question ${i}?`, model: 'local' }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((c) => c === 201)).toHaveLength(10);
    expect(statuses.filter((c) => c === 402)).toHaveLength(40);
    const refused = answers.find((r) => r.status === 402)!;
    expect(refused.json.error).toMatch(/^Not enough credits: an AI prompt with the local engine costs 1 credit and your balance is 0\.$/);

    expect(((await owner.get('/api/credits/balance')).json as unknown as { balance: number }).balance).toBe(0);
    expect(((await owner.get(`/api/transcripts/${id}/ai-outputs`)).json as unknown as unknown[]).length).toBe(10);
    // The ledger: the grant and ten charges, each balance after it at or above zero.
    const entries = await selectRows<{ kind: string; amount: number; balance_after: number }>(
      server.app.database.db,
      sql`select kind, amount, balance_after from credit_entries where user_id = ${s.user.id} order by id`,
    );
    expect(entries.map((e) => e.kind)).toEqual(['starting_grant', ...Array(10).fill('ai_prompt')]);
    expect(entries.every((e) => Number(e.balance_after) >= 0)).toBe(true);
    expect(entries.at(-1)!.balance_after).toBe(0);
  });
});
