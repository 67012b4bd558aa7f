import { transcripts, type StoredSegment } from '../src/db/schema.ts';
import type { TestServer } from './helpers.ts';

export const englishSegments: StoredSegment[] = [
  { start: 0, end: 6.5, speaker: 'Alice', text: 'Um, welcome to the weekly planning meeting. Thank you all for joining.' },
  { start: 6.5, end: 14, speaker: 'Bob', text: 'Uh, how long will the migration of the billing system take?' },
  {
    start: 14,
    end: 24,
    speaker: 'Alice',
    text: 'The billing migration will take about three weeks. The team has to move every invoice record first.',
  },
  { start: 24, end: 31, speaker: 'Bob', text: 'I am worried that the billing deadline is too tight. What happens if invoices are lost?' },
  {
    start: 31,
    end: 42,
    speaker: 'Alice',
    text: 'Every invoice record is copied twice, so nothing is lost. I am really happy with the backup plan.',
  },
  { start: 42, end: 50, speaker: 'Bob', text: 'That is great news. Um, the customers will be glad about the faster billing.' },
  {
    start: 50,
    end: 61,
    speaker: 'Alice',
    text: 'next week the team starts the billing migration. i will send the plan the the whole team',
  },
  { start: 61, end: 66, speaker: 'Bob', text: 'Who reviews the migration plan?' },
  { start: 66, end: 75, speaker: 'Alice', text: 'Carol reviews the migration plan on Monday. Thanks everyone, see you next week.' },
];

export const germanSegments: StoredSegment[] = [
  { start: 0, end: 7, speaker: 'Anna', text: 'Ähm, herzlich willkommen zur Besprechung über die neue Küche. Grüße an alle Zuhörer.' },
  { start: 7, end: 14, speaker: 'Jonas', text: 'Äh, wann wird die neue Küche geliefert?' },
  { start: 14, end: 25, speaker: 'Anna', text: 'Die Küche wird in zwei Wochen geliefert. Der Monteur baut die Küche an einem Tag auf.' },
  { start: 25, end: 33, speaker: 'Jonas', text: 'Ich habe Angst, dass die Küche nicht passt. Wer misst die Wände aus?' },
  { start: 33, end: 44, speaker: 'Anna', text: 'Der Monteur misst die Wände morgen aus. Ich freue mich sehr auf die neue Küche.' },
  { start: 44, end: 52, speaker: 'Jonas', text: 'Ähm, das ist wunderbar. Vielen Dank für die schnelle Planung.' },
];

export const joined = (segs: StoredSegment[]) => segs.map((s) => s.text).join(' ');

/** A completed transcript of `userId`, straight into the database (the transcription path has its own tests). */
export async function insertTranscript(
  server: TestServer,
  userId: number,
  opts: { title: string; language: string | null; segments: StoredSegment[] },
): Promise<number> {
  const last = opts.segments.at(-1);
  const [row] = await server.app.database.db
    .insert(transcripts)
    .values({
      userId,
      title: opts.title,
      status: 'completed',
      progress: 100,
      language: opts.language,
      content: joined(opts.segments),
      segments: opts.segments,
      durationSeconds: last ? last.end : 0,
    })
    .returning({ id: transcripts.id });
  return row.id;
}
