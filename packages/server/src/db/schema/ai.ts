// AI: a user's saved prompts and the outputs of prompts run over transcripts.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from './accounts.ts';
import { transcriptColumn } from './library.ts';

/** Saved prompts of a user (docs/product-spec.md §3: name, prompt, icon). */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    icon: text('icon', { enum: ['FileText', 'Languages', 'Book', 'Wand2'] })
      .notNull()
      .default('FileText'),
    /** The user's order of their saved prompts (lowest first; ties by creation). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prompts_user_id_idx').on(t.userId),
    check('prompts_icon_check', sql`${t.icon} in ('FileText', 'Languages', 'Book', 'Wand2')`),
  ],
);

/** Results of prompts run over a transcript; owned through the transcript, gone with it. */
export const aiOutputs = pgTable(
  'ai_outputs',
  {
    id: serial('id').primaryKey(),
    transcriptId: transcriptColumn(),
    prompt: text('prompt').notNull(),
    output: text('output').notNull(),
    /** 'local' (rule-based) or 'openai' (an OpenAI-compatible chat API). */
    engine: text('engine').notNull(),
    /** The model id that produced the output ('rule-based' for the local engine). */
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_outputs_transcript_id_idx').on(t.transcriptId, t.createdAt)],
);
