import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.tsx';

/**
 * Label, input, description and error message. The app validates (validationBehavior="aria"):
 * pass `isInvalid` and `errorMessage`.
 */
const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', name: 'email', type: 'email', onChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'We never share your address.', placeholder: 'you@example.com', autoComplete: 'email' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('We never share your address.');
    await userEvent.type(input, 'ada@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('ada@example.com');
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Please enter a valid email address', defaultValue: 'ada@' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Please enter a valid email address')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

export const InvalidDark: Story = { ...Invalid, globals: { scheme: 'dark' } };

/** Validates on blur, the way the registration form does. */
export const ValidateOnBlur: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('');
    const [touched, setTouched] = useState(false);
    const invalid = touched && value.trim().length < 3;
    return (
      <TextField
        {...args}
        label="Username"
        type="text"
        value={value}
        onChange={setValue}
        onBlur={() => setTouched(true)}
        isInvalid={invalid}
        errorMessage="Username must be at least 3 characters long"
        isRequired
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: /Username/ });
    await expect(input).toBeRequired();
    await userEvent.type(input, 'ab');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Username must be at least 3 characters long')).toBeVisible();
    await userEvent.type(input, 'c');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Username must be at least 3 characters long')).toBeNull();
  },
};

export const Password: Story = {
  args: { label: 'Password', type: 'password', name: 'password', autoComplete: 'current-password' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'ada@example.com' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};
