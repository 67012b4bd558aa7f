import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Text } from '../Text/Text.tsx';
import { Box } from './Box.tsx';

/** Layout by props from the theme tokens (the sprinkles layer). */
const meta = { title: 'UI/Box', component: Box } satisfies Meta<typeof Box>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Layout: Story = {
  render: () => (
    <Box display="flex" flexDirection="column" gap="xl">
      <Box as="nav" aria-label="Example" display="flex" alignItems="center" justifyContent="space-between" gap="sm">
        <Badge>one</Badge>
        <Badge>two</Badge>
        <Badge>three</Badge>
      </Box>
      <Box as="ul" display="flex" flexWrap="wrap" gap="xs" margin="none" padding="none" paddingX="md">
        <Box as="li" display="inline-flex">
          <Badge tone="accent">a</Badge>
        </Box>
        <Box as="li" display="inline-flex">
          <Badge tone="accent">b</Badge>
        </Box>
      </Box>
      <Box display="flex" flexDirection={{ all: 'row', mobile: 'column' }} gap={{ all: 'lg', mobile: 'xs' }}>
        <Text>Side by side on a wide screen,</Text>
        <Text>stacked on a phone.</Text>
      </Box>
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('navigation', { name: 'Example' });
    const style = getComputedStyle(row);
    await expect(style.display).toBe('flex');
    await expect(style.alignItems).toBe('center');
    await expect(style.justifyContent).toBe('space-between');
    await expect(style.columnGap).toBe('8px');
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('UL');
    await expect(getComputedStyle(list).flexWrap).toBe('wrap');
    await expect(getComputedStyle(list).paddingLeft).toBe('12px');
    await expect(getComputedStyle(list).marginTop).toBe('0px');
    // The test frame is 1024 px wide: the desktop value applies, not the mobile one.
    const responsive = canvas.getByText('stacked on a phone.').parentElement!;
    await expect(getComputedStyle(responsive).flexDirection).toBe('row');
    await expect(getComputedStyle(responsive).columnGap).toBe('16px');
    // Props never reach the DOM as attributes.
    await expect(row.hasAttribute('display')).toBe(false);
  },
};

export const LayoutDark: Story = { ...Layout, globals: { scheme: 'dark' } };
