import { defaultPrompts } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../src/features/ai/engines/local.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { englishSegments, germanSegments, insertTranscript } from '../ai-fixtures.ts';
import { api } from '../library-helpers.ts';

type Output = { id: number; prompt: string; output: string; engine: string; model: string; createdAt: string; transcriptId: number };

const prompt = (kind: string) => defaultPrompts.find((p) => p.kind === kind)!.prompt;
/** Output lines without their [mm:ss] time and speaker label. */
const body = (line: string) => line.replace(/^(- )?\[\d{1,2}:\d{2}(:\d{2})?\] (\p{L}+: )?/u, '');

describe('AI prompts on the local engine', () => {
  let server: TestServer;
  let owner: ReturnType<typeof api>;
  let ownerId: number;
  let en: number;
  let de: number;
  beforeAll(async () => {
    server = await startServer();
    const s = await register(server);
    owner = api(server, s.cookie);
    ownerId = s.user.id;
    en = await insertTranscript(server, ownerId, { title: 'Planning meeting', language: 'en', segments: englishSegments });
    // Language unknown: detected from the words.
    de = await insertTranscript(server, ownerId, { title: 'Küchenplanung', language: null, segments: germanSegments });
  });
  afterAll(() => server.close());

  /** The owner's saved interface language: the engine's own words follow it. */
  const speak = async (language: 'en' | 'de') => {
    expect((await owner.post('/api/user/preferences', { language })).status).toBe(200);
  };

  const run = async (id: number, text: string, model?: string) => {
    const res = await owner.post(`/api/transcripts/${id}/custom-prompt`, { prompt: text, ...(model ? { model } : {}) });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as Output;
  };

  it('offers only the local engine, labelled as rule-based, without a provider', async () => {
    const res = await owner.get('/api/ai/models');
    expect(res.status).toBe(200);
    const models = (res.json as unknown as { models: Array<{ id: string; label: string; default: boolean }> }).models;
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ id: 'local', default: true });
    expect(models[0].label).toMatch(/rule-based, no language model/);
    const bad = await owner.post(`/api/transcripts/${en}/custom-prompt`, { prompt: 'x', model: 'gpt-4' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('This AI model is not available. Ask your administrator.');
  });

  it('removes exactly the filler words and keeps every other word (English and German)', async () => {
    for (const [id, segs, fillers] of [
      [en, englishSegments, ['um', 'uh']],
      [de, germanSegments, ['ähm', 'äh']],
    ] as const) {
      const out = await run(id, prompt('fillers'));
      expect(out.engine).toBe('local');
      expect(out.model).toBe('rule-based');
      const lines = out.output.split('\n').filter((l) => /^\[\d\d:\d\d\]/.test(l));
      expect(lines).toHaveLength(segs.length);
      lines.forEach((line, i) => {
        const expected = words(segs[i].text).filter((w) => !(fillers as readonly string[]).includes(w.toLowerCase()));
        const got = words(body(line));
        expect(got.map((w) => w.toLowerCase())).toEqual(expected.map((w) => w.toLowerCase()));
        for (const f of fillers) expect(got.map((w) => w.toLowerCase())).not.toContain(f);
      });
    }
  });

  it('extracts exactly the question sentences', async () => {
    const outEn = await run(en, prompt('questions'));
    const qEn = outEn.output
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map(body);
    expect(qEn).toEqual([
      'Uh, how long will the migration of the billing system take?',
      'What happens if invoices are lost?',
      'Who reviews the migration plan?',
    ]);
    expect(outEn.output).toContain('[00:06]');
    await speak('de');
    const outDe = await run(de, prompt('questions'));
    await speak('en');
    const qDe = outDe.output
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map(body);
    expect(qDe).toEqual(['Äh, wann wird die neue Küche geliefert?', 'Wer misst die Wände aus?']);
    expect(outDe.output).toMatch(/^Im Transkript gestellte Fragen \(2\)/);
  });

  it('computes statistics that match the segments', async () => {
    const out = (await run(en, prompt('statistics'))).output;
    const totalWords = englishSegments.reduce((n, s) => n + words(s.text).length, 0);
    expect(out).toContain(`Duration: 01:15 (75 s)`);
    expect(out).toContain(`Segments: ${englishSegments.length}`);
    expect(out).toContain(`Words: ${totalWords}`);
    expect(out).toContain(`Words per minute: ${Math.round((totalWords / 75) * 60)}`);
    expect(out).toContain('Questions: 3');
    expect(out).toContain('Speakers: 2');
    const alice = englishSegments.filter((s) => s.speaker === 'Alice').reduce((n, s) => n + s.end - s.start, 0);
    expect(out).toContain(`Alice: Talk share ${Math.round((alice / 75) * 100)} %`);
    await speak('de');
    const outDe = (await run(de, prompt('statistics'))).output;
    await speak('en');
    expect(outDe).toContain('Dauer: 00:52');
    expect(outDe).toContain(`Segmente: ${germanSegments.length}`);
    expect(outDe).toContain('Redeanteil');
  });

  it('answers every default prompt in both languages with a result specific to it', async () => {
    const expectations: Record<string, [RegExp, RegExp]> = {
      bullets: [/^Summary as bullet points/, /^Zusammenfassung in Stichpunkten/],
      grammar: [/I will send the plan to|I will send the plan the whole team\./, /Transkript mit korrigierter/],
      keyPoints: [/^Key points/, /^Kernpunkte/],
      questions: [/^Questions asked/, /^Im Transkript gestellte Fragen/],
      emotions: [/Joy \(\d\):[\s\S]*happy/, /Freude \(\d\):[\s\S]*freue/],
      faq: [
        /Q: \[00:06\] Uh, how long[\s\S]*\nA: \[00:14\] The billing migration will take about three weeks/,
        /F: \[00:07\] Äh, wann wird die neue Küche geliefert\?\nA: \[00:14\] Die Küche wird in zwei Wochen geliefert/,
      ],
      statistics: [/^Statistics/, /^Statistik/],
      fillers: [/^Transcript without filler words/, /^Transkript ohne Füllwörter/],
      actionItems: [
        /^Action items \(\d+\):[\s\S]*\[01:06\] Carol reviews the migration plan on Monday\. — owner: Carol · due: Monday/,
        /^Aufgaben \(\d+\):[\s\S]*\[00:33\] Der Monteur misst die Wände morgen aus\. — zuständig: Anna · fällig: morgen/,
      ],
      // Neither conversation decides anything: the answer says so rather than inventing one.
      decisions: [/^No decisions were found in the transcript\.$/, /^Im Transkript wurden keine Entscheidungen gefunden\.$/],
    };
    const seen = new Set<string>();
    for (const p of defaultPrompts) {
      for (const [i, id] of [en, de].entries()) {
        // A German reader of the German transcript (the headings follow the reader's language).
        await speak(i === 0 ? 'en' : 'de');
        const out = await run(id, p.prompt);
        expect(out.output.trim().length, p.kind).toBeGreaterThan(20);
        expect(out.output, `${p.kind} ${i}`).toMatch(expectations[p.kind][i]);
        if (p.kind !== 'decisions') expect(out.output, p.kind).toMatch(/\[\d\d:\d\d\]/);
        seen.add(out.output);
      }
    }
    expect(seen.size).toBe(2 * defaultPrompts.length);
    await speak('en');
    const grammar = (await run(en, prompt('grammar'))).output;
    expect(grammar).toContain('[00:50] Alice: Next week the team starts the billing migration. I will send the plan the whole team.');
    const emotions = (await run(en, prompt('emotions'))).output;
    expect(emotions).toContain('Fear');
    expect(emotions).toContain('“I am worried that the billing deadline is too tight.”');
  });

  it('understands German wording of the default prompts', async () => {
    const out = await run(de, 'Extrahiere alle Fragen aus dem Transkript.');
    // An English reader of a German transcript: the answer is German, headings included.
    expect(out.output).toMatch(/^Im Transkript gestellte Fragen \(2\):\n- \[00:07\] Äh, wann wird die neue Küche geliefert\?/);
  });

  it('answers a free prompt with labelled relevant passages and a hint, never as a language model', async () => {
    const out = (await run(en, 'What is said about invoices and the backup?')).output;
    expect(out).toMatch(/^Answer from the transcript/);
    expect(out).toContain('[00:31] Alice: Every invoice record is copied twice, so nothing is lost.');
    expect(out).toMatch(/not a language model/);
    // End-user wording: no configuration variable, the administrator is the one to ask.
    expect(out).toMatch(/ask your administrator to connect an AI provider/);
    expect(out).not.toMatch(/AI_BASE_URL|configure/i);
  });

  it("writes its own headings and notes in the reader's saved language, whatever the transcript's language", async () => {
    const s = await register(server);
    const german = api(server, s.cookie);
    expect((await german.post('/api/user/preferences', { language: 'de' })).status).toBe(200);
    const id = await insertTranscript(server, s.user.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });
    const ask = async (text: string) => {
      const res = await german.post(`/api/transcripts/${id}/custom-prompt`, { prompt: text });
      expect(res.status, res.text).toBe(201);
      return (res.json as unknown as Output).output;
    };
    const questions = await ask(prompt('questions'));
    expect(questions).toMatch(/^Im Transkript gestellte Fragen \(\d+\):/);
    // The transcript's own sentences stay as spoken.
    expect(questions).toContain('how long will the migration of the billing system take?');
    const stats = await ask(prompt('statistics'));
    expect(stats).toMatch(/^Statistik des Transkripts:/);
    expect(stats).toContain('Wörter pro Minute');
    expect(stats).not.toMatch(/Words per minute|Unknown Speaker/);
    const free = await ask('What is said about invoices?');
    expect(free).toMatch(/^Antwort aus dem Transkript/);
    expect(free).toContain('bitten Sie Ihren Administrator');
    expect(free).not.toMatch(/AI_BASE_URL/);
  });

  it('lists outputs newest first on both paths, with engine and model', async () => {
    const list = (await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[];
    const same = (await owner.get(`/api/transcripts/${en}/prompt-outputs`)).json as unknown as Output[];
    expect(list.length).toBeGreaterThan(5);
    expect(same).toEqual(list);
    expect(list[0].id).toBeGreaterThan(list[1].id);
    expect(list[0]).toMatchObject({ transcriptId: en, engine: 'local', model: 'rule-based' });
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThan(0);
  });

  it('validates prompts: empty prompt, bad model, transcript still processing', async () => {
    expect((await owner.post(`/api/transcripts/${en}/custom-prompt`, { prompt: '  ' })).json.error).toBe('Please enter a prompt');
    expect((await owner.post(`/api/transcripts/${en}/custom-prompt`, {})).status).toBe(400);
    expect((await owner.post(`/api/transcripts/abc/custom-prompt`, { prompt: 'x' })).status).toBe(400);
    expect((await owner.post(`/api/transcripts/2000000000/custom-prompt`, { prompt: 'x' })).status).toBe(404);
  });

  it('saves, lists and deletes prompts, which belong to their owner', async () => {
    const missing = await owner.post('/api/prompts', { name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Please provide both a name and a prompt');
    expect((await owner.post('/api/prompts', { name: ' ', prompt: 'x' })).json.error).toBe('Please provide both a name and a prompt');
    expect((await owner.post('/api/prompts', { name: 'x', prompt: 'y', icon: 'Rocket' })).status).toBe(400);
    const created = await owner.post('/api/prompts', { name: 'Übersetzen', prompt: 'Translate to German', icon: 'Languages' });
    expect(created.status).toBe(201);
    const saved = created.json as unknown as { id: number; name: string; icon: string };
    expect(saved).toMatchObject({ name: 'Übersetzen', prompt: 'Translate to German', icon: 'Languages' });
    const plain = (await owner.post('/api/prompts', { name: 'Plain', prompt: 'Something' })).json as unknown as {
      icon: string;
      id: number;
    };
    expect(plain.icon).toBe('FileText');

    const other = api(server, (await register(server)).cookie);
    expect((await other.get('/api/prompts')).json).toEqual([]);
    expect((await other.del(`/api/prompts/${saved.id}`)).status).toBe(404);
    expect(((await owner.get('/api/prompts')).json as unknown as unknown[]).length).toBe(2);

    expect((await owner.del(`/api/prompts/${saved.id}`)).status).toBe(200);
    expect((await owner.del(`/api/prompts/${saved.id}`)).status).toBe(404);
    expect(((await owner.get('/api/prompts')).json as unknown as Array<{ id: number }>).map((p) => p.id)).toEqual([plain.id]);
  });

  it("gives a second user 404 on every AI and export route for the first user's ids", async () => {
    const first = (await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[];
    const outputId = first[0].id;
    const other = api(server, (await register(server)).cookie);
    const calls: Array<() => Promise<{ status: number; json: { error?: string } }>> = [
      () => other.post(`/api/transcripts/${en}/custom-prompt`, { prompt: prompt('questions') }),
      () => other.get(`/api/transcripts/${en}/ai-outputs`),
      () => other.get(`/api/transcripts/${en}/prompt-outputs`),
      ...['pdf', 'docx', 'txt', 'srt', 'vtt'].map((f) => () => other.get(`/api/transcripts/${en}/export/${f}`)),
      ...['pdf', 'docx', 'txt'].map((f) => () => other.get(`/api/transcripts/${en}/ai-outputs/export/${f}`)),
      ...['pdf', 'docx', 'txt'].map((f) => () => other.get(`/api/transcripts/${en}/ai-outputs/${outputId}/export/${f}`)),
      () => other.del(`/api/transcripts/${en}/ai-outputs/${outputId}`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.json.error).toMatch(/not found/);
    }
    // The owner's outputs are untouched.
    expect(((await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[]).length).toBe(first.length);
  });

  it('deletes one AI output for its owner only; another id or transcript answers 404', async () => {
    const before = (await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[];
    const [gone, ...kept] = before;
    // Another user, and the owner with the output under another of their transcripts: 404, nothing deleted.
    const other = api(server, (await register(server)).cookie);
    const theirs = await other.del(`/api/transcripts/${en}/ai-outputs/${gone.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toBe('Transcript not found');
    const elsewhere = await owner.del(`/api/transcripts/${de}/ai-outputs/${gone.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.error).toBe('AI output not found');
    expect((await owner.del(`/api/transcripts/${en}/ai-outputs/abc`)).status).toBe(400);
    expect(((await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[]).length).toBe(before.length);

    const res = await owner.del(`/api/transcripts/${en}/ai-outputs/${gone.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    const after = (await owner.get(`/api/transcripts/${en}/ai-outputs`)).json as unknown as Output[];
    expect(after.map((o) => o.id)).toEqual(kept.map((o) => o.id));
    expect((await owner.get(`/api/transcripts/${en}/ai-outputs/${gone.id}/export/txt`)).status).toBe(404);
    expect((await owner.del(`/api/transcripts/${en}/ai-outputs/${gone.id}`)).status).toBe(404);
  });
});
