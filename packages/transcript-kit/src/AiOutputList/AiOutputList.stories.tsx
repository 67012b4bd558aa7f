import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { toast } from '@scribe/ui';
import { AiOutputList } from './AiOutputList.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

const outputs = [
  {
    id: 2,
    prompt: 'Extract all questions asked in the transcript.',
    output: 'Questions asked in the transcript (2):\n- [00:06] How long will the migration take?\n- [1:01:06] Who reviews the plan?',
    createdAt: '2026-03-02T10:15:00Z',
    model: 'rule-based',
  },
  {
    id: 1,
    prompt: 'Summarize the transcript as bullet points.',
    output: '- [00:14] The billing migration takes about three weeks.\n- 2:31 Every invoice record is copied twice.',
    createdAt: '2026-03-02T10:12:00Z',
    model: 'rule-based',
  },
];

/**
 * The AI output tab: a loading skeleton, an error heading with the message, the empty state, or the
 * outputs. Time stamps (m:ss, mm:ss, h:mm:ss) are buttons that seek the player; the header copies or
 * shares the combined text and exports all outputs or the chosen one (names cut at 30 characters).
 */
const meta = {
  title: 'Transcript Kit/AiOutputList',
  component: AiOutputList,
  args: { state: { status: 'ready', outputs }, title: 'Planning meeting', onSeek: fn(), onExport: fn(), onCopy: fn() },
} satisfies Meta<typeof AiOutputList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Outputs: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Planning meeting' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Play from 00:06' }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(6);
    await userEvent.click(canvas.getByRole('button', { name: 'Play from 1:01:06' }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(3666);
    await userEvent.click(canvas.getByRole('button', { name: 'Play from 2:31' }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(151);
    // Delete is offered only when the host handles it.
    await expect(canvas.queryByRole('button', { name: /^Delete / })).toBeNull();
  },
};

/** Each output can be deleted: the host (the app) hides it, offers Undo and deletes it on the server. */
export const DeleteOutput: Story = {
  args: { onDelete: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Summarize the transcript as bu…' }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenLastCalledWith(outputs[1]);
  },
};

/**
 * The Export menu offers each format once for all outputs and once for the chosen output: the newest
 * until another one is pressed or focused (its section names it).
 */
export const ExportMenus: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    let menu = await screen.findByRole('menu');
    // Two sections: all outputs, and the newest output, titled with its prompt (cut at 30 characters) and its date.
    await expect(within(menu).getAllByRole('group')).toHaveLength(2);
    await expect(within(menu).getByRole('group', { name: 'All outputs' })).toBeVisible();
    await expect(within(menu).getByRole('group', { name: /^Extract all questions asked in… · / })).toBeVisible();
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    await userEvent.click(within(within(menu).getByRole('group', { name: 'All outputs' })).getByRole('menuitem', { name: 'PDF' }));
    await expect(args.onExport).toHaveBeenLastCalledWith({ kind: 'all' }, 'pdf');

    // Another output chosen by focusing inside it (a time stamp, by keyboard): the menu offers that one.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    canvas.getByRole('button', { name: 'Play from 2:31' }).focus();
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    menu = await screen.findByRole('menu');
    const chosen = within(menu).getByRole('group', { name: /^Summarize the transcript as bu… · / });
    await expect(within(menu).queryByRole('group', { name: /^Extract all questions asked in… · / })).toBeNull();
    await userEvent.click(within(chosen).getByRole('menuitem', { name: 'Text (TXT)' }));
    await expect(args.onExport).toHaveBeenLastCalledWith({ kind: 'one', id: 1, prompt: outputs[1].prompt }, 'txt');

    // Each output's own Download menu still offers its formats.
    await userEvent.click(canvas.getAllByRole('button', { name: /^Download / })[0]);
    const one = await screen.findByRole('menu');
    await userEvent.click(within(one).getByRole('menuitem', { name: 'Word (DOCX)' }));
    await expect(args.onExport).toHaveBeenLastCalledWith({ kind: 'one', id: 2, prompt: outputs[0].prompt }, 'docx');
  },
};

/** Copy puts every output on the clipboard at once, separated by a rule. */
export const CopyCombined: Story = {
  // The story's browser may hold a clipboard write until it has focus; the component's part ends at writeText.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(args.onCopy).toHaveBeenCalledWith(expect.objectContaining({ ok: true })));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledOnce();
    const text = (args.onCopy as ReturnType<typeof fn>).mock.calls[0][0].text as string;
    await expect(text).toContain('Extract all questions asked in the transcript.\n\nQuestions asked');
    await expect(text).toContain('\n\n---\n\n');
  },
};

/**
 * An embedder's read-only page: without `onExport` there is no Export menu and no Download buttons;
 * copying and the time stamps work as before.
 */
export const WithoutExport: Story = {
  args: { onExport: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Export' })).toBeNull();
    await expect(canvas.queryAllByRole('button', { name: /^Download / })).toHaveLength(0);
    await expect(canvas.queryByRole('menu')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Play from 2:31' }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(151);
  },
};

/**
 * A host with no ToastProvider and no `onCopy`: the copy still says so, in a notification region the
 * kit mounts itself (none is added to the page before the first message).
 */
export const CopyToastWithoutProvider: Story = {
  args: { onCopy: undefined },
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => {
      spy.mockRestore();
      toast.dismiss();
    };
  },
  play: async ({ canvasElement }) => {
    await expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy' }));
    const region = await screen.findByRole('region', { name: 'Notification' });
    await expect(await within(region).findByRole('status')).toHaveTextContent('Text copied to clipboard');
    await expect(within(region).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

export const NoTitle: Story = {
  args: { title: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'AI Output' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading AI outputs' })).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { state: { status: 'error', message: 'Failed to fetch prompt outputs: 500 Internal Server Error' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed to load AI outputs')).toBeVisible();
    await expect(canvas.getByText('Failed to fetch prompt outputs: 500 Internal Server Error')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { state: { status: 'ready', outputs: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No AI outputs yet' })).toBeVisible();
    await expect(canvas.getByText(/Use the AI panel/)).toBeVisible();
  },
};

export const Streaming: Story = {
  args: { pending: { prompt: 'Who asks what?', text: 'Bob asks about the migration at [00:06]; Alice' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Generating…')).toBeVisible();
    await expect(canvas.getByText(/Bob asks about the migration/)).toBeVisible();
  },
};

/** A long recording on a language model: the pending card says which part is being read. */
export const ReadingLongRecording: Story = {
  args: { pending: { prompt: 'Bullet points', text: '', progress: { phase: 'reading', part: 2, parts: 5 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Reading part 2 of 5…')).toBeVisible();
    await expect(canvas.queryByText('Generating…')).toBeNull();
  },
};

export const WritingAnswerOfLongRecording: Story = {
  args: {
    pending: {
      prompt: 'Bullet points',
      text: '- Revenue rose to $4.2 million [1:02:05]',
      progress: { phase: 'answering', part: 1, parts: 1 },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Writing the answer…')).toBeVisible();
    await expect(canvas.getByText(/Revenue rose/)).toBeVisible();
  },
};

/** 'Run on another transcript…': the output's prompt on a transcript picked in a dialog. */
export const RunOnAnotherTranscript: Story = {
  args: {
    rerun: {
      transcripts: [
        { id: 7, label: 'Customer interview' },
        { id: 8, label: 'Lecture · Courses / Spring' },
      ],
      onRun: fn(),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Run on another transcript: Summarize the transcript as bu…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run on another transcript' });
    await expect(within(dialog).getByText('Summarize the transcript as bullet points.')).toBeVisible();
    const picker = within(dialog).getByRole('combobox', { name: 'Transcript' });
    await expect(picker).toHaveValue('7');
    await userEvent.selectOptions(picker, 'Lecture · Courses / Spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run prompt' }));
    await expect(args.rerun!.onRun).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, prompt: 'Summarize the transcript as bullet points.' }),
      8,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Without another completed transcript the dialog says so and cannot run. */
export const RunOnAnotherTranscriptNone: Story = {
  args: { rerun: { transcripts: [], onRun: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Run on another transcript: Extract all questions asked in…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run on another transcript' });
    await expect(within(dialog).getByText('No other completed transcript yet.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Run prompt' })).toBeDisabled();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
