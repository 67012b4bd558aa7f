import { Button } from '@scribe/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { StatusCards } from './StatusCards.tsx';
import { useStatusCards } from './useStatusCards.ts';
import { inAllModes } from '../../../../.storybook/modes.ts';

/**
 * Bottom-right transcription cards. Apps feed live `transcription_status` events into useStatusCards(),
 * which removes completed cards after 5 s and error cards after 10 s, and render <StatusCards>.
 */
const meta = {
  title: 'Transcript Kit/StatusCards',
  component: StatusCards,
  args: {
    onDismiss: fn(),
    placement: 'inline',
    items: [
      { transcriptId: 1, title: 'Team standup', state: 'processing', progress: 42, message: 'Transcribing audio' },
      { transcriptId: 2, title: 'Client call', state: 'processing', progress: 5 },
      { transcriptId: 3, title: 'Interview', state: 'completed', progress: 100 },
      { transcriptId: 4, title: 'Voice memo', state: 'error', error: 'Audio could not be decoded' },
      { transcriptId: 5, state: 'error' },
    ],
  },
} satisfies Meta<typeof StatusCards>;

export default meta;
type Story = StoryObj<typeof meta>;

const cards = () => within(screen.getByRole('region', { name: 'Transcription status' }));

export const States: Story = {
  play: async ({ args }) => {
    const standup = cards().getByRole('listitem', { name: 'Team standup' });
    await expect(within(standup).getByRole('progressbar', { name: 'Transcribing audio' })).toHaveAttribute('aria-valuenow', '42');
    await expect(within(standup).getByText('42%')).toBeVisible();
    const call = cards().getByRole('listitem', { name: 'Client call' });
    await expect(within(call).getByRole('progressbar', { name: 'Processing...' })).toHaveAttribute('aria-valuenow', '5');
    const interview = cards().getByRole('listitem', { name: 'Interview' });
    await expect(within(interview).getByRole('progressbar', { name: 'Transcription completed!' })).toHaveAttribute('aria-valuenow', '100');
    await expect(within(cards().getByRole('listitem', { name: 'Voice memo' })).getByText('Audio could not be decoded')).toBeVisible();
    await expect(within(cards().getByRole('listitem', { name: 'Transcription' })).getByText('Transcription failed')).toBeVisible();
    await userEvent.click(cards().getByRole('button', { name: 'Dismiss Interview' }));
    await expect(args.onDismiss).toHaveBeenCalledWith(3);
  },
};

/** In the corner of the window, as the app shows them. */
export const Fixed: Story = {
  args: { placement: 'fixed' },
  play: async () => {
    const list = screen.getByRole('list');
    await expect(getComputedStyle(list).position).toBe('fixed');
  },
};

/** Live: events through useStatusCards, with the real removal timers and one polite announcement. */
function Live() {
  const { items, push, dismiss } = useStatusCards();
  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button size="sm" onPress={() => push({ transcriptId: 7, title: 'Lecture', type: 'progress', progress: 30 })}>
          Progress 30
        </Button>
        <Button size="sm" onPress={() => push({ transcriptId: 7, type: 'progress', progress: 80, message: 'Almost done' })}>
          Progress 80
        </Button>
        <Button size="sm" onPress={() => push({ transcriptId: 7, type: 'complete' })}>
          Complete
        </Button>
        <Button size="sm" onPress={() => push({ transcriptId: 8, title: 'Podcast', type: 'error', error: 'Engine unavailable' })}>
          Fail other
        </Button>
      </div>
      <StatusCards items={items} onDismiss={dismiss} placement="inline" />
    </div>
  );
}

export const LiveEvents: Story = {
  render: () => <Live />,
  play: async () => {
    const live = screen.getByRole('status');
    await userEvent.click(screen.getByRole('button', { name: 'Progress 30' }));
    const lecture = await cards().findByRole('listitem', { name: 'Lecture' });
    await expect(within(lecture).getByRole('progressbar', { name: 'Processing...' })).toHaveAttribute('aria-valuenow', '30');
    await userEvent.click(screen.getByRole('button', { name: 'Progress 80' }));
    await expect(within(lecture).getByRole('progressbar', { name: 'Almost done' })).toHaveAttribute('aria-valuenow', '80');
    // Progress is not announced.
    await expect(live).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await expect(within(lecture).getByRole('progressbar', { name: 'Transcription completed!' })).toBeVisible();
    await waitFor(() => expect(live).toHaveTextContent('Lecture: Transcription completed!'));
    await userEvent.click(screen.getByRole('button', { name: 'Fail other' }));
    await waitFor(() => expect(live).toHaveTextContent('Podcast: Engine unavailable'));
    await userEvent.click(cards().getByRole('button', { name: 'Dismiss Podcast' }));
    await expect(cards().queryByRole('listitem', { name: 'Podcast' })).toBeNull();
    // The completed card goes by itself after 5 s.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Transcription status' })).toBeNull(), { timeout: 7000 });
  },
};

export const Dark: Story = {
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(cards().getAllByRole('listitem')).toHaveLength(5);
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    const region = within(screen.getByRole('region', { name: 'Transkriptionsstatus' }));
    await expect(region.getByRole('progressbar', { name: 'Wird verarbeitet...' })).toBeVisible();
    await expect(region.getByText('Transkription fehlgeschlagen')).toBeVisible();
    await expect(region.getByRole('button', { name: 'Interview schließen' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
