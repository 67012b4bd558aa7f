import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Alert } from './Alert.tsx';

/** Inline messages. Danger is role="alert" (announced at once), the others role="status". */
const meta = {
  title: 'UI/Alert',
  component: Alert,
  args: { tone: 'danger', title: 'Login failed', children: 'Invalid username or password' },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Login failed');
    await expect(alert).toHaveTextContent('Invalid username or password');
  },
};

const All = () => (
  <Stack gap="md">
    <Alert tone="info" title="Heads up">
      Transcription runs in the background; you can leave this page.
    </Alert>
    <Alert tone="success" title="Account created successfully" />
    <Alert tone="warning">Your balance is low: 3 credits left.</Alert>
    <Alert tone="danger" title="Upload failed">
      Please upload a file smaller than 50MB.
    </Alert>
  </Stack>
);

export const Tones: Story = {
  render: () => <All />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed');
  },
};

export const TonesDark: Story = { ...Tones, globals: { scheme: 'dark' } };
