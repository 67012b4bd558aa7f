// The server side of hostile.bench.ts, in a process of its own so the client's work stays out of its
// timings: a real server on PGlite with two users. The first owns completed 3-hour, 2,500-segment
// transcripts (one exported and asked an AI prompt, two overwritten by large edits) and one of 20,000
// segments of 500 characters; the second owns a small library (3 folders, 30 transcripts) whose tree it reads. Prints one JSON line and serves
// until SIGTERM; each line it reads on stdin is answered with { rssMaxMb }, the largest resident size
// seen since the last answer (sampled every 50 ms).
import { folders, type StoredSegment } from '../packages/server/src/db/schema.ts';
import { register, startServer } from '../packages/server/test/helpers.ts';
import { bigSegments, insertMeeting, meetingSegments } from './meeting.ts';

export const HOURS = 3;

const insert = (
  server: Awaited<ReturnType<typeof startServer>>,
  userId: number,
  title: string,
  segments: StoredSegment[],
  folderId: number | null = null,
) => insertMeeting(server, { userId, title, segments, hours: HOURS, folderId });

if (process.argv[1] === import.meta.filename) {
  // The server's own defaults (text cap, queues), as deployed; only the per-minute request budget is raised
  // so that the bystander's thousands of reads are answered rather than limited.
  const server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '1000000' }, { pglite: true });
  const heavy = await register(server);
  const bystander = await register(server);
  const meeting = meetingSegments(2500, HOURS);
  const exported = await insert(server, heavy.user.id, 'Three-hour planning meeting', meeting);
  const edited = await insert(server, heavy.user.id, 'Meeting edited at length', meeting);
  const capEdited = await insert(server, heavy.user.id, 'Meeting edited up to the cap', meeting);
  // A transcript of 20,000 segments of 500 characters stored as it is (as one edited before a cap on the
  // text existed, or written by an engine), for the exports of a 10 MB transcript.
  const huge = await insert(server, heavy.user.id, 'Ten megabytes of text', bigSegments(20_000, 500));
  for (let f = 0; f < 3; f++) {
    const [folder] = await server.app.database.db
      .insert(folders)
      .values({ userId: bystander.user.id, name: `Folder ${f}`, parentId: null })
      .returning({ id: folders.id });
    for (let t = 0; t < 10; t++) await insert(server, bystander.user.id, `Talk ${f}.${t}`, meetingSegments(20, 0.1), folder!.id);
  }
  let rssMax = 0;
  const sample = () => (rssMax = Math.max(rssMax, process.memoryUsage.rss()));
  setInterval(sample, 50).unref();
  console.log(
    JSON.stringify({ url: server.url, heavyCookie: heavy.cookie, bystanderCookie: bystander.cookie, exported, edited, capEdited, huge }),
  );
  process.stdin.on('data', () => {
    sample();
    console.log(JSON.stringify({ rssMaxMb: Math.round(rssMax / 1024 / 1024) }));
    rssMax = 0;
  });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}
