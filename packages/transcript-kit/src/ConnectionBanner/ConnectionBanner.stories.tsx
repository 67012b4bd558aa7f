import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/**
 * The live connection's status while it is down. Apps show it from the live client's status: nothing
 * while connected, 'reconnecting' during the retries, 'lost' after the last one (with Reconnect).
 */
const meta = {
  title: 'Transcript Kit/ConnectionBanner',
  component: ConnectionBanner,
  args: { state: 'reconnecting', placement: 'inline', onReconnect: fn() },
} satisfies Meta<typeof ConnectionBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Reconnecting: Story = {
  play: async () => {
    const banner = screen.getByRole('status', { name: 'Connection' });
    await expect(banner).toHaveTextContent('Connection lost. Reconnecting…');
    await expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  },
};

export const Lost: Story = {
  args: { state: 'lost' },
  play: async ({ args }) => {
    const banner = screen.getByRole('status', { name: 'Connection' });
    await expect(banner).toHaveTextContent('Connection lost. Please refresh the page to reconnect.');
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await expect(args.onReconnect).toHaveBeenCalledOnce();
  },
};

/** Connected: nothing is shown. */
export const Online: Story = {
  args: { state: 'online' },
  play: async () => {
    await expect(screen.queryByRole('status', { name: 'Connection' })).toBeNull();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
