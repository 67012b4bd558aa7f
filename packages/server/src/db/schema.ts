// The database's tables, one module per feature under schema/; this module exports them all (the
// importers and drizzle.config.ts read it), with the schema drizzle is given and the row types.
import { attemptCounters, sessions, usedCaptchas, users } from './schema/accounts.ts';
import { aiOutputs, prompts } from './schema/ai.ts';
import { creditEntries, payments } from './schema/billing.ts';
import { apiTokens, webhookDeliveries, webhooks } from './schema/integrations.ts';
import { folders, shares, transcriptRevisions, transcripts, treeChanges, treeVersions } from './schema/library.ts';
import { searchDocuments, searchStale, searchTranscripts } from './schema/search.ts';
import { liveDraftClaims, recordingPieces, recordings, uploadChunks, uploads } from './schema/uploads.ts';

export * from './schema/accounts.ts';
export * from './schema/ai.ts';
export * from './schema/billing.ts';
export * from './schema/integrations.ts';
export * from './schema/library.ts';
export * from './schema/search.ts';
export * from './schema/uploads.ts';

export const schema = {
  users,
  sessions,
  usedCaptchas,
  attemptCounters,
  folders,
  transcripts,
  transcriptRevisions,
  uploads,
  uploadChunks,
  recordings,
  recordingPieces,
  liveDraftClaims,
  creditEntries,
  payments,
  prompts,
  aiOutputs,
  apiTokens,
  webhooks,
  webhookDeliveries,
  shares,
  treeVersions,
  treeChanges,
  searchDocuments,
  searchTranscripts,
  searchStale,
};
export type Schema = typeof schema;
export type UserRow = typeof users.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;
export type TranscriptRow = typeof transcripts.$inferSelect;
export type TranscriptRevisionRow = typeof transcriptRevisions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;
export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PromptRow = typeof prompts.$inferSelect;
export type AiOutputRow = typeof aiOutputs.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
