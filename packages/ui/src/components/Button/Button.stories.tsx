import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PlusIcon, TrashIcon } from '../icons/icons.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Button } from './Button.tsx';

/**
 * The action control. Four variants: one `primary` per view, `secondary` by default, `ghost` for
 * low-emphasis actions in dense UIs, `danger` for destructive confirmations.
 */
const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save changes', onPress: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    // Keyboard activation works too (RAC press events).
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

const AllVariants = () => (
  <Stack gap="lg">
    {(['md', 'sm'] as const).map((size) => (
      <Stack key={size} direction="row" gap="sm" align="center" wrap>
        <Button size={size} variant="primary">
          Primary
        </Button>
        <Button size={size}>Secondary</Button>
        <Button size={size} variant="ghost">
          Ghost
        </Button>
        <Button size={size} variant="danger" icon={<TrashIcon />}>
          Delete
        </Button>
        <Button size={size} variant="primary" icon={<PlusIcon />}>
          New folder
        </Button>
        <Button size={size} isDisabled>
          Disabled
        </Button>
      </Stack>
    ))}
  </Stack>
);

export const Variants: Story = {
  render: () => <AllVariants />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    // The icon is decorative: the accessible name is the text only.
    await expect(canvas.getAllByRole('button', { name: 'New folder' })[0]).toBeVisible();
  },
};

export const VariantsDark: Story = {
  render: () => <AllVariants />,
  globals: { scheme: 'dark' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  render: (args) => (
    <Stack direction="row" gap="sm">
      <Button {...args} variant="primary">
        Create account
      </Button>
      <Button {...args} variant="primary" isPending>
        Create account
      </Button>
    </Stack>
  ),
  play: async ({ canvasElement, args }) => {
    const [idle, pending] = within(canvasElement).getAllByRole('button');
    await expect(idle).toHaveAccessibleName('Create account');
    // Same width: the label stays in the layout behind the spinner.
    await expect(pending.getBoundingClientRect().width).toBe(idle.getBoundingClientRect().width);
    await userEvent.click(pending);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(pending).toHaveAttribute('aria-disabled', 'true');
  },
};

export const FullWidth: Story = {
  args: { variant: 'primary', fullWidth: true, type: 'submit', children: 'Sign in' },
  render: (args) => (
    <div style={{ width: 320 }}>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sign in' });
    await expect(button).toHaveAttribute('type', 'submit');
    await expect(button.getBoundingClientRect().width).toBe(320);
  },
};
