import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { ProgressBar } from './ProgressBar.tsx';

/** Progress of a task (upload, transcription), with an optional value; indeterminate when unknown. */
const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading', value: 40 },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Determinate: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(within(canvasElement).getByText('40%')).toBeVisible();
  },
};

export const States: Story = {
  render: () => (
    <Stack gap="lg">
      <ProgressBar label="Processing..." value={0} />
      <ProgressBar label="Transcribing" value={72} />
      <ProgressBar label="Transcription completed!" value={100} />
      <ProgressBar label="Chunk" value={3} minValue={0} maxValue={4} valueLabel="3 of 4" />
      <ProgressBar label="Preparing" isIndeterminate />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Chunk' })).toHaveAttribute('aria-valuetext', '3 of 4');
    await expect(canvas.getByRole('progressbar', { name: 'Preparing' })).not.toHaveAttribute('aria-valuenow');
  },
};

export const StatesDark: Story = { ...States, globals: { scheme: 'dark' } };

export const HiddenValue: Story = {
  args: { showValue: false, value: 55, label: 'Recording level' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('55%')).toBeNull();
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '55');
  },
};
