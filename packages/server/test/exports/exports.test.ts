import { strFromU8, unzipSync } from 'fflate';
import { parseSync } from 'subtitle';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error no types shipped
import { WebVTTParser } from 'webvtt-parser';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';
import { englishSegments, germanSegments, insertTranscript } from '../ai-fixtures.ts';
import { api } from '../library-helpers.ts';

async function fetchBytes(server: TestServer, cookie: string, path: string) {
  const res = await fetch(server.url + path, { headers: { ...XHR, Cookie: cookie } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(bytes);
  const { text } = await extractText(doc, { mergePages: true });
  // Lines wrap at the page width: compare with single spaces.
  return text.replace(/\s+/g, ' ');
}

function docxText(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  const xml = strFromU8(files['word/document.xml']);
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');
}

describe('exports', () => {
  let server: TestServer;
  let cookie: string;
  let de: number;
  let en: number;
  const germanTitle = 'Grüße aus der Küche – Planung!';
  beforeAll(async () => {
    server = await startServer();
    const s = await register(server);
    cookie = s.cookie;
    de = await insertTranscript(server, s.user.id, { title: germanTitle, language: 'de', segments: germanSegments });
    en = await insertTranscript(server, s.user.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });
  });
  afterAll(() => server.close());

  it('exports a transcript as PDF inline with an embedded font: title, date, times, speakers, German letters extract back', async () => {
    const { res, bytes } = await fetchBytes(server, cookie, `/api/transcripts/${de}/export/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^inline; filename="GrusseausderKuchePlanung\.pdf"; filename\*=UTF-8''Gr%C3%BC%C3%9Fe/,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/FontFile2/);
    const text = await pdfText(bytes);
    expect(text).toContain('Grüße aus der Küche');
    expect(text).toContain('Grüße an alle Zuhörer');
    expect(text).toMatch(/\[00:07 – 00:14\] Jonas/);
    expect(text).toContain('Äh, wann wird die neue Küche geliefert?');
    // No time zone sent: the time is in UTC and says so.
    expect(text).toMatch(/Created: \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
  });

  it('exports DOCX (attachment) with the same content', async () => {
    const { res, bytes } = await fetchBytes(server, cookie, `/api/transcripts/${de}/export/docx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="GrusseausderKuchePlanung\.docx"/);
    const text = docxText(bytes);
    expect(text).toContain(germanTitle);
    expect(text).toContain('[00:07 – 00:14] Jonas');
    expect(text).toContain('Grüße an alle Zuhörer.');
    for (const s of germanSegments) expect(text).toContain(s.text);
  });

  it('exports TXT, SRT and WebVTT that parse', async () => {
    const txt = await fetchBytes(server, cookie, `/api/transcripts/${en}/export/txt`);
    expect(txt.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.res.headers.get('content-disposition')).toMatch(/^attachment; filename="Planningmeeting\.txt"/);
    const text = Buffer.from(txt.bytes).toString('utf8');
    expect(text.split('\n')[0]).toBe('Planning meeting');
    expect(text).toContain('[00:06 – 00:14] Bob\nUh, how long will the migration of the billing system take?');

    const srt = await fetchBytes(server, cookie, `/api/transcripts/${de}/export/srt`);
    expect(srt.res.headers.get('content-disposition')).toMatch(/^attachment; filename="GrusseausderKuchePlanung\.srt"/);
    // Subtitle conventions: a segment may become several cues (at most 2 lines of 42 characters each), which
    // together span its time and carry its words; the speaker is named at the start of each turn.
    const cues = parseSync(Buffer.from(srt.bytes).toString('utf8')).flatMap((n) => (n.type === 'cue' ? [n.data] : []));
    expect(cues.length).toBeGreaterThan(germanSegments.length);
    for (const seg of germanSegments) {
      const own = cues.filter((c) => c.start >= seg.start * 1000 && c.start < seg.end * 1000);
      expect(own[0].start).toBe(seg.start * 1000);
      expect(own.at(-1)!.end).toBe(seg.end * 1000);
      expect(own.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(`${seg.speaker}: ${seg.text}`);
      for (const c of own) {
        expect(c.text.split('\n').length).toBeLessThanOrEqual(2);
        for (const line of c.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(42);
      }
    }

    const vtt = await fetchBytes(server, cookie, `/api/transcripts/${en}/export/vtt`);
    expect(vtt.res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const parsed = new WebVTTParser().parse(Buffer.from(vtt.bytes).toString('utf8'), 'metadata') as {
      errors: unknown[];
      cues: Array<{ startTime: number; endTime: number; text: string }>;
    };
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.length).toBeGreaterThan(englishSegments.length);
    // Bob's question (6.5 to 14 s, 65 characters with his name) takes two cues, each a voice span of his.
    const bob = parsed.cues.filter((c) => c.startTime >= 6.5 && c.startTime < 14);
    expect(bob).toHaveLength(2);
    expect(bob[0].startTime).toBe(6.5);
    expect(bob[1].endTime).toBe(14);
    expect(bob.every((c) => c.text.startsWith('<v Bob>'))).toBe(true);
    expect(bob.map((c) => c.text.replace('<v Bob>', '').replace(/\n/g, ' ')).join(' ')).toBe(englishSegments[1].text);
  });

  it('takes subtitle options as query parameters and refuses bad ones by name', async () => {
    const a = api(server, cookie);
    const one = (await a.get(`/api/transcripts/${en}/export/srt?maxLineChars=30&maxLines=1&maxCueSeconds=4&maxCharsPerSecond=15`)).text;
    const cues = parseSync(one).flatMap((n) => (n.type === 'cue' ? [n.data] : []));
    for (const c of cues) {
      expect(c.text).not.toContain('\n');
      expect(c.text.length, c.text).toBeLessThanOrEqual(30);
      expect(c.end - c.start).toBeLessThanOrEqual(4000);
    }
    const bad: Array<[string, string, Record<string, string | number>?]> = [
      ['maxLineChars=10', 'SUBTITLE_OPTION_INVALID', { option: 'maxLineChars', min: 20, max: 80 }],
      ['maxLines=1.5', 'SUBTITLE_OPTION_INVALID', { option: 'maxLines', min: 1, max: 3 }],
      ['maxCharsPerSecond=fast', 'SUBTITLE_OPTION_INVALID', { option: 'maxCharsPerSecond', min: 5, max: 40 }],
      ['minCueSeconds=-1', 'SUBTITLE_OPTION_INVALID', { option: 'minCueSeconds', min: 0.5, max: 5 }],
      ['minCueSeconds=3&maxCueSeconds=2', 'SUBTITLE_CUE_SECONDS_INVALID'],
    ];
    for (const [query, code, params] of bad) {
      const res = await a.get(`/api/transcripts/${en}/export/vtt?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.code, query).toBe(code);
      if (params) expect(res.json.params, query).toEqual(params);
    }
  });

  it('names no speaker in subtitles when no segment has a known one', async () => {
    const s = await register(server);
    const id = await insertTranscript(server, s.user.id, {
      title: 'Anonymous',
      language: 'en',
      segments: englishSegments.map((seg) => ({ ...seg, speaker: 'Unknown Speaker' })),
    });
    const srt = (await api(server, s.cookie).get(`/api/transcripts/${id}/export/srt`)).text;
    const vtt = (await api(server, s.cookie).get(`/api/transcripts/${id}/export/vtt`)).text;
    expect(srt).toContain('Um, welcome to the weekly planning');
    expect(srt).not.toMatch(/Unknown|Speaker:/);
    expect(vtt).not.toMatch(/<v |Unknown/);
  });

  it('exports all AI outputs and one output in pdf, docx and txt; names from the prompt cut at 50', async () => {
    const a = api(server, cookie);
    // A German reader: the engine's headings are German.
    expect((await a.post('/api/user/preferences', { language: 'de' })).status).toBe(200);
    const longPrompt = 'Extract all questions asked in the transcript, please, with every time stamp you can find!';
    const one = (await a.post(`/api/transcripts/${de}/custom-prompt`, { prompt: longPrompt })).json as unknown as {
      id: number;
      output: string;
    };
    await a.post(`/api/transcripts/${de}/custom-prompt`, { prompt: 'Extract statistics from the transcript.' });

    const all = await fetchBytes(server, cookie, `/api/transcripts/${de}/ai-outputs/export/pdf`);
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get('content-disposition')).toMatch(/^inline; filename="GrusseausderKuchePlanung\.pdf"/);
    const allText = await pdfText(all.bytes);
    expect(allText).toContain('Grüße aus der Küche');
    expect(allText).toContain('Extract statistics from the transcript.');
    expect(allText).toContain('Wann wird die neue Küche geliefert?'.slice(1));
    expect(allText).toContain('Redeanteil');

    const docx = await fetchBytes(server, cookie, `/api/transcripts/${de}/ai-outputs/export/docx`);
    expect(docx.res.headers.get('content-disposition')).toMatch(/^attachment; filename="GrusseausderKuchePlanung\.docx"/);
    expect(docxText(docx.bytes)).toContain('Im Transkript gestellte Fragen (2):');

    const expectedBase = longPrompt.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 50);
    expect(expectedBase).toHaveLength(50);
    for (const format of ['pdf', 'docx', 'txt'] as const) {
      const r = await fetchBytes(server, cookie, `/api/transcripts/${de}/ai-outputs/${one.id}/export/${format}`);
      expect(r.res.status).toBe(200);
      expect(r.res.headers.get('content-disposition')).toContain(`filename="${expectedBase}.${format}"`);
      const text =
        format === 'pdf' ? await pdfText(r.bytes) : format === 'docx' ? docxText(r.bytes) : Buffer.from(r.bytes).toString('utf8');
      expect(text).toContain('Wer misst die Wände aus?');
      expect(text).not.toContain('Redeanteil');
    }
    expect((await a.post('/api/user/preferences', { language: 'en' })).status).toBe(200);
  });

  it("names detected speakers in the reader's language: 'Sprecher 1' in a German reader's SRT, text and AI statistics", async () => {
    const s = await register(server);
    const a = api(server, s.cookie);
    expect((await a.post('/api/user/preferences', { language: 'de' })).status).toBe(200);
    const id = await insertTranscript(server, s.user.id, {
      title: 'Detected',
      language: 'en',
      segments: englishSegments.map((seg, i) => ({ ...seg, speaker: i % 2 ? 'Speaker 2' : 'Speaker 1' })),
    });
    const srt = (await a.get(`/api/transcripts/${id}/export/srt`)).text;
    expect(srt).toMatch(/^Sprecher 1: /m);
    expect(srt).toMatch(/^Sprecher 2: /m);
    const txt = Buffer.from((await fetchBytes(server, s.cookie, `/api/transcripts/${id}/export/txt`)).bytes).toString('utf8');
    expect(txt).toContain('Sprecher 2');
    await a.post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Extract statistics from the transcript.' });
    const all = Buffer.from((await fetchBytes(server, s.cookie, `/api/transcripts/${id}/ai-outputs/export/txt`)).bytes).toString('utf8');
    expect(all).toContain('Sprecher 1: Redeanteil');
    expect(`${srt}${txt}${all}`).not.toMatch(/Speaker \d/);
  });

  it("writes a German reader's export in German and in the time zone the browser sent", async () => {
    const s = await register(server);
    const a = api(server, s.cookie);
    expect((await a.post('/api/user/preferences', { language: 'de' })).status).toBe(200);
    const id = await insertTranscript(server, s.user.id, {
      title: 'Planning meeting',
      language: 'en',
      segments: englishSegments.map((seg) => ({ ...seg, speaker: 'Unknown Speaker' })),
    });
    const created = new Date(((await a.get(`/api/transcripts/${id}`)).json as { createdAt: string }).createdAt);

    const txt = await fetchBytes(server, s.cookie, `/api/transcripts/${id}/export/txt?tz=Asia/Tokyo`);
    expect(txt.res.status).toBe(200);
    const text = Buffer.from(txt.bytes).toString('utf8');
    // 'Erstellt: 24.11.2026, 09:19 GMT+9': German words and date order, Tokyo's clock (UTC+9, no summer time).
    const m = /^Erstellt: (\d\d)\.(\d\d)\.(\d{4}), (\d\d):(\d\d) GMT\+9$/m.exec(text);
    expect(m, text).not.toBeNull();
    const tokyo = new Date(created.getTime() + 9 * 3600_000);
    expect(Number(m![4])).toBe(tokyo.getUTCHours());
    expect(Number(m![5])).toBe(tokyo.getUTCMinutes());
    expect(Number(m![1])).toBe(tokyo.getUTCDate());
    // One speaker throughout: named once, at the start of the turn; the later segments keep their times.
    expect(text).toContain('[00:00 – 00:06] Unbekannter Sprecher\nUm, welcome to the weekly planning meeting.');
    expect(text).toContain('[00:06 – 00:14]\nUh, how long will the migration');
    expect(text.match(/Unbekannter Sprecher/g)).toHaveLength(1);
    expect(text).not.toMatch(/Unknown Speaker|UTC|Created/);

    // Berlin in November is UTC+1 (MEZ); DOCX says the same.
    const docx = docxText((await fetchBytes(server, s.cookie, `/api/transcripts/${id}/export/docx?tz=Europe/Berlin`)).bytes);
    expect(docx).toMatch(/Erstellt: \d\d\.\d\d\.\d{4}, \d\d:\d\d (MEZ|MESZ)/);
    expect(docx).toContain('Unbekannter Sprecher');

    await a.post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Extract statistics from the transcript.' });
    const all = Buffer.from(
      (await fetchBytes(server, s.cookie, `/api/transcripts/${id}/ai-outputs/export/txt?tz=Asia/Tokyo`)).bytes,
    ).toString('utf8');
    expect(all.split('\n')[0]).toBe('Planning meeting – KI-Ausgaben');
    expect(all).toMatch(/^Exportiert: \d\d\.\d\d\.\d{4}, \d\d:\d\d GMT\+9$/m);
    expect(all).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d GMT\+9 · Extract statistics from the transcript\.$/m);
    expect(all).toContain('Statistik des Transkripts:');
    expect(all).toContain('Unbekannter Sprecher: Redeanteil');
    expect(all).not.toMatch(/AI outputs|Unknown Speaker|UTC/);
  });

  it('refuses a time zone Intl does not know with 400 and a clear message; aliases and UTC are fine', async () => {
    const a = api(server, cookie);
    for (const tz of ['Mars/Olympus', 'Europe/Berlin;DROP', '', 'x'.repeat(300)]) {
      const res = await a.get(`/api/transcripts/${en}/export/txt?tz=${encodeURIComponent(tz)}`);
      expect(res.status, tz).toBe(400);
      expect(res.json.error, tz).toBe('Unknown time zone (expected an IANA name such as Europe/Berlin)');
    }
    expect((await a.get(`/api/transcripts/${en}/ai-outputs/export/txt?tz=Mars/Olympus`)).status).toBe(400);
    expect((await a.get(`/api/transcripts/${en}/ai-outputs/1/export/txt?tz=Mars/Olympus`)).status).toBe(400);
    for (const tz of ['UTC', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'Etc/GMT-14']) {
      expect((await a.get(`/api/transcripts/${en}/export/txt?tz=${encodeURIComponent(tz)}`)).status, tz).toBe(200);
    }
  });

  it('refuses unknown formats with 400 and unknown ids with 404', async () => {
    const a = api(server, cookie);
    for (const path of [
      `/api/transcripts/${en}/export/rtf`,
      `/api/transcripts/${en}/ai-outputs/export/srt`,
      `/api/transcripts/${en}/ai-outputs/1/export/vtt`,
    ]) {
      const res = await a.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.error, path).toBe('Unsupported export format');
    }
    expect((await a.get(`/api/transcripts/${en}/ai-outputs/2000000000/export/pdf`)).status).toBe(404);
    expect((await a.get(`/api/transcripts/2000000000/export/pdf`)).status).toBe(404);
    expect((await a.get(`/api/transcripts/x/export/pdf`)).status).toBe(400);
    const noAuth = await fetch(`${server.url}/api/transcripts/${en}/export/pdf`);
    expect(noAuth.status).toBe(401);
  });

  it('lists the export formats in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: Array<{ name: string; in: string; schema: { enum?: string[] } }> } }>;
    };
    const formats = (path: string) => doc.paths[path]!.get.parameters.find((p) => p.in === 'path' && p.name === 'format')?.schema.enum;
    expect(formats('/api/transcripts/{id}/export/{format}')).toEqual(['pdf', 'docx', 'txt', 'srt', 'vtt']);
    expect(formats('/api/transcripts/{id}/ai-outputs/export/{format}')).toEqual(['pdf', 'docx', 'txt']);
    expect(formats('/api/transcripts/{id}/ai-outputs/{outputId}/export/{format}')).toEqual(['pdf', 'docx', 'txt']);
  });
});
