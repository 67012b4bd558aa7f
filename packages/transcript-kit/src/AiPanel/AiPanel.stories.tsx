import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AiPanel, type SavedPromptItem } from './AiPanel.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

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
        onUpdatePrompt={
          props.onUpdatePrompt &&
          ((id, p) => {
            void props.onUpdatePrompt?.(id, p);
            setSaved((list) => list.map((x) => (x.id === id ? { id, ...p } : x)));
          })
        }
        onReorderPrompts={
          props.onReorderPrompts &&
          ((ids) => {
            void props.onReorderPrompts?.(ids);
            setSaved((list) => ids.map((id) => list.find((p) => p.id === id)!));
          })
        }
      />
    </div>
  );
}

/**
 * The AI features panel: a free prompt with a model choice, the ten default prompts, saved prompts
 * with a create dialog (name, text, icon), edit, reorder (drag, or Move up/down in the row's menu)
 * and delete; each prompt button can show its cost. Without a transcript only a message shows.
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

const three: SavedPromptItem[] = [
  { id: 1, name: 'Translate to German', prompt: 'Translate the transcript to German.', icon: 'Languages' },
  { id: 2, name: 'Agenda', prompt: 'List the agenda items.', icon: 'Wand2' },
  { id: 3, name: 'Open questions', prompt: 'Which questions stay open?', icon: 'FileText' },
];
const savedNames = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('grid', { name: 'Saved prompts' }))
    .getAllByRole('row')
    .map((row) => row.getAttribute('aria-label') ?? row.textContent);

/** Edit: the row's menu opens the dialog prefilled with the prompt; the same checks as Create. */
export const EditPrompt: Story = {
  args: { onUpdatePrompt: fn(), onReorderPrompts: fn(), savedPrompts: three },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for prompt Agenda' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prompt' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const text = within(dialog).getByRole('textbox', { name: 'Prompt' });
    await expect(name).toHaveValue('Agenda');
    await expect(text).toHaveValue('List the agenda items.');
    await expect(within(dialog).getByRole('radio', { name: 'Magic wand' })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expect(within(dialog).getByText('Please provide both a name and a prompt')).toBeVisible();
    await expect(args.onUpdatePrompt).not.toHaveBeenCalled();
    await userEvent.type(name, 'Next steps');
    await userEvent.clear(text);
    await userEvent.type(text, 'List the next steps with owners.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expect(args.onUpdatePrompt).toHaveBeenCalledWith(2, {
      name: 'Next steps',
      prompt: 'List the next steps with owners.',
      icon: 'Wand2',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Next steps' }));
    await expect(args.onRun).toHaveBeenLastCalledWith('List the next steps with owners.');
    await expect(canvas.queryByRole('button', { name: 'Agenda' })).toBeNull();
  },
};

/** Reorder by keyboard: Move up/Move down in the row's menu (off at either end); the new order is sent. */
export const ReorderByKeyboard: Story = {
  args: { onUpdatePrompt: fn(), onReorderPrompts: fn(), savedPrompts: three },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(savedNames(canvas)).toEqual(['Translate to German', 'Agenda', 'Open questions']);
    // Opens a prompt's actions menu from the keyboard. Focus is checked before Enter: on a busy machine
    // the grid may still be settling its own focus when the story starts.
    const openActions = async (name: string) => {
      const button = canvas.getByRole('button', { name: `Actions for prompt ${name}` });
      button.focus();
      await waitFor(() => expect(button).toHaveFocus());
      await userEvent.keyboard('{Enter}');
      return screen.findByRole('menu', {}, { timeout: 5000 });
    };
    // The first prompt cannot go up.
    const first = await openActions('Translate to German');
    await expect(within(first).getByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const menu = await openActions('Open questions');
    await expect(within(menu).getByRole('menuitem', { name: 'Move down' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Move up' }));
    await expect(args.onReorderPrompts).toHaveBeenLastCalledWith([1, 3, 2]);
    await waitFor(() => expect(savedNames(canvas)).toEqual(['Translate to German', 'Open questions', 'Agenda']));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for prompt Translate to German' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Move down' }));
    await expect(args.onReorderPrompts).toHaveBeenLastCalledWith([3, 1, 2]);
    await waitFor(() => expect(savedNames(canvas)).toEqual(['Open questions', 'Translate to German', 'Agenda']));
  },
};

/** The cost on every prompt button: its description, while its name stays the prompt's. */
export const Cost: Story = {
  args: { promptCost: 1, onUpdatePrompt: fn(), onReorderPrompts: fn(), savedPrompts: three },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Bullet points', 'Remove filler words', 'Translate to German']) {
      const button = canvas.getByRole('button', { name });
      await expect(button).toHaveAccessibleDescription('1 credit');
      await expect(within(button).getByText('1 credit')).toBeVisible();
    }
  },
};

/** A model with a description: the menu shows its short name, the description shows under it and describes the menu. */
export const ModelDescription: Story = {
  args: {
    models: [{ id: 'local', label: 'Local engine', description: 'Rule-based, no language model' }],
    model: 'local',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Model' });
    await expect(select).toHaveDisplayValue('Local engine');
    await expect(select).toHaveAccessibleDescription('Rule-based, no language model');
    await expect(canvas.getByText('Rule-based, no language model')).toBeVisible();
  },
};

export const CostDark: Story = {
  ...Cost,
  args: { ...Cost.args, promptCost: 2 },
  globals: { scheme: 'dark' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Generate FAQ' });
    await expect(button).toHaveAccessibleDescription('2 credits');
  },
};

const longGermanName =
  'Zusammenfassung der wichtigsten Entscheidungen, offenen Fragen und Verantwortlichkeiten aus der Besprechung mit der Geschäftsführung';

/**
 * Long names in the German interface: a prompt name wraps to a second line, and one cut even then is
 * shown whole under its button while it is hovered or has the keyboard focus.
 */
export const LongNames: Story = {
  globals: { locale: 'de' },
  args: {
    promptCost: 1,
    savedPrompts: [{ id: 1, name: longGermanName, prompt: 'Fasse die Besprechung zusammen.', icon: 'FileText' }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: longGermanName });
    const whole = button.querySelector<HTMLElement>('[data-full-name]')!;
    await waitFor(() => expect(whole).toHaveAttribute('data-truncated', 'true'));
    await expect(whole).not.toBeVisible();
    await userEvent.hover(button);
    await waitFor(() => expect(button).toHaveAttribute('data-hovered'));
    await waitFor(() => expect(whole).toBeVisible());
    await expect(whole).toHaveAttribute('data-full-name', longGermanName);
    await userEvent.unhover(button);
    await waitFor(() => expect(whole).not.toBeVisible());
    // Keyboard focus shows it as well: the row's arrow keys move to the drag handle and back.
    button.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(button).not.toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(button).toHaveFocus());
    await waitFor(() => expect(button).toHaveAttribute('data-focus-visible'));
    await waitFor(() => expect(whole).toBeVisible());
    // A short name fits: nothing extra to show.
    const short = canvas.getByRole('button', { name: 'Stichpunkte' });
    await expect(short.querySelector('[data-full-name]')).not.toHaveAttribute('data-truncated');
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
