/**
 * What a request costs of its caller's budget (http/request-budget.ts), in cheap reads: rendering an
 * export or running a prompt takes the server's time of many tree reads, a search or an upload piece
 * of a few. Priced by the matched route, so the price list is one table here rather than spread over
 * the features; the README's configuration table states it.
 */
const prices: Array<{ method: string; route: RegExp; cost: number }> = [
  // Exports: PDF, DOCX, subtitles, the AI outputs, the account's zip.
  { method: 'GET', route: /\/export(\/|$)/, cost: 4 },
  // The AI: a custom prompt, a default or saved prompt run.
  { method: 'POST', route: /^\/api\/transcripts\/:id\/(custom-prompt|ai-outputs|prompt-outputs)$/, cost: 4 },
  { method: 'GET', route: /^\/api\/search$/, cost: 2 },
  // Several transcripts at once: a zip of exports, or many rows changed in one transaction.
  { method: 'POST', route: /^\/api\/transcripts\/bulk$/, cost: 4 },
  // Uploads and recording pieces: bodies of up to several MB, written and checked.
  { method: 'POST', route: /^\/api\/transcripts\/(upload|upload-chunk|finalize-upload)$/, cost: 2 },
  { method: 'PUT', route: /^\/api\/recordings\/:id\/pieces\/:seq$/, cost: 2 },
  // An edit: validated, diffed and indexed.
  { method: 'PATCH', route: /^\/api\/transcripts\/:id$/, cost: 2 },
];

/** The cost of a request to `route` (the matched route's pattern, e.g. /api/transcripts/:id): 1 unless listed. */
export function requestPrice(method: string, route: string | undefined): number {
  if (!route) return 1;
  return prices.find((price) => price.method === method && price.route.test(route))?.cost ?? 1;
}
