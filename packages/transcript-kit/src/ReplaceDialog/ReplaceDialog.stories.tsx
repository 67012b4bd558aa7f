import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { meetingSegments } from '../testing/transcriptFixtures.ts';
import { withOpenState } from '../testing/withOpenState.tsx';
import type { TranscriptSegment } from '../transcript/segments.ts';
import { ReplaceDialog } from './ReplaceDialog.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/** The app's part: open state; the dialog closes itself after Replace all. */
const Controlled = withOpenState(ReplaceDialog);

/**
 * Find and replace in one transcript: the matches previewed (count, and the lines with each match
 * marked) while typing, then 'Replace all' hands the whole transcript's new segments over in one step.
 */
const meta = {
  title: 'Transcript Kit/ReplaceDialog',
  component: ReplaceDialog,
  args: { isOpen: true, onOpenChange: fn(), segments: meetingSegments, onReplaceAll: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ReplaceDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.getByRole('dialog', { name: 'Find and replace' });

/** The preview counts the matches and lists the matching lines; Replace all replaces every one at once. */
export const ReplaceAll: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(within(dialog()).getByRole('textbox', { name: 'Find' })).toHaveFocus());
    await expect(within(dialog()).getByRole('button', { name: 'Replace all' })).toBeDisabled();
    await userEvent.keyboard('UPLOAD');
    await expect(await within(dialog()).findByText('2 matches in 2 segments')).toBeVisible();
    const lines = within(dialog()).getByRole('list', { name: 'Matching lines' });
    await expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent(
      '0:07The upload fix is live, and the error rate dropped to almost zero.',
    );
    await expect(lines.querySelectorAll('mark')).toHaveLength(2);
    await userEvent.click(within(dialog()).getByRole('textbox', { name: 'Replace with' }));
    await userEvent.keyboard('transfer');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Replace all' }));
    const [next, replaced] = (args.onReplaceAll as Mock<(next: TranscriptSegment[], r: { count: number }) => void>).mock.calls[0];
    await expect(replaced).toEqual({ count: 2, segmentCount: 2 });
    await expect(next[2].text).toBe('The transfer fix is live, and the error rate dropped to almost zero.');
    await expect(next[3].text).toBe('I am still watching the chunked transfers for large files.');
    await expect(next[0]).toBe(meetingSegments[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Nothing found: said so, and nothing to replace. */
export const NoMatches: Story = {
  play: async ({ args }) => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Find' }), 'elephant');
    await expect(await within(dialog()).findByText('No matches')).toBeVisible();
    await expect(within(dialog()).getByRole('button', { name: 'Replace all' })).toBeDisabled();
    await expect(args.onReplaceAll).not.toHaveBeenCalled();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    const de = screen.getByRole('dialog', { name: 'Suchen und ersetzen' });
    await userEvent.type(within(de).getByRole('textbox', { name: 'Suchen' }), 'the');
    await expect(await within(de).findByText(/Treffer in \d+ Abschnitten/)).toBeVisible();
  },
};

export const Modes: Story = { ...inAllModes };
