import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { RecoveryOffer } from './RecoveryOffer.tsx';

/** Unfinished streamed recordings of earlier visits, on the workspace: recover or discard each. */
const meta = {
  title: 'App/RecoveryOffer',
  component: RecoveryOffer,
  args: {
    recordings: [
      { id: 'rec-b', createdAt: new Date(2026, 10, 25, 18, 5).getTime(), durationMs: 4_512_000, localPieces: 3 },
      { id: 'rec-a', createdAt: new Date(2026, 10, 24, 9, 30).getTime(), durationMs: 754_000, localPieces: 0 },
    ],
    onRecover: fn(),
    onDiscard: fn(),
  },
  render: (args) => (
    <div style={{ width: 300 }}>
      <RecoveryOffer {...args} />
    </div>
  ),
} satisfies Meta<typeof RecoveryOffer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoRecordings: Story = {
  play: async ({ args }) => {
    const offers = screen.getAllByRole('status');
    await expect(offers).toHaveLength(2);
    await expect(offers[0]).toHaveTextContent('Unfinished recording');
    await expect(offers[0]).toHaveTextContent('Recorded Nov 25, 2026, 6:05 PM, length 1:15:12.');
    await expect(offers[1]).toHaveTextContent('Recorded Nov 24, 2026, 9:30 AM, length 12:34.');
    await userEvent.click(within(offers[0]!).getByRole('button', { name: 'Recover unfinished recording' }));
    await expect(args.onRecover).toHaveBeenCalledWith('rec-b');
    // By keyboard: Tab to the second offer's Discard, Enter.
    within(offers[1]!).getByRole('button', { name: 'Discard recording of Nov 24, 2026, 9:30 AM' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDiscard).toHaveBeenCalledWith('rec-a');
  },
};

export const Nothing: Story = {
  args: { recordings: [] },
  play: async () => {
    await expect(screen.queryByRole('status')).toBeNull();
    await expect(screen.queryByRole('button')).toBeNull();
  },
};
