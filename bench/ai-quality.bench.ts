// The built-in engine's answer quality on the hand-written corpus (packages/server/test/ai-corpus):
// per default prompt, coverage of the listed facts and the errors introduced, and the time taken.
// `pnpm bench ai-quality -- --details` also lists what each prompt missed or broke.
import { defaultPrompts } from '../packages/api-client/src/ai.ts';
import { runLocal } from '../packages/server/src/features/ai/engines/local.ts';
import { formatMeetingScores, scoreMeeting, type MeetingTruth } from '../packages/server/test/ai-corpus/meetings.ts';
import { formatDetails, formatScores, loadCorpus, scoreCorpus, type CorpusTranscript } from '../packages/server/test/ai-corpus/score.ts';

const corpus = loadCorpus();
const t0 = performance.now();
const scores = scoreCorpus(defaultPrompts, corpus, (prompt, transcript) => runLocal(prompt, transcript));
const total = performance.now() - t0;
console.log(`${corpus.length} transcripts (${corpus.map((t) => t.id).join(', ')}), ${defaultPrompts.length} prompts`);
console.log(formatScores(scores));
console.log(`whole corpus scored in ${total.toFixed(0)} ms`);
const details = process.argv.includes('--details') || Boolean(process.env.AI_QUALITY_DETAILS);
if (details) console.log(`\n${formatDetails(scores)}`);

// Meetings: action items with owners and due dates, decisions, and free questions (answer in the top passage).
const prompt = (kind: string) => defaultPrompts.find((p) => p.kind === kind)!.prompt;
const meetingScores = (corpus as Array<CorpusTranscript & MeetingTruth>).map((t) =>
  scoreMeeting(t, (q, transcript) => runLocal(q, transcript), { actionItems: prompt('actionItems'), decisions: prompt('decisions') }),
);
console.log(`\nmeetings, decisions and questions:\n${formatMeetingScores(meetingScores, details)}`);
