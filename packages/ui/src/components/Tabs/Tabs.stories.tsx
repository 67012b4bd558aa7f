import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Text } from '../Text/Text.tsx';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

/** RAC Tabs: arrow keys move between tabs (automatic activation), Home/End jump. */
const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn(), children: null },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

const Example = (args: { onSelectionChange?: (k: React.Key) => void }) => (
  <Tabs onSelectionChange={args.onSelectionChange}>
    <TabList aria-label="Transcript views">
      <Tab id="transcript">Transcript</Tab>
      <Tab id="ai">AI outputs</Tab>
      <Tab id="details" isDisabled>
        Details
      </Tab>
    </TabList>
    <TabPanel id="transcript">
      <Text>The transcript text with timestamps.</Text>
    </TabPanel>
    <TabPanel id="ai">
      <Text>Summaries and answers from prompts.</Text>
    </TabPanel>
    <TabPanel id="details">
      <Text>Details</Text>
    </TabPanel>
  </Tabs>
);

export const Keyboard: Story = {
  render: (args) => <Example onSelectionChange={args.onSelectionChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('tab', { name: 'Transcript' });
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(first);
    await userEvent.keyboard('{ArrowRight}');
    const second = canvas.getByRole('tab', { name: 'AI outputs' });
    await expect(second).toHaveFocus();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('ai');
    await expect(canvas.getByRole('tabpanel', { name: 'AI outputs' })).toHaveTextContent('Summaries');
    // The disabled tab is skipped: ArrowRight wraps to the first tab.
    await userEvent.keyboard('{ArrowRight}');
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(second).toHaveFocus();
  },
};

export const Dark: Story = {
  render: () => <Example />,
  globals: { scheme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-disabled', 'true');
  },
};
