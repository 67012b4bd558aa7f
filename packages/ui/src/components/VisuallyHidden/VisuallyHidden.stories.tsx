import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/** Content for assistive technology only. */
const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Hidden heading' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <section aria-labelledby="vh-title">
      <VisuallyHidden as="h2">
        <span id="vh-title">Transcripts</span>
      </VisuallyHidden>
      <p>The heading above is read by screen readers but not shown.</p>
    </section>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { name: 'Transcripts' });
    await expect(heading.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(canvas.getByRole('region', { name: 'Transcripts' })).toBeInTheDocument();
  },
};
