// The long meeting the server-side benches work on: `count` segments over `hours`, three speakers,
// sentences with fillers, questions and figures, each segment numbered so none repeats.
import { transcripts, type StoredSegment } from '../packages/server/src/db/schema.ts';
import type { TestServer } from '../packages/server/test/helpers.ts';

const lines = [
  'Um, the billing migration will take about three weeks',
  'How long will the review of the invoices take?',
  'I am really happy with the backup plan for every record',
  'The team moves every customer record to the new system first',
  'Uh, what happens if a payment fails during the night?',
  'Carol reviews the migration plan on Monday with the whole team',
  'We are worried that the deadline for the billing project is too tight',
  'Thanks everyone, the faster billing will help our customers a lot',
];

export function meetingSegments(count: number, hours: number): StoredSegment[] {
  const step = (hours * 3600) / count;
  return Array.from({ length: count }, (_, i) => ({
    start: i * step,
    end: (i + 1) * step - 0.2,
    speaker: i % 3 === 0 ? 'Alice' : i % 3 === 1 ? 'Bob' : 'Carol',
    text: `${lines[i % lines.length]}, part ${i}. ${lines[(i * 5 + 3) % lines.length]}.`,
  }));
}

/**
 * `count` segments of `chars` characters over `hours`, numbered so none repeats: the text of the heaviest
 * edits the limits allow (bench hostile).
 */
export function bigSegments(count: number, chars: number, hours = 3): StoredSegment[] {
  const step = (hours * 3600) / count;
  const filler = 'The billing migration moves every customer record to the new system first, and the team reviews it. ';
  return Array.from({ length: count }, (_, i) => ({
    start: i * step,
    end: (i + 1) * step - 0.01,
    speaker: i % 2 ? 'Alice' : 'Bob',
    text: `Segment ${i}: ${filler.repeat(Math.ceil(chars / filler.length))}`.slice(0, chars),
  }));
}

/** Stores a completed transcript of `segments` for `userId` straight in the server's database; its id. */
export async function insertMeeting(
  server: TestServer,
  meeting: { userId: number; title: string; segments: StoredSegment[]; hours: number; folderId?: number | null },
): Promise<number> {
  const [row] = await server.app.database.db
    .insert(transcripts)
    .values({
      userId: meeting.userId,
      folderId: meeting.folderId ?? null,
      title: meeting.title,
      status: 'completed',
      progress: 100,
      language: 'en',
      content: meeting.segments.map((s) => s.text).join(' '),
      segments: meeting.segments,
      durationSeconds: meeting.hours * 3600,
    })
    .returning({ id: transcripts.id });
  return row!.id;
}
