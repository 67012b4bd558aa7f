// The server side of editing.bench.ts, in a process of its own so the client's work stays out of its
// timings: a real server on PGlite with one user and one completed 3-hour, 2,500-segment transcript.
// Prints one JSON line { url, cookie, id } and serves until it gets SIGTERM; each line it reads on stdin
// is answered with { cpuMs }, its CPU time so far.
import { type StoredSegment } from '../packages/server/src/db/schema.ts';
import { register, startServer } from '../packages/server/test/helpers.ts';
import { insertMeeting, meetingSegments } from './meeting.ts';

const SEGMENTS = 2500;
const HOURS = 3;

// Times to the millisecond, as an engine stores them; a confidence, as the built-in engine gives.
export function benchSegments(): StoredSegment[] {
  const round = (t: number) => Math.round(t * 1000) / 1000;
  return meetingSegments(SEGMENTS, HOURS).map((s) => ({ ...s, start: round(s.start), end: round(s.end), confidence: 0.8 }));
}

if (process.argv[1] === import.meta.filename) {
  const server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '1000000' }, { pglite: true });
  const { cookie, user } = await register(server);
  const segments = benchSegments();
  const id = await insertMeeting(server, { userId: user.id, title: 'Three-hour planning meeting', segments, hours: HOURS });
  console.log(JSON.stringify({ url: server.url, cookie, id }));
  // A line on stdin asks for the CPU time this process has used so far (user + system, ms).
  process.stdin.on('data', () => {
    const { user: u, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (u + system) / 1000 }));
  });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}
