import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from '../Link/Link.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Checkbox } from './Checkbox.tsx';

/** A native checkbox underneath (RAC), toggled by click or Space. */
const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { children: 'Remember me', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await expect(box).not.toBeChecked();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

const States = () => (
  <Stack gap="md">
    <Checkbox>Unchecked</Checkbox>
    <Checkbox defaultSelected>Checked</Checkbox>
    <Checkbox isInvalid isRequired>
      I agree to the <Link href="#terms">Terms of Service</Link>
    </Checkbox>
    <Checkbox isDisabled>Disabled</Checkbox>
    <Checkbox isDisabled defaultSelected>
      Disabled and checked
    </Checkbox>
  </Stack>
);

export const AllStates: Story = {
  render: () => <States />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Checked' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /I agree/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('checkbox', { name: 'Disabled' })).toBeDisabled();
  },
};

export const AllStatesDark: Story = { ...AllStates, globals: { scheme: 'dark' } };

export const Controlled: Story = {
  args: { isSelected: true, children: 'I agree to the Privacy Policy', name: 'privacy' },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I agree to the Privacy Policy' });
    await userEvent.click(box);
    // Controlled: it reports the wish to change but stays as the owner says.
    await expect(args.onChange).toHaveBeenCalledWith(false);
    await expect(box).toBeChecked();
    await expect(box).toHaveAttribute('name', 'privacy');
  },
};
