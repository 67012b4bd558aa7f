import { ThemeProvider, vars } from '@scribe/ui';
import { inAllModes } from '../../../../.storybook/modes.ts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AudioPlayer } from '../AudioPlayer/AudioPlayer.tsx';
import { FolderTree } from '../FolderTree/FolderTree.tsx';
import { toneUrl } from '../testing/audioFixtures.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { TreeNode } from '../types.ts';
import { TranscriptViewer } from '../TranscriptViewer/TranscriptViewer.tsx';

const segments: TranscriptSegment[] = [
  { start: 0, end: 2.5, speaker: 'Ada', text: 'Welcome to the standup.' },
  { start: 2.5, end: 5, speaker: 'Grace', text: 'The release went out this morning.' },
];

/** A box painted with the theme's own background, so a scheme shows as a page would. */
const Page = ({ children }: { children: ReactNode }) => (
  <div style={{ display: 'grid', gap: 16, maxWidth: 640, padding: 16, background: vars.color.background }}>{children}</div>
);

/**
 * `ThemeProvider` from `@scribe/ui` themes the kit components inside it and the menus and dialogs they
 * portal to <body>: 'light', 'dark', 'system' or a token object (the public `--scribe-…` properties), and
 * `dir` for right-to-left layout and arrow keys.
 */
const meta = {
  title: 'Transcript Kit/ThemeProvider',
  component: ThemeProvider,
  args: { children: null },
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const ACCENT = 'rgb(0, 128, 96)';
const player = () => screen.getByRole('region', { name: /Audio player/ });

async function openSpeedMenu() {
  await userEvent.click(within(player()).getByRole('button', { name: /^Playback speed/ }));
  const menu = await screen.findByRole('menu', { name: /^Playback speed/ });
  // The menu is portaled to <body>, outside the provider's element.
  await expect(menu.closest('[data-theme-provider-story]')).toBeNull();
  return menu;
}

/** A custom accent: the playing segment's underline and the open speed menu's check mark use it. */
export const CustomAccent: Story = {
  render: () => (
    <ThemeProvider theme={{ color: { accent: ACCENT, accentSoft: 'rgb(222, 244, 236)' } }}>
      <Page>
        <div data-theme-provider-story="" style={{ display: 'grid', gap: 16 }}>
          <div style={{ height: 200 }}>
            <TranscriptViewer state="ready" title="Standup" segments={segments} currentTime={3} onSeek={() => {}} />
          </div>
          <AudioPlayer src={toneUrl(20)} title="Standup" showPlaybackRate />
        </div>
      </Page>
    </ThemeProvider>
  ),
  play: async () => {
    const playing = screen.getByRole('button', { name: 'The release went out this morning.' });
    await expect(getComputedStyle(playing).textDecorationColor).toBe(ACCENT);
    const menu = await openSpeedMenu();
    const checked = within(menu).getByRole('menuitemradio', { checked: true });
    await expect(getComputedStyle(checked.querySelector('svg')!.parentElement!).color).toBe(ACCENT);
  },
};

/** Dark inside a light page: the speed menu opened from the dark player is dark too. */
export const DarkContainerWithOpenMenu: Story = {
  render: () => (
    <ThemeProvider theme="dark">
      <Page>
        <div data-theme-provider-story="">
          <AudioPlayer src={toneUrl(20)} title="Standup" showPlaybackRate />
        </div>
      </Page>
    </ThemeProvider>
  ),
  play: async () => {
    await expect(getComputedStyle(player()).colorScheme).toBe('dark');
    const menu = await openSpeedMenu();
    // surfaceRaised and text of the dark theme, not the light page's.
    await expect(getComputedStyle(menu.closest('.scribe-kit')!).backgroundColor).toBe('rgb(30, 30, 35)');
    await expect(getComputedStyle(within(menu).getAllByRole('menuitemradio')[0]).color).toBe('rgb(237, 237, 240)');
  },
};

/** Right to left: the layout mirrors and ArrowLeft moves the seek slider forward, ArrowRight back. */
export const RightToLeft: Story = {
  render: () => (
    <ThemeProvider dir="rtl">
      <Page>
        <AudioPlayer src={toneUrl(20)} title="Standup" showPlaybackRate />
      </Page>
    </ThemeProvider>
  ),
  play: async () => {
    await expect(getComputedStyle(player()).direction).toBe('rtl');
    const slider = within(player()).getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(slider).toBeEnabled());
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(0.2));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(0.1));
    slider.blur();
  },
};

const tree: TreeNode[] = [
  {
    id: 1,
    type: 'folder',
    name: 'Clients',
    children: [{ id: 10, type: 'transcript', name: 'Kickoff call', createdAt: '2025-01-05T09:00:00.000Z', duration: 95 }],
  },
  { id: 12, type: 'transcript', name: 'Voice memo', createdAt: '2025-01-03T09:00:00.000Z', duration: 81 },
];
const noop = () => {};

/**
 * Right to left in the tree: ArrowLeft opens a folder and ArrowRight closes it (react-aria's Tree), and a
 * closed folder's chevron points left, along the reading direction; an open one points down.
 */
export const TreeRightToLeft: Story = {
  render: () => (
    <ThemeProvider dir="rtl">
      <div style={{ width: 300, height: 260 }}>
        <FolderTree
          items={tree}
          onSelectTranscript={noop}
          onCreateFolder={noop}
          onRenameFolder={noop}
          onDeleteFolder={noop}
          onDeleteTranscript={noop}
          onMoveTranscript={noop}
          isDragAndDropEnabled={false}
        />
      </div>
    </ThemeProvider>
  ),
  play: async ({ canvasElement }) => {
    const treegrid = await within(canvasElement).findByRole('treegrid', { name: 'Folders' });
    await expect(getComputedStyle(treegrid).direction).toBe('rtl');
    const clients = within(treegrid).getByRole('row', { name: 'Clients' });
    await userEvent.tab();
    while (!treegrid.contains(document.activeElement)) await userEvent.tab();
    await waitFor(() => expect(clients).toHaveFocus());
    await expect(clients).toHaveAttribute('aria-expanded', 'false');
    const chevron = clients.querySelector('[slot="chevron"]')!;
    await waitFor(() => expect(getComputedStyle(chevron).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)'));
    await userEvent.keyboard('{ArrowLeft}');
    await expect(clients).toHaveAttribute('aria-expanded', 'true');
    await expect(within(treegrid).getByRole('row', { name: 'Kickoff call' })).toBeVisible();
    // rotate(90deg): the chevron points down.
    await waitFor(() => expect(getComputedStyle(chevron).transform).toMatch(/^matrix\([-0-9.e]+, 1, -1, [-0-9.e]+, 0, 0\)$/));
    await userEvent.keyboard('{ArrowRight}');
    await expect(clients).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(getComputedStyle(chevron).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)'));
  },
};

/** The provider with its defaults around the viewer and player in every review mode, a baseline each. */
export const Modes: Story = {
  ...inAllModes,
  render: () => (
    <ThemeProvider>
      <Page>
        <div style={{ height: 200 }}>
          <TranscriptViewer state="ready" title="Standup" segments={segments} currentTime={3} onSeek={() => {}} />
        </div>
        <AudioPlayer src={toneUrl(20)} title="Standup" showPlaybackRate />
      </Page>
    </ThemeProvider>
  ),
};
