import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Stack } from './Stack.tsx';

/** Flex layout with token gaps. */
const meta = { title: 'UI/Stack', component: Stack, args: { children: null } } satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RowAndColumn: Story = {
  render: () => (
    <Stack gap="xl">
      <Stack direction="row" gap="sm" align="center" justify="between">
        <Badge>one</Badge>
        <Badge>two</Badge>
        <Badge>three</Badge>
      </Stack>
      <Stack gap="xs" align="start">
        <Badge tone="accent">a</Badge>
        <Badge tone="accent">b</Badge>
      </Stack>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByText('one').parentElement!;
    const style = getComputedStyle(row);
    await expect(style.flexDirection).toBe('row');
    await expect(style.columnGap).toBe('8px');
    await expect(style.justifyContent).toBe('space-between');
  },
};
