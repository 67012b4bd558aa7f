import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../components/Button/Button.tsx';
import { Card } from '../components/Card/Card.tsx';
import { Stack } from '../components/Stack/Stack.tsx';
import { Text } from '../components/Text/Text.tsx';

/**
 * A test of the visual check itself: the subject matches its committed baseline, then a deliberate
 * 12 px padding change and a colour change must each make the same comparison FAIL (with the
 * project's pixel-count comparator), and restoring the style must make it pass again.
 * Runs only under Vitest (hidden from the Storybook sidebar).
 */
const meta = {
  title: 'Testing/Visual regression guard',
  tags: ['!dev', '!autodocs'],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const DetectsStyleChanges: Story = {
  render: () => (
    <div data-testid="subject" style={{ display: 'inline-block' }}>
      <Card padding="lg">
        <Stack gap="sm" align="start">
          <Text>Baseline subject</Text>
          <Button variant="primary">Continue</Button>
        </Stack>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    // Storybook's own UI has no screenshot API; only the Vitest run exercises the guard.
    if (!(globalThis as { __vitest_browser__?: unknown }).__vitest_browser__) return;
    const { page } = await import('vitest/browser');
    const vitest = await import('vitest');
    const subject = within(canvasElement).getByTestId('subject');
    const card = subject.firstElementChild as HTMLElement;
    const shot = () => vitest.expect.element(page.elementLocator(subject)).toMatchScreenshot('guard-subject', { timeout: 1500 });
    // The comparison's error message, or '' when it matched.
    const failure = async () => {
      let message = '';
      await shot().then(
        () => undefined,
        (error: Error) => {
          message = String(error.message);
        },
      );
      return message;
    };

    await shot();

    // Layout change: 12 px more padding on one side (a 1% ratio threshold once let this through).
    card.style.paddingLeft = '36px';
    await expect(await failure()).toMatch(/Screenshot does not match the stored reference/);
    card.style.paddingLeft = '';

    // Colour change: the primary button's background.
    const button = within(subject).getByRole('button', { name: 'Continue' });
    button.style.background = '#4843c3';
    await expect(await failure()).toMatch(/\d+ pixels \(ratio [\d.]+\) differ/);
    button.style.background = '';

    await shot();
  },
};
