// Times in language-model answers: normalised to the forms the output view makes clickable, never past
// the end of the recording, and added to claims that cite none.
import { describe, expect, it } from 'vitest';
import { anchorClaims, normaliseTimes, parseTime } from '../../src/features/ai/engines/times.ts';

describe('normaliseTimes', () => {
  it('rewrites cited times as [mm:ss] under an hour and [h:mm:ss] from an hour on', () => {
    expect(normaliseTimes('Revenue is mentioned [1:02] and (00:01:05) and [01:02:03].', 3 * 3600)).toBe(
      'Revenue is mentioned [01:02] and [01:05] and [1:02:03].',
    );
    expect(normaliseTimes('From [0:00:10 - 0:00:20] and at (5:03, 7:09).', 600)).toBe('From [00:10]–[00:20] and at [05:03], [07:09].');
  });

  it('brackets bare h:mm:ss times but leaves bare clock-like times such as 14:00 alone', () => {
    expect(normaliseTimes('At 1:02:03 Sarah says the meeting moves to 14:00.', 2 * 3600)).toBe(
      'At [1:02:03] Sarah says the meeting moves to 14:00.',
    );
  });

  it('removes times beyond the duration with their lead-in, keeping the sentence readable', () => {
    expect(normaliseTimes('The launch date is discussed at [2:10:00].', 3600)).toBe('The launch date is discussed.');
    expect(normaliseTimes('- Budget [00:30, 75:00]\n- Launch (1:30:00)', 3600)).toBe('- Budget [00:30]\n- Launch');
    expect(normaliseTimes('Mentioned 4:00:00 and [59:59].', 3600)).toBe('Mentioned and [59:59].');
  });

  it('keeps text without times unchanged, line breaks included', () => {
    const text = 'Summary:\n\n- The team agrees.\n- Ratio 3:2 stays.';
    expect(normaliseTimes(text, 100)).toBe(text);
  });

  it('parses only valid times', () => {
    expect(parseTime('1:02:03')).toBe(3723);
    expect(parseTime('12:34')).toBe(754);
    expect(parseTime('1:75')).toBeNull();
  });
});

describe('anchorClaims', () => {
  const sources = [
    { start: 5, text: 'Welcome everyone to the quarterly review.' },
    { start: 65, text: 'Revenue grew to 4.2 million dollars this quarter.' },
    { start: 3725, text: 'We signed 35 new customers, mostly in retail.' },
    { start: 4000, text: 'The launch date moves to the ninth of March.' },
  ];

  it('gives every claim without a time the time of the line it matches best', () => {
    const answer = [
      '## Key points',
      '',
      '- Revenue grew to $4.2 million.',
      '- 35 new customers were signed [1:02:05]',
      '- The launch moves to March.',
    ].join('\n');
    expect(anchorClaims(answer, sources).split('\n')).toEqual([
      '## Key points',
      '',
      '- Revenue grew to $4.2 million. [01:05]',
      '- 35 new customers were signed [1:02:05]',
      '- The launch moves to March. [1:06:40]',
    ]);
  });

  it('leaves headings, labels, tables, code and lines that match no passage well enough alone', () => {
    const answer = [
      'Action items:',
      '**Decisions**',
      'Nothing else of note.',
      '| Revenue | 4.2 million |',
      '```',
      'revenue grew to 4.2 million',
      '```',
      '- Der Umsatz (revenue) ist deutlich gestiegen.',
    ].join('\n');
    expect(anchorClaims(answer, sources)).toBe(answer);
  });

  it('works for German answers', () => {
    const german = [
      { start: 14, text: 'Die Küche wird in zwei Wochen geliefert.' },
      { start: 33, text: 'Der Monteur misst die Wände morgen aus.' },
    ];
    expect(anchorClaims('- Der Monteur misst morgen die Wände aus.', german)).toBe('- Der Monteur misst morgen die Wände aus. [00:33]');
  });
});
