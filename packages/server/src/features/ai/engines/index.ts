import type { AiModel, AiModelId } from '@scribe/api-client';
import type { AiConfig } from '../../../config.ts';
import { createLocalEngine, LOCAL_MODEL } from './local.ts';
import { createOpenAiChatEngine } from './openai.ts';
import type { AiEngine } from './types.ts';
import type { WorkPool } from '../../../work/pool.ts';

export interface AiEngines {
  models: AiModel[];
  /** The engine and provider model id for a selector id; undefined for ids not offered now. */
  resolve(id: AiModelId | undefined): { engine: AiEngine; model: AiModel } | undefined;
}

/** docs/decisions.md: gpt-4 (default) and gpt-3.5 with a provider; otherwise only the local engine. */
export function createAiEngines(config: AiConfig, pool?: WorkPool): AiEngines {
  const entries: Array<{ model: AiModel; engine: AiEngine }> = [];
  if (config.baseUrl) {
    const engine = createOpenAiChatEngine({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      contextTokens: config.contextTokens,
      answerTokens: config.answerTokens,
    });
    entries.push(
      {
        engine,
        model: {
          id: 'gpt-4',
          label: 'GPT-4',
          engine: 'openai',
          model: config.modelGpt4,
          description: `OpenAI-compatible provider, model ${config.modelGpt4}`,
          default: true,
        },
      },
      {
        engine,
        model: {
          id: 'gpt-3.5',
          label: 'GPT-3.5',
          engine: 'openai',
          model: config.modelGpt35,
          description: `OpenAI-compatible provider, model ${config.modelGpt35}`,
          default: false,
        },
      },
    );
  } else {
    entries.push({
      engine: createLocalEngine(pool && ((input) => pool.run('ai', 'localAnswer', input))),
      model: {
        id: 'local',
        label: 'Local engine (rule-based, no language model)',
        engine: 'local',
        model: LOCAL_MODEL,
        description:
          'Built-in rule-based engine: answers the default prompts in English and German; other prompts get the most relevant passages.',
        default: true,
      },
    });
  }
  return {
    models: entries.map((e) => e.model),
    resolve(id) {
      if (id === undefined) return entries.find((e) => e.model.default);
      return entries.find((e) => e.model.id === id);
    },
  };
}
