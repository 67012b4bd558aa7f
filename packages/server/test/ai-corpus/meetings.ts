/**
 * Scores what a meeting needs from the AI answers against the corpus's written truth: action items with
 * their owner and due date, decisions, things that must not be listed as either (past reports, the
 * list's heading, open needs and questions), and free questions answered in the top passage. Pure apart
 * from the corpus it is given; any engine can be scored through `answer`.
 */
import { corpusTranscript, covers, hasKey, type CorpusTranscript, type Keyed } from './score.ts';

export interface ActionTruth extends Keyed {
  item: string;
  /** Who does it: a person named in the item, or its speaker. */
  owner?: string;
  /** When it is due, as said ('Thursday', '30. September'). */
  due?: string;
}
/** The truth fields beyond `score.ts`'s: optional, so older transcripts need not carry them. */
export interface MeetingTruth {
  actionItems: ActionTruth[];
  notActionItems?: Array<Keyed & { item: string }>;
  decisions: Array<Keyed & { decision: string }>;
  notDecisions?: Array<Keyed & { decision: string }>;
  /** Questions a user may ask, with the keys the top passage must hold. */
  answers?: Array<Keyed & { question: string }>;
  /** Questions the transcript has no answer to: the engine must say so. */
  unanswerable?: string[];
}

const TIMED = /\[\d{1,2}:\d{2}(?::\d{2})?\]/;
/** The answer's lines that quote the transcript (they carry a time). */
export const timedLines = (output: string) => output.split('\n').filter((l) => TIMED.test(l));

export interface MeetingScore {
  transcript: string;
  language: 'en' | 'de';
  items: number;
  /** Items listed with every key. */
  found: number;
  /** Items listed on a line that also names the owner and, where one is said, the due date. */
  owned: number;
  /** Lines that list something that is no action item. */
  wrongItems: string[];
  decisions: number;
  decided: number;
  wrongDecisions: string[];
  asked: number;
  /** Questions whose top passage holds the answer. */
  answered: number;
  unanswerable: number;
  /** Unanswerable questions the engine said it could not answer (no passage quoted). */
  declined: number;
  missed: string[];
}

export function scoreMeeting(
  t: CorpusTranscript & MeetingTruth,
  answer: (prompt: string, transcript: ReturnType<typeof corpusTranscript>) => string,
  prompts: { actionItems: string; decisions: string },
): MeetingScore {
  const transcript = corpusTranscript(t);
  const missed: string[] = [];
  const itemLines = timedLines(answer(prompts.actionItems, transcript));
  let found = 0;
  let owned = 0;
  for (const item of t.actionItems) {
    const line = itemLines.find((l) => covers(l, item));
    if (!line) {
      missed.push(`action item: ${item.item}`);
      continue;
    }
    found++;
    if ((!item.owner || hasKey(line, item.owner)) && (!item.due || hasKey(line, item.due))) owned++;
    else missed.push(`owner or due date: ${item.item} (got: ${line})`);
  }
  const wrongItems = (t.notActionItems ?? []).flatMap((n) => itemLines.filter((l) => covers(l, n)).map((l) => `${n.item}: ${l}`));
  const decisionLines = timedLines(answer(prompts.decisions, transcript));
  let decided = 0;
  for (const d of t.decisions) {
    if (decisionLines.some((l) => covers(l, d))) decided++;
    else missed.push(`decision: ${d.decision}`);
  }
  const wrongDecisions = (t.notDecisions ?? []).flatMap((n) => decisionLines.filter((l) => covers(l, n)).map((l) => `${n.decision}: ${l}`));
  let answered = 0;
  for (const q of t.answers ?? []) {
    const top = timedLines(answer(q.question, transcript))[0] ?? '';
    if (covers(top, q)) answered++;
    else missed.push(`answer to '${q.question}' (top: ${top || 'none'})`);
  }
  let declined = 0;
  for (const q of t.unanswerable ?? []) {
    const lines = timedLines(answer(q, transcript));
    if (lines.length === 0) declined++;
    else missed.push(`no answer expected to '${q}' (got: ${lines[0]})`);
  }
  return {
    transcript: t.id,
    language: t.language,
    items: t.actionItems.length,
    found,
    owned,
    wrongItems,
    decisions: t.decisions.length,
    decided,
    wrongDecisions,
    asked: t.answers?.length ?? 0,
    answered,
    unanswerable: t.unanswerable?.length ?? 0,
    declined,
    missed,
  };
}

export interface MeetingTotals {
  actionItems: number;
  owners: number;
  wrongItems: number;
  decisions: number;
  wrongDecisions: number;
  answers: number;
  declined: number;
}

const rate = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function meetingTotals(scores: MeetingScore[]): MeetingTotals {
  const sum = (f: (s: MeetingScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  return {
    actionItems: rate(
      sum((s) => s.found),
      sum((s) => s.items),
    ),
    owners: rate(
      sum((s) => s.owned),
      sum((s) => s.items),
    ),
    wrongItems: sum((s) => s.wrongItems.length),
    decisions: rate(
      sum((s) => s.decided),
      sum((s) => s.decisions),
    ),
    wrongDecisions: sum((s) => s.wrongDecisions.length),
    answers: rate(
      sum((s) => s.answered),
      sum((s) => s.asked),
    ),
    declined: rate(
      sum((s) => s.declined),
      sum((s) => s.unanswerable),
    ),
  };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

export function formatMeetingScores(scores: MeetingScore[], details = false): string {
  const t = meetingTotals(scores);
  const n = (f: (s: MeetingScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const lines = [
    `action items found          ${pct(t.actionItems)} of ${n((s) => s.items)}`,
    `action items with owner/due ${pct(t.owners)} of ${n((s) => s.items)}`,
    `listed non-items            ${t.wrongItems}`,
    `decisions found             ${pct(t.decisions)} of ${n((s) => s.decisions)}`,
    `listed non-decisions        ${t.wrongDecisions}`,
    `answer in the top passage   ${pct(t.answers)} of ${n((s) => s.asked)}`,
    `unanswerable said so        ${pct(t.declined)} of ${n((s) => s.unanswerable)}`,
  ];
  if (details)
    for (const s of scores) {
      const all = [
        ...s.missed,
        ...s.wrongItems.map((w) => `not an action item: ${w}`),
        ...s.wrongDecisions.map((w) => `not a decision: ${w}`),
      ];
      if (all.length) lines.push('', `${s.transcript}:`, ...all.map((m) => `  - ${m}`));
    }
  return lines.join('\n');
}
