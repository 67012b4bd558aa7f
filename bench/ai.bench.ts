// AI and export figures, each next to a baseline measured in the same run, on a 3-hour
// transcript of 2,500 segments:
// (a) PDF and DOCX export time (target < 1 s each); baseline: the TXT export of the same document;
// (b) the local engine's time per default prompt; baseline: splitting the transcript into sentences.
import { defaultPrompts } from '../packages/api-client/src/ai.ts';
import type { StoredSegment } from '../packages/server/src/db/schema.ts';
import { runLocal, sentences } from '../packages/server/src/features/ai/engines/local.ts';
import { meetingSegments } from './meeting.ts';
import { renderDocx, renderPdf, renderTxt, transcriptDocument } from '../packages/server/src/features/exports/render.ts';

const SEGMENTS = 2500;
const HOURS = 3;
const RUNS = 5;

const transcript = (): StoredSegment[] => meetingSegments(SEGMENTS, HOURS);

async function time(fn: () => unknown | Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const segments = transcript();
const doc = transcriptDocument('Three-hour planning meeting – Grüße', new Date(), segments, '', {
  language: 'de',
  timeZone: 'Europe/Berlin',
});
const content = segments.map((s) => s.text).join(' ');
const aiTranscript = { title: 'bench', language: 'en', content, segments, durationSeconds: HOURS * 3600 };

console.log(`transcript: ${SEGMENTS} segments, ${HOURS} h, ${content.length} characters; median of ${RUNS} runs`);
const txt = await time(() => renderTxt(doc));
const pdf = await time(() => renderPdf(doc));
const docx = await time(() => renderDocx(doc));
const pdfBytes = (await renderPdf(doc)).length;
const docxBytes = (await renderDocx(doc)).length;
console.log(`baseline TXT export: ${ms(txt)}`);
console.log(`PDF export:  ${ms(pdf)} (${(pdfBytes / 1024).toFixed(0)} KB) target < 1000 ms: ${pdf < 1000 ? 'PASS' : 'MISS'}`);
console.log(`DOCX export: ${ms(docx)} (${(docxBytes / 1024).toFixed(0)} KB) target < 1000 ms: ${docx < 1000 ? 'PASS' : 'MISS'}`);

const split = await time(() => sentences(segments, 'en'));
console.log(`\nbaseline sentence splitting: ${ms(split)}`);
for (const p of defaultPrompts) {
  const t = await time(() => runLocal(p.prompt, aiTranscript));
  console.log(`local engine, ${p.name.padEnd(32)} ${ms(t)} (${(t / split).toFixed(1)}× the split)`);
}
const free = await time(() => runLocal('What is said about the backup of invoices?', aiTranscript));
console.log(`local engine, ${'free prompt (relevant passages)'.padEnd(32)} ${ms(free)}`);
