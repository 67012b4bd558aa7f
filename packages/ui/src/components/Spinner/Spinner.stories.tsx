import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Spinner } from './Spinner.tsx';

/** An indeterminate progressbar with a name ("Loading" by default, translated). */
const meta = { title: 'UI/Spinner', component: Spinner } satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const spinner = within(canvasElement).getByRole('progressbar', { name: 'Loading' });
    await expect(spinner).not.toHaveAttribute('aria-valuenow');
  },
};

export const Sizes: Story = {
  render: () => (
    <Stack direction="row" gap="lg" align="center">
      <Spinner size="sm" aria-label="Saving" />
      <Spinner size="md" aria-label="Loading transcripts" />
      <Spinner size="lg" aria-label="Processing" />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('progressbar')).toHaveLength(3);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Processing' })).toBeVisible();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Wird geladen' })).toBeVisible();
  },
};
