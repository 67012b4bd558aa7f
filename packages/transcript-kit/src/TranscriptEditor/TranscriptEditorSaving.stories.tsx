import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { editor, editorArgs, editorFrame, lastChange, list, phone, Stateful, text, texts } from '../testing/editorStory.tsx';
import { meetingSegments, reviewSegments } from '../testing/transcriptFixtures.ts';
import { TranscriptEditor } from './TranscriptEditor.tsx';

/**
 * Keeping and taking back edits: Enter or leaving a segment saves, Escape cancels, Undo and Redo take
 * back and redo changes; and the save status the app reports (saving, saved, offline, a conflict with
 * its Reload and 'Keep my text', an error), also dark and on a phone.
 */
const meta = {
  title: 'Transcript Kit/TranscriptEditor/Saving',
  component: TranscriptEditor,
  args: editorArgs,
  render: (args) => <Stateful {...args} />,
  decorators: [editorFrame],
} satisfies Meta<typeof TranscriptEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Undo and Redo (buttons, Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z) take back and redo text edits, splits, merges
 * and speaker changes, each through onChange; a new edit after an undo ends what could be redone.
 */
export const UndoRedo: Story = {
  play: async ({ args }) => {
    const undoButton = () => within(editor()).getByRole('button', { name: 'Undo' });
    const redoButton = () => within(editor()).getByRole('button', { name: 'Redo' });
    await expect(undoButton()).toBeDisabled();
    await expect(redoButton()).toBeDisabled();
    // A text edit, undone and redone with the buttons.
    await userEvent.dblClick(text(0));
    await userEvent.keyboard(' Hello!{Enter}');
    await expect(lastChange(args)[0][0].text).toMatch(/standup\. Hello!$/);
    await userEvent.click(undoButton());
    await expect(lastChange(args)).toEqual([expect.anything(), 'text']);
    await expect(lastChange(args)[0][0].text).toBe(meetingSegments[0].text);
    await expect(text(0)).toHaveTextContent(meetingSegments[0].text);
    await expect(await screen.findByText('Undone: text edit')).toBeInTheDocument();
    await userEvent.click(redoButton());
    await expect(text(0)).toHaveTextContent(/Hello!$/);
    // A merge (m), undone with Ctrl+Z and redone with Shift+Ctrl+Z.
    text(1).focus();
    await userEvent.keyboard('m');
    await expect(texts()).toHaveLength(7);
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect(texts()).toHaveLength(8);
    await expect(lastChange(args)[0][1]).toBe(meetingSegments[1]);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await expect(texts()).toHaveLength(7);
    await userEvent.keyboard('{Meta>}z{/Meta}');
    await expect(texts()).toHaveLength(8);
    // A speaker change, undone.
    text(6).focus();
    await userEvent.keyboard('s');
    const popover = await screen.findByRole('dialog', { name: 'Speaker Unknown Speaker' });
    await userEvent.click(within(popover).getByRole('button', { name: 'Anna Berg' }));
    await expect(lastChange(args)[0][6].speaker).toBe('Anna Berg');
    await userEvent.click(undoButton());
    await expect(lastChange(args)[0][6]).not.toHaveProperty('speaker');
    // A new edit after an undo: nothing left to redo.
    await expect(redoButton()).toBeEnabled();
    await userEvent.dblClick(text(2));
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await expect(lastChange(args)[1]).toBe('split');
    await expect(redoButton()).toBeDisabled();
    await userEvent.click(undoButton());
    await expect(texts()).toHaveLength(8);
  },
};

/** Escape cancels: nothing saved, the text as it was, focus back on the segment. */
export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await userEvent.dblClick(text(1));
    await userEvent.keyboard(' and more');
    await userEvent.keyboard('{Escape}');
    await expect(within(list()).queryByRole('textbox')).toBeNull();
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(text(1)).toHaveTextContent('Let us start with the release that went out yesterday.');
    await waitFor(() => expect(text(1)).toHaveFocus());
  },
};

/** Moving away saves too (a click elsewhere). */
export const BlurSaves: Story = {
  play: async ({ args }) => {
    await userEvent.dblClick(text(0));
    await userEvent.keyboard(' Hello!');
    await userEvent.dblClick(text(4));
    await expect(lastChange(args)[0][0].text).toBe('Good morning, everyone, and thanks for joining the standup. Hello!');
    await expect(within(list()).getByRole('textbox', { name: 'Segment text' })).toHaveValue(
      'Great. Any blockers for the transcript viewer?',
    );
  },
};

export const Saving: Story = {
  args: { saveState: 'saving' },
  play: async () => {
    await expect(within(editor()).getByText('Saving…', { selector: '[data-status-text]' })).toBeVisible();
  },
};

/** 'All changes saved' is announced once (politely); 'Saving…' is shown, not announced. */
export const Saved: Story = {
  args: { saveState: 'saved' },
  play: async () => {
    await expect(within(editor()).getByText('All changes saved', { selector: '[data-status-text]' })).toBeVisible();
    await waitFor(() =>
      expect(
        within(editor())
          .getAllByRole('status')
          .some((s) => s.textContent === 'All changes saved'),
      ).toBe(true),
    );
  },
};

export const Offline: Story = {
  args: { saveState: 'offline' },
  play: async () => {
    await expect(within(editor()).getByText('Offline: changes are kept on this device', { selector: '[data-status-text]' })).toBeVisible();
  },
};

/** Someone saved a newer revision: the app offers to reload or to keep this text. */
export const Conflict: Story = {
  args: { saveState: 'conflict' },
  play: async ({ args }) => {
    await expect(
      within(editor()).getByText('Conflict: this transcript was changed elsewhere.', { selector: '[data-status-text]' }),
    ).toBeVisible();
    await userEvent.click(within(editor()).getByRole('button', { name: 'Reload' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await userEvent.click(within(editor()).getByRole('button', { name: 'Keep my text' }));
    await expect(args.onKeepMine).toHaveBeenCalledOnce();
  },
};

export const SaveError: Story = {
  args: { saveState: 'error', saveError: 'The text can have at most 2000 characters.' },
  play: async () => {
    await expect(
      within(editor()).getByText('The text can have at most 2000 characters.', { selector: '[data-status-text]' }),
    ).toBeVisible();
  },
};

export const DarkConflict: Story = {
  args: { segments: reviewSegments, saveState: 'conflict' },
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(within(editor()).getByRole('button', { name: 'Keep my text' })).toBeVisible();
  },
};

export const DarkOffline: Story = {
  args: { saveState: 'offline', defaultView: 'plain', segments: reviewSegments },
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(within(editor()).getByText('Offline: changes are kept on this device', { selector: '[data-status-text]' })).toBeVisible();
  },
};

export const PhoneConflict: Story = {
  args: { saveState: 'conflict' },
  decorators: [phone],
  play: async () => {
    await expect(within(editor()).getByRole('button', { name: 'Reload' })).toBeVisible();
  },
};

export const PhoneOfflineDark: Story = {
  args: { saveState: 'offline', segments: reviewSegments },
  decorators: [phone],
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(within(editor()).getByText('Offline: changes are kept on this device', { selector: '[data-status-text]' })).toBeVisible();
  },
};
