import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea.tsx';

/** Multi-line text with the same label, description and error contract as TextField. */
const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  args: { label: 'Message', name: 'message', onChange: fn(), rows: 4 },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'Tell us what happened.', placeholder: 'Your message' },
  play: async ({ canvasElement, args }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(area).toHaveAttribute('rows', '4');
    await userEvent.type(area, 'Line one{Enter}Line two');
    await expect(args.onChange).toHaveBeenLastCalledWith('Line one\nLine two');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Please provide both a name and a prompt', isRequired: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const area = canvas.getByRole('textbox', { name: /Message/ });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Please provide both a name and a prompt')).toBeVisible();
  },
};

export const InvalidDark: Story = { ...Invalid, globals: { scheme: 'dark' } };
