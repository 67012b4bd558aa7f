import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Badge } from './Badge.tsx';

/** A small status label (credits, states). Text only, no role. */
const meta = { title: 'UI/Badge', component: Badge, args: { children: '120 credits' } } satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

const All = () => (
  <Stack direction="row" gap="sm" wrap>
    <Badge>Draft</Badge>
    <Badge tone="accent">120 credits</Badge>
    <Badge tone="success">Completed</Badge>
    <Badge tone="warning">Processing</Badge>
    <Badge tone="danger">Failed</Badge>
  </Stack>
);

export const Tones: Story = {
  render: () => <All />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Completed')).toBeVisible();
  },
};

export const TonesDark: Story = { ...Tones, globals: { scheme: 'dark' } };
