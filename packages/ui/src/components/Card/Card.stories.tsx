import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Heading } from '../Heading/Heading.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { Card } from './Card.tsx';

/** A surface with a subtle border and shadow. `as="section"` + aria-labelledby makes a named region. */
const meta = { title: 'UI/Card', component: Card, args: { children: null } } satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

const Example = () => (
  <div style={{ maxWidth: 420 }}>
    <Card as="section" aria-labelledby="card-title">
      <Stack gap="md">
        <Heading level={2} id="card-title">
          Credits
        </Heading>
        <Text tone="muted">You have 120 credits. One credit transcribes one minute of audio.</Text>
        <Stack direction="row" gap="sm" justify="end">
          <Button variant="primary">Buy credits</Button>
        </Stack>
      </Stack>
    </Card>
  </div>
);

export const Section: Story = {
  render: () => <Example />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Credits' })).toBeVisible();
  },
};

export const SectionDark: Story = { ...Section, globals: { scheme: 'dark' } };

export const Paddings: Story = {
  render: () => (
    <Stack direction="row" gap="md" align="start">
      <Card padding="sm">
        <Text size="sm">sm</Text>
      </Card>
      <Card padding="lg">
        <Text size="sm">lg</Text>
      </Card>
      <Card>
        <Text size="sm">xl (default)</Text>
      </Card>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const small = within(canvasElement).getByText('sm').parentElement!;
    await expect(getComputedStyle(small).paddingTop).toBe('8px');
  },
};
