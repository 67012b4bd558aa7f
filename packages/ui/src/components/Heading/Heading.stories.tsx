import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Heading } from './Heading.tsx';

/** Semantic headings h1-h4 on the type scale. */
const meta = { title: 'UI/Heading', component: Heading, args: { level: 1, children: 'Audio Transcription' } } satisfies Meta<
  typeof Heading
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Levels: Story = {
  render: () => (
    <Stack gap="md">
      <Heading level={1}>Audio Transcription</Heading>
      <Heading level={2}>Settings</Heading>
      <Heading level={3}>Language</Heading>
      <Heading level={4}>Keyboard shortcuts</Heading>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const level of [1, 2, 3, 4]) {
      await expect(canvas.getAllByRole('heading', { level })).toHaveLength(1);
    }
  },
};

export const LevelsDark: Story = { ...Levels, globals: { scheme: 'dark' } };
