import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MenuIcon, PlusIcon, TrashIcon } from '../icons/icons.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { IconButton } from './IconButton.tsx';

/** A square button with only an icon; `aria-label` is required and becomes its accessible name. */
const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { 'aria-label': 'Open navigation', icon: <MenuIcon />, onPress: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Open navigation' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <Stack direction="row" gap="sm" align="center">
      <IconButton {...args} aria-label="Add" icon={<PlusIcon />} variant="primary" />
      <IconButton {...args} aria-label="Menu" variant="secondary" />
      <IconButton {...args} aria-label="More" variant="ghost" />
      <IconButton {...args} aria-label="Delete" icon={<TrashIcon />} variant="danger" />
      <IconButton {...args} aria-label="Add small" icon={<PlusIcon />} size="sm" variant="secondary" />
      <IconButton {...args} aria-label="Disabled" isDisabled variant="secondary" />
    </Stack>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Disabled' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const VariantsDark: Story = { ...Variants, globals: { scheme: 'dark' } };
