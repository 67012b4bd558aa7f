import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AiPanel, type SavedPromptItem } from './AiPanel.tsx';

function Controlled(props: ComponentProps<typeof AiPanel>) {
  const [model, setModel] = useState(props.model);
  const [saved, setSaved] = useState<SavedPromptItem[]>(props.savedPrompts);
  return (
    <div style={{ maxWidth: 360 }}>
      <AiPanel
        {...props}
        model={model}
        onModelChange={(id) => {
          setModel(id);
          props.onModelChange(id);
        }}
        savedPrompts={saved}
        // Synchronous like FolderDialog's stories: the dialog closes at once (no busy state to settle).
        onCreatePrompt={(p) => {
          void props.onCreatePrompt(p);
          setSaved((list) => [...list, { id: list.length + 10, ...p }]);
        }}
        onDeletePrompt={(id) => {
          void props.onDeletePrompt(id);
          setSaved((list) => list.filter((p) => p.id !== id));
        }}
      />
    </div>
  );
}

/**
 * The AI features panel: a free prompt with a model choice, the ten default prompts, saved prompts
 * with a create dialog (name, text, icon) and delete; without a transcript only a message shows.
 */
const meta = {
  title: 'Transcript Kit/AiPanel',
  component: AiPanel,
  args: {
    hasTranscript: true,
    models: [
      { id: 'gpt-4', label: 'GPT-4' },
      { id: 'gpt-3.5', label: 'GPT-3.5' },
    ],
    model: 'gpt-4',
    onModelChange: fn(),
    savedPrompts: [{ id: 1, name: 'Translate to German', prompt: 'Translate the transcript to German.', icon: 'Languages' }],
    onRun: fn(),
    onCreatePrompt: fn(),
    onDeletePrompt: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof AiPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Extract questions' }));
    await expect(args.onRun).toHaveBeenLastCalledWith('Extract all questions asked in the transcript.');
    await userEvent.click(canvas.getByRole('button', { name: 'Translate to German' }));
    await expect(args.onRun).toHaveBeenLastCalledWith('Translate the transcript to German.');
    await userEvent.selectOptions(canvas.getByLabelText('Model'), 'gpt-3.5');
    await expect(args.onModelChange).toHaveBeenLastCalledWith('gpt-3.5');
    for (const name of [
      'Bullet points',
      'Improve grammar and punctuation',
      'Highlight key points',
      'Identify emotions',
      'Generate FAQ',
      'Extract statistics',
      'Remove filler words',
      'Action items',
      'Decisions',
    ]) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
  },
};

export const FreePrompt: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Run prompt' }));
    await expect(canvas.getByText('Please enter a prompt')).toBeVisible();
    await expect(args.onRun).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Prompt' }), 'Who decides?');
    await userEvent.click(canvas.getByRole('button', { name: 'Run prompt' }));
    await expect(args.onRun).toHaveBeenLastCalledWith('Who decides?');
  },
};

export const CreatePrompt: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create prompt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Follow-ups');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save prompt' }));
    await expect(within(dialog).getByText('Please provide both a name and a prompt')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'List the action items.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Magic wand' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save prompt' }));
    await expect(args.onCreatePrompt).toHaveBeenCalledWith({ name: 'Follow-ups', prompt: 'List the action items.', icon: 'Wand2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Follow-ups' })).toBeVisible();
  },
};

export const DeletePrompt: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete prompt Translate to German' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onDeletePrompt).toHaveBeenCalledWith(1);
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Translate to German' })).toBeNull());
  },
};

export const NoTranscript: Story = {
  args: { hasTranscript: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Select a transcript to use AI features')).toBeVisible();
  },
};
