import { z } from 'zod';

// AI prompts, outputs and exports (spec §2 AI panel / AI output tab, §3, §5, §7; issue 5).
export const aiMessages = {
  promptNameAndTextRequired: 'Please provide both a name and a prompt',
  promptRequired: 'Please enter a prompt',
  promptNotFound: 'Prompt not found',
  outputNotFound: 'AI output not found',
  unknownModel: 'Unknown model',
  customPromptFailed: 'Failed to process custom prompt',
  transcriptNotReady: 'The transcript has no text yet',
} as const;

export const promptIcons = ['FileText', 'Languages', 'Book', 'Wand2'] as const;
export const promptIconSchema = z.enum(promptIcons);
export type PromptIcon = z.infer<typeof promptIconSchema>;

export const savedPromptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  icon: promptIconSchema,
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;

export const createPromptRequestSchema = z.object({
  name: z
    .string({ error: aiMessages.promptNameAndTextRequired })
    .trim()
    .min(1, aiMessages.promptNameAndTextRequired)
    .max(200),
  prompt: z
    .string({ error: aiMessages.promptNameAndTextRequired })
    .trim()
    .min(1, aiMessages.promptNameAndTextRequired)
    .max(20_000),
  icon: promptIconSchema.default('FileText'),
});
export type CreatePromptRequest = z.input<typeof createPromptRequestSchema>;

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
    .min(1, aiMessages.promptRequired)
    .max(20_000),
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

export const exportFormats = ['pdf', 'docx', 'txt'] as const;
export const transcriptExportFormats = ['pdf', 'docx', 'txt', 'srt', 'vtt'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const transcriptExportFormatSchema = z.enum(transcriptExportFormats);
export type TranscriptExportFormat = z.infer<typeof transcriptExportFormatSchema>;

/** The eight default prompts (decisions.md); the local engine answers these in English and German. */
export const defaultPromptKinds = [
  'bullets',
  'grammar',
  'keyPoints',
  'questions',
  'emotions',
  'faq',
  'statistics',
  'fillers',
] as const;
export type DefaultPromptKind = (typeof defaultPromptKinds)[number];

export const defaultPrompts: ReadonlyArray<{ kind: DefaultPromptKind; name: string; prompt: string }> = [
  { kind: 'bullets', name: 'Bullet points', prompt: 'Summarize the transcript as bullet points.' },
  { kind: 'grammar', name: 'Improve grammar and punctuation', prompt: 'Improve the grammar and punctuation of the transcript.' },
  { kind: 'keyPoints', name: 'Highlight key points', prompt: 'Highlight the key points of the transcript.' },
  { kind: 'questions', name: 'Extract questions', prompt: 'Extract all questions asked in the transcript.' },
  { kind: 'emotions', name: 'Identify emotions', prompt: 'Identify the emotions expressed in the transcript.' },
  { kind: 'faq', name: 'Generate FAQ', prompt: 'Generate an FAQ from the transcript.' },
  { kind: 'statistics', name: 'Extract statistics', prompt: 'Extract statistics from the transcript.' },
  { kind: 'fillers', name: 'Remove filler words', prompt: 'Remove filler words from the transcript.' },
];

/** Download name (decisions.md): non-alphanumeric characters removed, cut at 50. */
export function exportFileBase(name: string, fallback: string): string {
  const cleaned = name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 50);
  return cleaned || fallback;
}

/** Names in the export menu are cut at 30 characters. */
export function menuName(name: string): string {
  const chars = Array.from(name);
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : name;
}
