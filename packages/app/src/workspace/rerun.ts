// Re-running an AI output's prompt on another transcript: whom to offer and which model to use.
import type { AiModel, AiOutput } from '@scribe/api-client';

/** What the walk reads of a tree node (the api-client's and the kit's trees both fit). */
type Node = { type: 'folder'; name: string; children: readonly Node[] } | { type: 'transcript'; id: number; name: string; status?: string };

/** Completed transcripts of the tree other than `exclude`, labelled with their folder path when in one. */
export function rerunTargets(tree: readonly Node[], exclude: number | null): Array<{ id: number; label: string }> {
  const out: Array<{ id: number; label: string }> = [];
  const walk = (nodes: readonly Node[], path: string[]) => {
    for (const node of nodes) {
      if (node.type === 'folder') walk(node.children, [...path, node.name]);
      else if (node.status === 'completed' && node.id !== exclude)
        out.push({ id: node.id, label: path.length ? `${node.name} · ${path.join(' / ')}` : node.name });
    }
  };
  walk(tree, []);
  return out;
}

/** The selector's id of the model that made an output: the local engine, or the offered model with its provider id. */
export function modelOfOutput(output: Pick<AiOutput, 'engine' | 'model'>, models: readonly AiModel[]): string | undefined {
  if (output.engine === 'local') return models.some((m) => m.id === 'local') ? 'local' : undefined;
  return models.find((m) => m.engine === output.engine && m.model === output.model)?.id;
}
