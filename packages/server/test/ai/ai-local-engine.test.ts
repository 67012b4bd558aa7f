// The built-in engine's pure modules (engines/local/*): no server, no database.
import { describe, expect, it } from 'vitest';
import { answerLanguage, classifyPrompt, runLocal } from '../../src/features/ai/engines/local.ts';
import { figuresIn } from '../../src/features/ai/engines/local/figures.ts';
import { removeFillers } from '../../src/features/ai/engines/local/fillers.ts';
import { correctSentence } from '../../src/features/ai/engines/local/grammar.ts';
import { actionItems, decisions } from '../../src/features/ai/engines/local/meeting.ts';
import { rankSentences } from '../../src/features/ai/engines/local/rank.ts';
import { paragraphs, sentences } from '../../src/features/ai/engines/local/text.ts';
import type { StoredSegment } from '../../src/db/schema.ts';

const seg = (start: number, speaker: string, text: string): StoredSegment => ({ start, end: start + 5, speaker, text });

describe('sentences rebuilt across segments', () => {
  const segments = [
    seg(0, 'Maria', 'Revenue came in at $4.2 million,'),
    seg(5, 'Maria', 'which is up 12 % on last quarter. Tom sends the forecast, and Sarah prepares the'),
    seg(10, 'Maria', 'beta announcement. We launch on March 15.'),
    seg(15, 'Tom', 'Okay'),
    seg(20, 'Tom', 'next week the team starts. i will send the plan'),
  ];

  it('joins a sentence cut by a segment boundary and keeps the start of the segment it begins in', () => {
    const all = sentences(segments, 'en');
    expect(all.map((s) => [s.start, s.text])).toEqual([
      [0, 'Revenue came in at $4.2 million, which is up 12 % on last quarter.'],
      [5, 'Tom sends the forecast, and Sarah prepares the beta announcement.'],
      [10, 'We launch on March 15.'],
      // A change of speaker ends a sentence; an unpunctuated one goes on across its speaker's segments.
      [15, 'Okay next week the team starts.'],
      [20, 'i will send the plan'],
    ]);
  });

  it('does not break German dates or abbreviations', () => {
    const all = sentences([seg(0, 'A', 'Wir starten am 1. April mit z. B. zwei Teams. Danach folgt Dr. Weber.')], 'de');
    expect(all.map((s) => s.text)).toEqual(['Wir starten am 1. April mit z. B. zwei Teams.', 'Danach folgt Dr. Weber.']);
  });

  it('groups sentences into paragraphs that follow the segments without cutting a sentence', () => {
    const paras = paragraphs(sentences(segments, 'en'));
    expect(paras.map((p) => p.map((s) => s.text).join(' '))).toEqual([
      'Revenue came in at $4.2 million, which is up 12 % on last quarter. Tom sends the forecast, and Sarah prepares the beta announcement. We launch on March 15.',
      'Okay next week the team starts. i will send the plan',
    ]);
  });
});

describe('filler removal in context', () => {
  const clean = (s: string, lang: 'en' | 'de' = 'en') => removeFillers(s, lang);

  it('removes discourse fillers and mends commas and capitals', () => {
    expect(clean('Like, that’s our best quarter so far.')).toEqual({ text: 'That’s our best quarter so far.', removed: ['like'] });
    expect(clean('Okay, um, let’s get started.').text).toBe('Okay, let’s get started.');
    expect(clean('Support closed, you know, 200 tickets.').text).toBe('Support closed 200 tickets.');
    expect(clean('I mean, it’s kind of a nightmare.')).toEqual({ text: 'It’s a nightmare.', removed: ['i mean', 'kind of'] });
    expect(clean('So the rule is, like, index the columns.').text).toBe('So the rule is index the columns.');
    expect(clean('It should, uh, sort out the currencies.').text).toBe('It should sort out the currencies.');
    expect(clean('That was it, you know.').text).toBe('That was it.');
  });

  it('keeps the same words where they are not fillers', () => {
    for (const s of [
      'I like the draft.',
      'I would like it to work offline.',
      'What kind of car is it?',
      'It is a sort of tool.',
      'Do you know the answer?',
      'I mean the second one.',
      'You know the rules.',
    ])
      expect(clean(s)).toEqual({ text: s, removed: [] });
    for (const s of ['Wir haben also beschlossen, zu warten.', 'Halt! Der Zug hält hier.'])
      expect(clean(s, 'de')).toEqual({ text: s, removed: [] });
  });

  it('removes German fillers', () => {
    expect(clean('Also, ähm, fangen wir an.', 'de')).toEqual({ text: 'Fangen wir an.', removed: ['also', 'ähm'] });
    expect(clean('Das ist halt quasi sozusagen Pflicht.', 'de').text).toBe('Das ist Pflicht.');
    expect(clean('Okay, naja, dann machen wir das so.', 'de').text).toBe('Okay, dann machen wir das so.');
  });
});

describe('grammar with safe edits only', () => {
  it('makes the safe edits', () => {
    expect(correctSentence('i will send the plan the the whole team', 'en')).toEqual({
      text: 'I will send the plan the whole team.',
      edits: ['doubled', 'pronounI', 'fullStop'],
    });
    expect(correctSentence('next week we start , i think', 'en').text).toBe('Next week we start, I think.');
    expect(correctSentence('wir treffen uns am Montag', 'de').text).toBe('Wir treffen uns am Montag.');
  });

  it('never ends an unfinished sentence with a full stop', () => {
    expect(correctSentence('and Sarah prepares the', 'en').text).toBe('And Sarah prepares the');
    expect(correctSentence('We have $4.2 million,', 'en').text).toBe('We have $4.2 million,');
    expect(correctSentence('das reicht für den Stand und die', 'de').text).toBe('Das reicht für den Stand und die');
  });

  // Sentences that are right as they are: the rules must leave every one of them alone.
  const leaveAlone: Array<[string, 'en' | 'de']> = [
    ['I had had enough of it.', 'en'],
    ['She said that that was fine.', 'en'],
    ['The iPhone costs $999.', 'en'],
    ['We met at 10:30 a.m. on Monday.', 'en'],
    ['Wait... what?', 'en'],
    ['U.S. sales rose 3 %.', 'en'],
    ['Visit example.com for details.', 'en'],
    ['The value is 3.14.', 'en'],
    ['e.g. this one works.', 'en'],
    ['He said “yes.”', 'en'],
    ['Revenue was $4.2 million, up 12 % on Q3.', 'en'],
    ['Is it 5:30 or 6?', 'en'],
    ['eBay sold 1,200 items.', 'en'],
    ['Das ist 1,8 Millionen Euro wert.', 'de'],
    ['Ich weiß, dass die die Antwort kennen.', 'de'],
    ['Wir treffen uns am 1. April um 9 Uhr.', 'de'],
    ['Ist das so?', 'de'],
    ['Sie sagt: „Ja.“', 'de'],
  ];
  it.each(leaveAlone)('leaves "%s" alone', (s, lang) => {
    expect(correctSentence(s, lang)).toEqual({ text: s, edits: [] });
  });
});

describe('figures spoken', () => {
  const texts = (s: string, lang: 'en' | 'de' = 'en') => figuresIn(s, lang).map((f) => f.text);

  it('finds money, percentages, counts with their nouns, ranges, times and dates (English)', () => {
    expect(texts('Revenue came in at $4.2 million, which is up 12 % on last quarter.')).toEqual(['$4.2 million', '12 %', 'last quarter']);
    expect(texts('And we signed thirty-five new customers, mostly in health care.')).toEqual(['thirty-five new customers']);
    expect(texts('Usually 5 to 7 business days, and the ticket number is 48213.')).toEqual(['5 to 7 business days', '48213']);
    expect(texts('Please read chapter 7 by Tuesday; the quiz is on April 3.')).toEqual(['chapter 7', 'Tuesday', 'April 3']);
    expect(texts("Let's meet again next Monday at 10 a.m.")).toEqual(['next Monday at 10 a.m.']);
    expect(texts('I was charged twice.')).toEqual(['twice']);
  });

  it('finds them in German', () => {
    expect(texts('Der Umsatz lag bei 1,8 Millionen Euro, das sind 20 Prozent mehr.', 'de')).toEqual(['1,8 Millionen Euro', '20 Prozent']);
    expect(texts('Wir haben fünfunddreißig neue Kunden gewonnen.', 'de')).toEqual(['fünfunddreißig neue Kunden']);
    expect(texts('Der Techniker kommt am Dienstag, den 14. Mai, zwischen 8 und 10 Uhr.', 'de')).toEqual([
      'Dienstag, den 14. Mai',
      '8 und 10 Uhr',
    ]);
    expect(texts('Ich organisiere sie bis Ende März.', 'de')).toEqual(['Ende März']);
  });

  it('does not take words for figures', () => {
    expect(texts('The one that we liked is gone.')).toEqual([]);
    expect(texts('Was kostet denn so ein Einsatz?', 'de')).toEqual([]);
    expect(texts('Good morning, everyone.')).toEqual([]);
  });
});

describe('ranking, action items and decisions', () => {
  const meeting = sentences(
    [
      seg(0, 'A', 'The billing migration takes three weeks.'),
      seg(5, 'A', 'The billing migration takes about three weeks in total.'),
      seg(10, 'B', 'Marketing has $150,000 left for the launch campaign.'),
      seg(15, 'A', 'We decided to keep the launch date on March 15.'),
      seg(20, 'B', 'Sounds good.'),
      seg(25, 'A', 'Tom sends the updated forecast to finance by Wednesday.'),
    ],
    'en',
  );

  it('picks distinct topics (MMR drops the near-duplicate), in transcript order', () => {
    const picked = rankSentences(meeting, { lang: 'en', count: 3 }).map((s) => s.start);
    expect(picked).toHaveLength(3);
    expect(picked).toEqual([...picked].sort((a, b) => a - b));
    expect(picked.filter((t) => t === 0 || t === 5)).toHaveLength(1);
    expect(picked).not.toContain(20);
  });

  it('finds action items and decisions', () => {
    expect(actionItems(meeting, 'en').map((i) => [i.sentence.start, i.owner, i.due])).toEqual([[25, 'Tom', 'Wednesday']]);
    expect(decisions(meeting, 'en').map((s) => s.start)).toEqual([15]);
  });
});

describe('prompts, intents and language', () => {
  it('matches prompts to intents in English and German', () => {
    expect(classifyPrompt('Summarize the transcript as bullet points.')).toBe('bullets');
    expect(classifyPrompt('Gib mir einen Überblick.')).toBe('bullets');
    expect(classifyPrompt('What are the next steps?')).toBe('actionItems');
    expect(classifyPrompt('Welche Entscheidungen wurden getroffen?')).toBe('decisions');
    expect(classifyPrompt('Who took part in the call?')).toBe('people');
    expect(classifyPrompt('List all deadlines.')).toBe('dates');
    expect(classifyPrompt('Translate the summary into German.')).toBe('translate');
    expect(classifyPrompt('Übersetze das Transkript ins Englische.')).toBe('translate');
    expect(classifyPrompt('Write an email to the team about it.')).toBe('write');
    expect(classifyPrompt('What is said about invoices?')).toBeNull();
  });

  it('answers German transcripts in German, others in the reader’s language', () => {
    const de = { title: 'x', language: 'de', content: '', segments: [seg(0, 'A', 'Wer kommt morgen?')], durationSeconds: 5 };
    const en = { ...de, language: 'en', segments: [seg(0, 'A', 'Who comes tomorrow?')] };
    expect(answerLanguage(de, 'en')).toBe('de');
    expect(answerLanguage(en, 'de')).toBe('de');
    expect(answerLanguage(en, 'en')).toBe('en');
    expect(runLocal('Extract all questions asked in the transcript.', de, 'en')).toMatch(/^Im Transkript gestellte Fragen \(1\):/);
    expect(runLocal('Translate the transcript to French.', en, 'en')).toMatch(
      /^The built-in engine cannot translate:[\s\S]*cost no credit\.$/,
    );
    expect(runLocal('Übersetze ins Französische.', de, 'en')).toMatch(/^Die eingebaute Engine kann nicht übersetzen:/);
  });
});
