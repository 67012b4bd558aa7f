import type { AiModel, TreeNode } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import { modelOfOutput, rerunTargets } from './rerun.ts';

const transcript = (id: number, name: string, status: 'processing' | 'completed' | 'error' = 'completed'): TreeNode => ({
  id,
  type: 'transcript',
  name,
  createdAt: '2026-01-01T00:00:00Z',
  status,
  duration: 60,
});

describe('re-running a prompt on another transcript', () => {
  it('offers the completed transcripts other than this one, with their folder path', () => {
    const tree: TreeNode[] = [
      transcript(1, 'Standup'),
      {
        id: 10,
        type: 'folder',
        name: 'Clients',
        children: [transcript(2, 'Kickoff'), { id: 11, type: 'folder', name: 'Acme', children: [transcript(3, 'Call')] }],
      },
      transcript(4, 'Still running', 'processing'),
      transcript(5, 'Broken', 'error'),
    ];
    expect(rerunTargets(tree, 1)).toEqual([
      { id: 2, label: 'Kickoff · Clients' },
      { id: 3, label: 'Call · Clients / Acme' },
    ]);
    expect(rerunTargets(tree, null).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('runs with the model that made the output, when it is still offered', () => {
    const models: AiModel[] = [
      { id: 'gpt-4', label: 'GPT-4', engine: 'openai', model: 'gpt-4o', description: '', default: true },
      { id: 'gpt-3.5', label: 'GPT-3.5', engine: 'openai', model: 'gpt-4o-mini', description: '', default: false },
    ];
    expect(modelOfOutput({ engine: 'openai', model: 'gpt-4o-mini' }, models)).toBe('gpt-3.5');
    expect(modelOfOutput({ engine: 'openai', model: 'retired' }, models)).toBeUndefined();
    expect(modelOfOutput({ engine: 'local', model: 'rule-based' }, models)).toBeUndefined();
    const local: AiModel[] = [{ id: 'local', label: 'Local', engine: 'local', model: 'rule-based', description: '', default: true }];
    expect(modelOfOutput({ engine: 'local', model: 'rule-based' }, local)).toBe('local');
  });
});
