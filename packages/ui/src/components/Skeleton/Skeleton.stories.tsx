import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Skeleton, SkeletonGroup } from './Skeleton.tsx';

/** Placeholder shapes while data loads; hidden from assistive tech inside a busy, named SkeletonGroup. */
const meta = { title: 'UI/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shapes: Story = {
  render: () => (
    <SkeletonGroup aria-label="Loading transcripts">
      <Card>
        <Stack gap="md">
          <Stack direction="row" gap="md" align="center">
            <Skeleton width={40} height={40} />
            <Skeleton width="40%" height={16} />
          </Stack>
          <Skeleton lines={3} />
        </Stack>
      </Card>
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('status', { name: 'Loading transcripts' });
    await expect(group).toHaveAttribute('aria-busy', 'true');
    // The bones themselves are not announced.
    const bones = group.querySelectorAll('[aria-hidden="true"]');
    await expect(bones.length).toBeGreaterThanOrEqual(3);
  },
};

export const Dark: Story = { ...Shapes, globals: { scheme: 'dark' } };

export const DefaultLabel: Story = {
  render: () => (
    <SkeletonGroup>
      <Skeleton width={240} />
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};
