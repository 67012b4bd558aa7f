// The built-in engine's meeting answers and free questions, on small transcripts written for each case:
// an explicit spoken list of action items with owners, reports and headings that are no items, decisions
// against open needs, questions answered by the passage that holds the answer (or honestly not), and the
// small errors (counts that match the list, answers that stop at their topic, topics that are content words).
import { describe, expect, it } from 'vitest';
import { classifyPrompt, runLocal, unsupportedAnswer } from '../../src/features/ai/engines/local.ts';
import type { AiTranscript } from '../../src/features/ai/engines/types.ts';

const transcript = (language: 'en' | 'de', rows: Array<[number, string, string]>): AiTranscript => ({
  title: 't',
  language,
  content: rows.map((r) => r[2]).join(' '),
  segments: rows.map(([start, speaker, text], i) => ({ start, end: rows[i + 1]?.[0] ?? start + 5, speaker, text })),
  durationSeconds: (rows.at(-1)?.[0] ?? 0) + 5,
});

// The case of the report: two earlier reports, then the list's heading and three items with owners.
const standup = transcript('en', [
  [0, 'Lena', 'Quick updates first. Ben said the supplier will call back about the invoice.'],
  [6, 'Ben', 'Right, and Jana reported that the test server was down on Monday.'],
  [12, 'Lena', 'We still need a decision on the hosting provider.'],
  [18, 'Ben', 'Should we move the demo to next month?'],
  [24, 'Lena', 'We decided to keep the demo on May 4.'],
  [30, 'Lena', 'Okay, action items.'],
  [34, 'Lena', 'Jana updates the test plan by Wednesday.'],
  [40, 'Lena', 'Second, Ben writes the release notes by Friday.'],
  [46, 'Lena', 'And I will send the invitations tomorrow.'],
  [52, 'Ben', 'Great, thanks.'],
]);

const items = (out: string) => out.split('\n').filter((l) => /^- \[/.test(l));

describe('action items', () => {
  it('reads an explicit list item by item, each with its owner and due date; the heading and reports are no items', () => {
    const out = runLocal('List the action items of the transcript: who does what, and by when.', standup);
    expect(out.split('\n')[0]).toBe('Action items (3):');
    expect(items(out)).toEqual([
      '- [00:34] Jana updates the test plan by Wednesday. — owner: Jana · due: Wednesday',
      '- [00:40] Ben writes the release notes by Friday. — owner: Ben · due: Friday',
      '- [00:46] I will send the invitations tomorrow. — owner: Lena · due: tomorrow',
    ]);
  });

  it('reads a German list after "nächste Schritte" the same way', () => {
    const t = transcript('de', [
      [0, 'Katrin', 'Felix hat gesagt, dass der Drucker schon geliefert hat.'],
      [6, 'Katrin', 'Also, die nächsten Schritte.'],
      [10, 'Katrin', 'Felix bestellt die Namensschilder bis Freitag.'],
      [16, 'Katrin', 'Und ich buche das Hotel bis zum 3. Oktober.'],
      [22, 'Felix', 'Alles klar, dann bis nächste Woche.'],
    ]);
    expect(items(runLocal('Liste die Aufgaben auf.', t))).toEqual([
      '- [00:10] Felix bestellt die Namensschilder bis Freitag. — zuständig: Felix · fällig: Freitag',
      '- [00:16] Ich buche das Hotel bis zum 3. Oktober. — zuständig: Katrin · fällig: 3. Oktober',
    ]);
  });

  it('reads items after "we agreed:" with the person named in each, who need not be a speaker', () => {
    const t = transcript('de', [
      [0, 'Julia', 'Wir haben vereinbart: Jonas schickt das Angebot bis Montag.'],
      [6, 'Tim', 'Gut. Ich kümmere mich um die Rechnung bis Freitag.'],
      [12, 'Julia', 'Jonas hat letzte Woche gesagt, dass der Kunde zufrieden war.'],
    ]);
    expect(items(runLocal('Aufgaben', t))).toEqual([
      '- [00:00] Jonas schickt das Angebot bis Montag. — zuständig: Jonas · fällig: Montag',
      '- [00:06] Ich kümmere mich um die Rechnung bis Freitag. — zuständig: Tim · fällig: Freitag',
    ]);
    expect(runLocal('Wer schickt das Angebot?', t).split('\n')[1]).toMatch(/^Jonas — \[00:00\] Julia: /);
  });

  it('takes a commitment inside an agreement as an item, and the agreement as a decision', () => {
    const t = transcript('en', [
      [0, 'Anna', 'We agreed that Tom will send the report by Friday.'],
      [5, 'Tom', 'Next steps: Anna reviews the budget by June 3; Mark books the room.'],
      [10, 'Mark', 'I said last week that the room was booked already.'],
    ]);
    expect(items(runLocal('List the action items.', t))).toEqual([
      '- [00:00] We agreed that Tom will send the report by Friday. — owner: Tom · due: Friday',
      '- [00:05] Anna reviews the budget by June 3. — owner: Anna · due: June 3',
      '- [00:05] Mark books the room. — owner: Mark',
    ]);
    expect(items(runLocal('List the decisions.', t))).toEqual(['- [00:00] Anna: We agreed that Tom will send the report by Friday.']);
    // Of two people in the passage, the one who does what was asked.
    expect(runLocal('Who books the room?', t).split('\n')[1]).toBe(
      'Mark — [00:05] Tom: Next steps: Anna reviews the budget by June 3; Mark books the room.',
    );
  });

  it('takes the commitment out of a sentence that also says something is still open', () => {
    const t = transcript('en', [[0, 'Dana', "We haven't decided that yet, uh, I'll ask Marco."]]);
    expect(items(runLocal('List the action items.', t))).toEqual(["- [00:00] I'll ask Marco. — owner: Dana"]);
    expect(runLocal('List the decisions.', t)).toBe('No decisions were found in the transcript.');
  });

  it('takes a future commitment outside a list, not a past report', () => {
    const t = transcript('en', [
      [0, 'Maya', 'Tom said the build was green yesterday.'],
      [5, 'Tom', "I'll rerun the load test before Thursday."],
    ]);
    expect(items(runLocal('What are the action items?', t))).toEqual([
      "- [00:05] I'll rerun the load test before Thursday. — owner: Tom · due: Thursday",
    ]);
  });
});

describe('decisions', () => {
  it('lists what was decided, not a decision still needed or an open question', () => {
    const out = runLocal('List the decisions made in the transcript.', standup);
    expect(items(out)).toEqual(['- [00:24] Lena: We decided to keep the demo on May 4.']);
  });
});

describe('free questions', () => {
  it('are routed to the passages, while list requests keep their kind', () => {
    expect(classifyPrompt('Who is responsible for the test plan?')).toBeNull();
    expect(classifyPrompt('When is the demo date?')).toBeNull();
    expect(classifyPrompt('How many people answered?')).toBeNull();
    expect(classifyPrompt('Who drafts the agenda?')).toBeNull();
    expect(classifyPrompt('List the risks')).toBeNull();
    expect(classifyPrompt('What are the action items?')).toBe('actionItems');
    expect(classifyPrompt('Who spoke?')).toBe('people');
    expect(classifyPrompt('Wer hat teilgenommen?')).toBe('people');
    expect(classifyPrompt('Invent a slogan for the launch.')).toBe('write');
    expect(classifyPrompt('Write a summary email to the team.')).toBe('write');
    expect(classifyPrompt('Write down the action items.')).toBe('actionItems');
  });

  it('answer with the value first, then the passage with its time', () => {
    const out = runLocal('Who is responsible for the test plan?', standup);
    expect(out.split('\n')[1]).toBe('Jana — [00:34] Lena: Jana updates the test plan by Wednesday.');
    expect(runLocal('When is the demo?', standup).split('\n')[1]).toBe('May 4 — [00:24] Lena: We decided to keep the demo on May 4.');
  });

  it('answer each part of a question that asks two things', () => {
    const out = runLocal('Who is responsible for the test plan and when is the demo?', standup).split('\n');
    expect(out.slice(1, 3)).toEqual([
      'Jana — [00:34] Lena: Jana updates the test plan by Wednesday.',
      'May 4 — [00:24] Lena: We decided to keep the demo on May 4.',
    ]);
  });

  it('answer "why" with the cause given after the event, not the report of it', () => {
    const t = transcript('en', [
      [0, 'Dana', 'Victor told me the staging deploy failed twice yesterday.'],
      [5, 'Victor', 'Yeah, it was the database migration.'],
    ]);
    expect(runLocal('Why did the staging deploy fail?', t).split('\n')[1]).toBe(
      '- [00:05] Victor: Yeah, it was the database migration. (following [00:00] “Victor told me the staging deploy failed twice yesterday.”)',
    );
  });

  it('answer a question the transcript asks itself with the reply that follows', () => {
    const t = transcript('en', [
      [0, 'Ann', 'How much budget is left for the campaign?'],
      [4, 'Raj', 'We have $12,000 left.'],
      [8, 'Ann', 'Good, then the campaign starts in June.'],
    ]);
    expect(runLocal('How much budget is left?', t).split('\n')[1]).toBe(
      '$12,000 — [00:04] Raj: We have $12,000 left. (reply to [00:00] “How much budget is left for the campaign?”)',
    );
  });

  it('say so, free of charge, when no passage answers, and never quote a passage that only shares one word', () => {
    for (const q of ['What did the CEO say about the merger?', 'List the risks']) {
      const out = runLocal(q, standup);
      expect(out, q).toMatch(/^No passage of the transcript answers this/);
      expect(out, q).not.toMatch(/\[\d\d:\d\d\]/);
      expect(unsupportedAnswer(q, standup), q).toBe(out);
    }
    // What it can answer is no free answer: it is charged.
    expect(unsupportedAnswer('Who is responsible for the test plan?', standup)).toBeUndefined();
  });
});

describe('the small errors', () => {
  it('statistics announce as many figures as they list', () => {
    const out = runLocal('Extract statistics from the transcript.', standup);
    const heading = /^Figures spoken \((\d+)(?:, in (\d+) sentences)?\):$/m.exec(out)!;
    const lines = out.split('\n').filter((l) => /^- \[\d\d:\d\d\] .* — “/.test(l));
    const listed = lines.reduce((n, l) => n + l.split(' — “')[0].split('; ').length, 0);
    expect(Number(heading[1])).toBe(listed);
    expect(Number(heading[2] ?? heading[1])).toBe(lines.length);
  });

  it('an FAQ answer stops at the end of its topic', () => {
    const t = transcript('en', [
      [0, 'Ann', 'When does the pilot start?'],
      [4, 'Raj', 'The pilot starts on June 2 in Leeds. It needs two trainers. Anyway, my cat is sick today.'],
    ]);
    const out = runLocal('Generate an FAQ from the transcript.', t);
    // A sentence that refers back ('It …') goes on with the topic; 'Anyway, …' starts another.
    expect(out).toContain('A: [00:04] The pilot starts on June 2 in Leeds. It needs two trainers.');
    expect(out).not.toContain('cat');
  });

  it('key-point topics are content words, not fillers, in English and German', () => {
    const en = transcript('en', [
      [0, 'Ann', 'You know, the budget is tight, you know. I know the budget matters.'],
      [5, 'Raj', 'You know what, the budget review is next week, you know.'],
      [10, 'Ann', 'The vendor contract needs a budget line.'],
    ]);
    const topics = /^Topics: (.*)$/m.exec(runLocal('Highlight the key points of the transcript.', en))![1].split(', ');
    expect(topics).toContain('budget');
    expect(topics).not.toContain('know');
    const de = transcript('de', [
      [0, 'Anna', 'Ähm, das Budget ist halt knapp, ähm, also wirklich knapp.'],
      [5, 'Jonas', 'Ähm, das Budget prüfen wir halt nächste Woche.'],
    ]);
    const themen = /^Themen: (.*)$/m.exec(runLocal('Hebe die Kernpunkte hervor.', de))![1].split(', ');
    expect(themen).toContain('budget');
    expect(themen.some((w) => ['ähm', 'halt', 'also', 'wirklich'].includes(w))).toBe(false);
  });
});

describe('speakers in the answers', () => {
  const detected = transcript('en', [
    [0, 'Speaker 1', 'When does the migration start?'],
    [5, 'Speaker 2', 'We decided that the migration starts on Monday.'],
    [10, 'Unknown Speaker', 'Um, so, the budget is 40,000 euros.'],
  ]);

  it("name detection's speakers in the reader's language, and an unnamed one not at all", () => {
    expect(runLocal('When does the migration start?', detected, 'en')).toContain('Monday — [00:05] Speaker 2: We decided');
    expect(runLocal('When does the migration start?', detected, 'de')).toContain('Monday — [00:05] Sprecher 2: We decided');
    const cleaned = runLocal('Remove the filler words.', detected, 'de').split('\n');
    expect(cleaned).toContain('[00:00] Sprecher 1: When does the migration start?');
    expect(cleaned).toContain('[00:10] So, the budget is 40,000 euros.');
  });

  it('name no one when detection found one voice: its "Speaker 1" says nothing', () => {
    const one = transcript('en', [
      [0, 'Speaker 1', 'When does the migration start?'],
      [5, 'Speaker 1', 'We decided that the migration starts on Monday.'],
    ]);
    expect(runLocal('When does the migration start?', one, 'en')).toContain('Monday — [00:05] We decided');
    // A name a person gave is kept, even for one voice.
    const named = transcript('en', [
      [0, 'Carol', 'When does the migration start?'],
      [5, 'Carol', 'We decided that the migration starts on Monday.'],
    ]);
    expect(runLocal('When does the migration start?', named, 'en')).toContain('Monday — [00:05] Carol: We decided');
  });
});
