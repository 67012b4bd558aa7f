import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Checkbox } from '../Checkbox/Checkbox.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { Form } from './Form.tsx';

/** RAC Form (validationBehavior="aria"); the native submit is prevented, the app validates. */
const meta = {
  title: 'UI/Form',
  component: Form,
  args: { onSubmit: fn(), children: null, 'aria-label': 'Sign in' },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {
  render: function Render(args) {
    const [user, setUser] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const missing = submitted && user.trim() === '';
    return (
      <div style={{ maxWidth: 360 }}>
        <Form
          aria-label={args['aria-label']}
          onSubmit={(e) => {
            setSubmitted(true);
            args.onSubmit(e);
          }}
        >
          <TextField
            label="Username or email"
            name="username"
            value={user}
            onChange={setUser}
            isInvalid={missing}
            errorMessage="Please enter your username or email"
          />
          <TextField label="Password" name="password" type="password" />
          <Checkbox name="remember">Remember me</Checkbox>
          <Button type="submit" variant="primary" fullWidth>
            Sign in
          </Button>
        </Form>
      </div>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    // The page did not navigate and the app's error is shown.
    await expect(canvas.getByRole('textbox', { name: 'Username or email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username or email' }), 'ada{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
  },
};
