import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Text } from '../Text/Text.tsx';
import { Kbd } from './Kbd.tsx';

/** A keyboard key in help texts. */
const meta = { title: 'UI/Kbd', component: Kbd, args: { children: 'F8' } } satisfies Meta<typeof Kbd>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InText: Story = {
  render: () => (
    <Text>
      Press <Kbd>F8</Kbd> to reach notifications, <Kbd>Space</Kbd> to play or pause.
    </Text>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('F8').tagName).toBe('KBD');
  },
};

export const InTextDark: Story = { ...InText, globals: { scheme: 'dark' } };
