// The built-in engine over HTTP: the answers a user gets for the 73-second meeting and a German
// transcript, and the free note for what it cannot do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTranscript } from '../ai-fixtures.ts';
import { loadCorpus } from '../ai-corpus/score.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

const corpus = loadCorpus();
const meeting = corpus.find((t) => t.id === 'en-meeting-launch')!;
const german = corpus.find((t) => t.id === 'de-meeting-planung')!;

describe('the built-in engine answers users', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '10' });
  });
  afterAll(() => server.close());

  const user = async (language: 'en' | 'de') => {
    const s = await register(server);
    const client = api(server, s.cookie);
    expect((await client.post('/api/user/preferences', { language })).status).toBe(200);
    const ask = async (id: number, prompt: string) => {
      const res = await client.post(`/api/transcripts/${id}/custom-prompt`, { prompt });
      expect(res.status, res.text).toBe(201);
      return (res.json as unknown as { output: string }).output;
    };
    const balance = async () => ((await client.get('/api/credits/balance')).json as unknown as { balance: number }).balance;
    return { id: s.user.id, client, ask, balance };
  };

  it('summarises the 73-second meeting with its figures, dates and action items, and never cuts a sentence', async () => {
    const u = await user('en');
    const id = await insertTranscript(server, u.id, { title: meeting.title, language: 'en', segments: meeting.segments });
    const bullets = await u.ask(id, 'Summarize the transcript as bullet points.');
    for (const fact of ['$4.2 million', '35 new customers', '3 %', '200 tickets', 'March 15', 'Sarah prepares the beta announcement.'])
      expect(bullets).toContain(fact);
    expect(bullets).not.toMatch(/prepares the\s*$/m);
    const lines = bullets.split('\n').filter((l) => l.startsWith('- ['));
    for (const line of lines) expect(line).toMatch(/^- \[\d\d:\d\d\] \p{Lu}.*[.!?]$/u);

    const stats = await u.ask(id, 'Extract statistics from the transcript.');
    for (const figure of ['$4.2 million', '12 %', '35 new customers', '3 %', '200 tickets', '$150,000', 'March 15'])
      expect(stats).toMatch(new RegExp(`^- \\[\\d\\d:\\d\\d\\] .*${figure.replace(/[$.]/g, '\\$&')}.* — “`, 'm'));

    const fillers = await u.ask(id, 'Remove filler words from the transcript.');
    expect(fillers).toContain("on last quarter. That's our best quarter so far.");
    expect(fillers.split('\n\n')[0]).not.toMatch(/\b(?:Like|Um|Uh),|you know|I mean|sort of/);
    expect(fillers).toContain('I like the draft');
    expect(fillers).toMatch(/Removed 9 filler words \(.*like ×2.*I mean ×1.*\)\./);

    const grammar = await u.ask(id, 'Improve the grammar and punctuation of the transcript.');
    expect(grammar).not.toMatch(/\bthe\.|,\./);
    expect(grammar).toContain('Sarah prepares the beta announcement.');

    const actions = await u.ask(id, 'List the action items of the transcript: who does what, and by when.');
    expect(actions).toMatch(/^Action items \(\d+\):/);
    // The list after 'Action items:' read item by item, each with its owner (named, or the speaker for 'I').
    expect(actions).toContain('[00:52] Tom sends the updated forecast to finance by Wednesday. — owner: Tom · due: Wednesday');
    expect(actions).toContain('[00:52] Sarah prepares the beta announcement. — owner: Sarah');
    expect(actions).toContain('[01:00] I will book the booth for the trade show. — owner: Maria');
    const decisions = await u.ask(id, 'List the decisions made in the transcript.');
    expect(decisions).toBe('Decisions (1):\n- [00:35] Maria: So we decided to keep the launch date on March 15.');
  });

  it('answers a German transcript in German, for a German reader and for an English one', async () => {
    for (const language of ['de', 'en'] as const) {
      const u = await user(language);
      const id = await insertTranscript(server, u.id, { title: german.title, language: 'de', segments: german.segments });
      // The German wording of 'Bullet points' as the app sends it, and the English one.
      for (const prompt of ['Fasse das Transkript in Stichpunkten zusammen.', 'Summarize the transcript as bullet points.']) {
        const out = await u.ask(id, prompt);
        expect(out).toMatch(/^Zusammenfassung in Stichpunkten/);
        expect(out).toContain('1,8 Millionen Euro');
        expect(out).not.toMatch(/Summary|bullet/i);
      }
      expect(await u.ask(id, 'Liste die Aufgaben aus dem Transkript auf: wer macht was bis wann.')).toMatch(
        /^Aufgaben \(\d+\):[\s\S]*Markus schickt die Kundenliste bis Mittwoch/,
      );
    }
  });

  it('says plainly, free of charge, what it cannot do, and points to a language model', async () => {
    const u = await user('en');
    const id = await insertTranscript(server, u.id, { title: meeting.title, language: 'en', segments: meeting.segments });
    const before = await u.balance();
    const out = await u.ask(id, 'Translate the transcript to German.');
    expect(out).toMatch(/^The built-in engine cannot translate: it is rule-based, not a language model/);
    expect(out).toMatch(/choose a language model in the model menu, or ask your administrator to connect an AI provider/);
    expect(out).not.toMatch(/No passage of the transcript matches/);
    expect(await u.balance()).toBe(before);
    // Stored like any answer, so the user finds it in the AI output list.
    const list = (await u.client.get(`/api/transcripts/${id}/ai-outputs`)).json as unknown as Array<{ prompt: string; output: string }>;
    expect(list[0]).toMatchObject({ prompt: 'Translate the transcript to German.', output: out });
    // A prompt it can answer costs the usual credit.
    await u.ask(id, 'Extract all questions asked in the transcript.');
    expect(await u.balance()).toBe(before - 1);
  });

  it('answers a question with the passage and its time, and charges nothing when it cannot answer', async () => {
    const u = await user('en');
    const id = await insertTranscript(server, u.id, { title: meeting.title, language: 'en', segments: meeting.segments });
    const before = await u.balance();
    // A request it cannot serve (invent) and a question no passage answers: a note each, free of charge.
    const invent = await u.ask(id, 'Invent a slogan for the launch.');
    expect(invent).toMatch(/^The built-in engine cannot write new text/);
    const none = await u.ask(id, 'What did the CEO say about the merger?');
    expect(none).toMatch(/^No passage of the transcript answers this/);
    expect(none).toContain('This answer cost no credit.');
    expect(none).not.toMatch(/\[\d\d:\d\d\]/);
    expect(await u.balance()).toBe(before);
    // Both stored, so the user sees what was asked and why there is no answer.
    const list = (await u.client.get(`/api/transcripts/${id}/ai-outputs`)).json as unknown as Array<{ output: string }>;
    expect(list.map((o) => o.output)).toEqual(expect.arrayContaining([invent, none]));
    // A question the transcript answers: the value first, then the passage with its clickable time; one credit.
    const who = await u.ask(id, 'Who books the booth for the trade show?');
    expect(who.split('\n')[1]).toBe('Maria — [01:00] Maria: Uh, I will book the booth for the trade show.');
    const left = await u.ask(id, 'How much of the marketing budget is left?');
    expect(left.split('\n')[1]).toMatch(/^\$150,000 — \[00:28\] Maria: We have \$150,000 left\./);
    expect(await u.balance()).toBe(before - 2);
  });
});
