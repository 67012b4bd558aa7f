import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Meter } from './Meter.tsx';

/** A value within a known range, e.g. the password-strength meter of the registration form. */
const meta = {
  title: 'UI/Meter',
  component: Meter,
  args: { label: 'Password strength', value: 60, valueLabel: 'Medium', tone: 'warning' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Meter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PasswordStrength: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const meter = canvas.getByRole('meter', { name: 'Password strength' });
    await expect(meter).toHaveAttribute('aria-valuenow', '60');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Medium');
    await expect(canvas.getByText('Medium')).toBeVisible();
  },
};

const levels = [
  { value: 20, valueLabel: 'Very Weak', tone: 'danger' },
  { value: 40, valueLabel: 'Weak', tone: 'danger' },
  { value: 60, valueLabel: 'Medium', tone: 'warning' },
  { value: 80, valueLabel: 'Strong', tone: 'success' },
  { value: 100, valueLabel: 'Very Strong', tone: 'success' },
] as const;

export const AllLevels: Story = {
  render: () => (
    <Stack gap="lg">
      {levels.map((l) => (
        <Meter key={l.value} label={`Strength ${l.value}`} {...l} />
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const l of levels) {
      await expect(canvas.getByRole('meter', { name: `Strength ${l.value}` })).toHaveAttribute('aria-valuetext', l.valueLabel);
    }
  },
};

export const AllLevelsDark: Story = { ...AllLevels, globals: { scheme: 'dark' } };
