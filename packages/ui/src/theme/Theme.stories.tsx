import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../components/Stack/Stack.tsx';
import { Text } from '../components/Text/Text.tsx';
import { defaults } from './contract.css.ts';
import * as styles from './Theme.stories.css.ts';

/** The theme contract's colours and scales; light follows :root, dark the system or a forced class. */
const meta = { title: 'Foundations/Theme' } satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const Palette = () => (
  <Stack gap="lg">
    <div className={styles.grid}>
      {Object.entries(styles.swatches).map(([name, className]) => (
        <div key={name} className={styles.swatch}>
          <span className={`${styles.chip} ${className}`} aria-hidden="true" />
          <Text size="xs" tone="muted" as="span">
            {name}
          </Text>
        </div>
      ))}
    </div>
    <Stack direction="row" gap="sm" align="end">
      {Object.entries(styles.spaces).map(([name, className]) => (
        <Stack key={name} gap="xs" align="center">
          <span className={`${styles.space} ${className}`} aria-hidden="true" />
          <Text size="xs" tone="muted" as="span">
            {name}
          </Text>
        </Stack>
      ))}
    </Stack>
  </Stack>
);

export const Light: Story = {
  render: () => <Palette />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('accent')).toBeVisible();
    const body = getComputedStyle(document.body);
    await expect(body.fontFamily).toContain('Inter Variable');
    await expect(body.fontSize).toBe('14px');
  },
};

export const Dark: Story = {
  render: () => <Palette />,
  globals: { scheme: 'dark' },
  play: async () => {
    // The forced dark class swaps the page background to the dark value.
    await expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(14, 14, 17)');
  },
};

type MediaCommand = (media: { colorScheme?: 'light' | 'dark'; reducedMotion?: 'reduce' | 'no-preference' }) => Promise<void>;

async function emulateMedia(media: Parameters<MediaCommand>[0]) {
  const { commands } = await import('vitest/browser');
  await (commands as unknown as { emulateMedia: MediaCommand }).emulateMedia(media);
}

const underVitest = () => Boolean((globalThis as { __vitest_browser__?: unknown }).__vitest_browser__);

/** No forced class: the operating system's dark preference alone switches the theme. */
export const FollowsSystemDark: Story = {
  render: () => <Palette />,
  globals: { scheme: 'system' },
  beforeEach: async () => {
    if (!underVitest()) return;
    await emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    return async () => emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  },
  play: async () => {
    if (!underVitest()) return;
    await expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(14, 14, 17)');
    // Reduced motion zeroes the motion tokens.
    const fast = getComputedStyle(document.documentElement).getPropertyValue(defaults.motion.fast.replace(/^var\((.*)\)$/, '$1'));
    await expect(fast.trim()).toBe('0ms');
  },
};
