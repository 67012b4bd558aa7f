import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from './Text.tsx';

/** Body text on the type scale with default, muted and danger tones. */
const meta = { title: 'UI/Text', component: Text, args: { children: 'Text' } } satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

const All = () => (
  <Stack gap="sm">
    <Text size="lg">Large text for introductions.</Text>
    <Text>Default body text at 14 px for dense dashboards.</Text>
    <Text tone="muted" size="sm">
      Muted helper text, still AA contrast.
    </Text>
    <Text tone="danger" size="sm">
      Passwords do not match
    </Text>
    <Text weight="semibold" as="span">
      Semibold inline text
    </Text>
  </Stack>
);

export const Tones: Story = {
  render: () => <All />,
  play: async ({ canvasElement }) => {
    const el = within(canvasElement).getByText('Semibold inline text');
    await expect(el.tagName).toBe('SPAN');
  },
};

export const TonesDark: Story = { ...Tones, globals: { scheme: 'dark' } };
