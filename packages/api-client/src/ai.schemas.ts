// The zod schemas of ai.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { aiMessages, promptIcons, promptLimits, promptOrderMax, exportFormats, transcriptExportFormats } from './ai.ts';
import { apiErrors } from './errors.ts';
import { visibleText } from './validation.ts';

export const promptIconSchema = z.enum(promptIcons);
export type PromptIcon = z.infer<typeof promptIconSchema>;

export const savedPromptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  icon: promptIconSchema,
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;

const visible = (text: string) => visibleText(text).length > 0;

// Each check has its own message: a schema-level `error` in zod 4 would replace them all.
export const createPromptRequestSchema = z.object({
  name: z
    .string({ error: aiMessages.promptNameAndTextRequired })
    .trim()
    .max(promptLimits.nameMax, aiMessages.promptNameTooLong)
    .refine(visible, aiMessages.promptNameAndTextRequired),
  prompt: z
    .string({ error: aiMessages.promptNameAndTextRequired })
    .trim()
    .max(promptLimits.textMax, aiMessages.promptTooLong)
    .refine(visible, aiMessages.promptNameAndTextRequired),
  icon: promptIconSchema.default('FileText'),
});
export type CreatePromptRequest = z.input<typeof createPromptRequestSchema>;

/** An edit of a saved prompt: the fields sent change, with the checks of a new prompt (the server asks for at least one). */
export const updatePromptRequestSchema = createPromptRequestSchema.extend({ icon: promptIconSchema }).partial();
export type UpdatePromptRequest = z.input<typeof updatePromptRequestSchema>;

const promptId = z
  .number({ error: apiErrors.INVALID_ID })
  .int(apiErrors.INVALID_ID)
  .min(1, apiErrors.INVALID_ID)
  .max(2_147_483_647, apiErrors.INVALID_ID);
/** The user's saved prompts in their new order: every one of them, each once. */
export const reorderPromptsRequestSchema = z.object({
  ids: z.array(promptId, { error: aiMessages.promptOrderMismatch }).max(promptOrderMax, aiMessages.promptOrderMismatch),
});
export type ReorderPromptsRequest = z.input<typeof reorderPromptsRequestSchema>;

/** The model ids the selector offers: gpt-4 and gpt-3.5 with a provider, else only the local engine. */
export const aiModelIdSchema = z.enum(['gpt-4', 'gpt-3.5', 'local']);
export type AiModelId = z.infer<typeof aiModelIdSchema>;
export const aiEngineSchema = z.enum(['local', 'openai']);
export type AiEngineKind = z.infer<typeof aiEngineSchema>;

export const aiModelSchema = z.object({
  id: aiModelIdSchema,
  label: z.string(),
  engine: aiEngineSchema,
  /** The provider's model id (or 'rule-based' for the local engine). */
  model: z.string(),
  description: z.string(),
  default: z.boolean(),
});
export type AiModel = z.infer<typeof aiModelSchema>;
export const aiModelsResponseSchema = z.object({ models: z.array(aiModelSchema) });
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

export const customPromptRequestSchema = z.object({
  prompt: z
    .string({ error: aiMessages.promptRequired })
    .trim()
    .max(promptLimits.textMax, aiMessages.promptTooLong)
    .refine(visible, aiMessages.promptRequired),
  model: aiModelIdSchema.optional(),
});
export type CustomPromptRequest = z.input<typeof customPromptRequestSchema>;

export const aiOutputSchema = z.object({
  id: z.number().int(),
  transcriptId: z.number().int(),
  prompt: z.string(),
  output: z.string(),
  engine: aiEngineSchema,
  model: z.string(),
  createdAt: z.string(),
});
export type AiOutput = z.infer<typeof aiOutputSchema>;

export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const transcriptExportFormatSchema = z.enum(transcriptExportFormats);
export type TranscriptExportFormat = z.infer<typeof transcriptExportFormatSchema>;
