import { Button, ToastProvider } from '@scribe/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Profiler, useRef, useState, type ComponentProps } from 'react';
import { expect, fn, screen, spyOn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { AudioPlayer, type AudioPlayerHandle } from '../AudioPlayer/AudioPlayer.tsx';
import { toneUrl } from '../testing/audioFixtures.ts';
import { clickOnWord, spokenWord } from '../testing/spokenWord.ts';
import { manySegments, meetingContent, meetingSegments, withTimedWords } from '../testing/transcriptFixtures.ts';
import { KitProvider } from '../locale/KitProvider.tsx';
import { TranscriptViewer } from './TranscriptViewer.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/**
 * The transcript, in sync with the player: plain text or speaker cards, the segment at the current
 * time highlighted (aria-current="time") and kept in view, a click on a segment seeks (to the word clicked, when
 * words are timed), the word being spoken painted. Loading,
 * processing and error states; copy (with the spec's toasts) and a slot for the app's export menu.
 */
const meta = {
  title: 'Transcript Kit/TranscriptViewer',
  component: TranscriptViewer,
  args: {
    state: 'ready',
    title: 'Team standup',
    segments: meetingSegments,
    content: meetingContent,
    currentTime: 8,
    isPlaying: true,
    onSeek: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <ToastProvider>
        <div style={{ height: 420, maxWidth: 760 }}>
          <Story />
        </div>
      </ToastProvider>
    ),
  ],
} satisfies Meta<typeof TranscriptViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const viewer = () => screen.getByRole('region', { name: 'Team standup' });
const segmentsOf = () => within(viewer()).getByRole('group', { name: 'Transcript segments' });
const current = () => viewer().querySelectorAll('[aria-current="time"]');
const cardsOf = () => within(within(viewer()).getByRole('list', { name: 'Transcript segments' })).getAllByRole('listitem');
/** A card's text: the button that plays from it (and the list's Tab stop). */
const textOf = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-index]')!;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Waits until the viewer's scroller has stopped moving. Following playback scrolls smoothly; a click
 * during that scroll stops it wherever it has got to, which on a busy machine is a different place.
 * Stopped means unchanged over five animation frames (a smooth scroll moves every frame), not over
 * 150 ms of the clock: a busy machine can stall the page that long in the middle of the scroll.
 */
async function scrollSettled(inside: HTMLElement) {
  let scroller: HTMLElement | null = inside;
  while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
  if (!scroller) return;
  const moving = scroller;
  await waitFor(
    async () => {
      const top = moving.scrollTop;
      for (let frame = 0; frame < 5; frame++) {
        await nextFrame();
        if (moving.scrollTop !== top) throw new Error(`still scrolling (${moving.scrollTop}px)`);
      }
    },
    { interval: 50, timeout: 5000 },
  );
}

export const Plain: Story = {
  play: async ({ args }) => {
    const group = segmentsOf();
    await expect(within(group).getAllByRole('button')).toHaveLength(8);
    // Paragraphs, not one block: here one per speaker turn.
    await expect(group.querySelectorAll('[data-unit]')).toHaveLength(6);
    // A turn starts with the speaker's name, apart from the first word when the text is copied.
    await expect(group.querySelector('[data-unit]')?.textContent).toMatch(/^Anna Berg: Good morning/);
    // 8 s lies in the third segment (7.2-11.5).
    const playing = within(group).getByRole('button', { name: /upload fix is live/ });
    await expect(playing).toHaveAttribute('aria-current', 'time');
    await expect(current()).toHaveLength(1);
    await userEvent.click(within(group).getByRole('button', { name: /Any blockers/ }));
    await expect(args.onSeek).toHaveBeenCalledWith(15.1);
  },
};

/** Speaker cards with start and end time and a coloured speaker badge; the playing card says so. */
export const Detailed: Story = {
  args: { defaultView: 'detailed', currentTime: 21, isPlaying: true },
  play: async ({ args }) => {
    const list = within(viewer()).getByRole('list', { name: 'Transcript segments' });
    const cards = cardsOf();
    await expect(cards).toHaveLength(8);
    await expect(cards[0]).toHaveTextContent(/Anna Berg.*0:00 – 0:03.*Good morning/);
    await expect(textOf(cards[0])).toHaveAccessibleName(/^Good morning/);
    await expect(textOf(cards[5])).toHaveAttribute('aria-current', 'time');
    await expect(within(cards[5]).getByText('Playing')).toBeVisible();
    await expect(within(cards[6]).getByText('Unknown Speaker')).toBeVisible();
    // One speaker's consecutive cards name the speaker once on screen; screen readers hear it on each.
    const shown = (card: HTMLElement) => within(card).getByText('Anna Berg').getBoundingClientRect().width > 1;
    await expect(shown(cards[0])).toBe(true);
    await expect(shown(cards[1])).toBe(false);
    // Reading the text plays; nothing in the viewer edits it.
    await expect(within(list).queryByRole('textbox')).toBeNull();
    await scrollSettled(list);
    await userEvent.dblClick(textOf(cards[7]));
    await expect(within(list).queryByRole('textbox')).toBeNull();
    await expect(args.onSeek).toHaveBeenLastCalledWith(27);
    await expect(within(viewer()).getByRole('radio', { name: 'Detailed' })).toBeChecked();
  },
};

const timedMeeting = withTimedWords(meetingSegments);

/**
 * With the engine's word times, the word being spoken is painted in the playing card, a click on a word
 * seeks to that word, and a click on the card's speaker or times to the segment's start.
 */
export const DetailedSpokenWord: Story = {
  args: { defaultView: 'detailed', segments: timedMeeting, currentTime: 7.6, isPlaying: true },
  play: async ({ args }) => {
    // 7.6 s falls in the third segment's second word ('The' takes 7.2 to 7.44 s).
    await waitFor(() => expect(spokenWord()).toBe('upload'));
    const cards = cardsOf();
    await clickOnWord(textOf(cards[4]), 'blockers');
    const blockers = timedMeeting[4].words!.find((w) => w.text.trim() === 'blockers')!;
    await expect(blockers.start).toBeGreaterThan(timedMeeting[4].start);
    await expect(args.onSeek).toHaveBeenLastCalledWith(blockers.start);
    await userEvent.click(within(cards[3]).getByRole('button', { name: 'Go to 0:11 – 0:15' }));
    await expect(args.onSeek).toHaveBeenLastCalledWith(11.5);
  },
};

/** Paused: the current card stays marked (aria-current) but says 'Playing' only while the audio plays. */
export const DetailedPaused: Story = {
  args: { defaultView: 'detailed', currentTime: 21, isPlaying: false },
  play: async () => {
    const list = within(viewer()).getByRole('list', { name: 'Transcript segments' });
    await expect(textOf(cardsOf()[5])).toHaveAttribute('aria-current', 'time');
    await expect(within(list).queryByText('Playing')).toBeNull();
  },
};

export const SwitchViews: Story = {
  args: { onViewChange: fn() },
  play: async ({ args }) => {
    await expect(within(viewer()).getByRole('radio', { name: 'Plain' })).toBeChecked();
    await userEvent.click(within(viewer()).getByRole('radio', { name: 'Detailed' }));
    await expect(args.onViewChange).toHaveBeenCalledWith('detailed');
    await expect(within(viewer()).getByRole('list', { name: 'Transcript segments' })).toBeVisible();
    await userEvent.click(within(viewer()).getByRole('radio', { name: 'Plain' }));
    await expect(args.onViewChange).toHaveBeenLastCalledWith('plain');
    await expect(segmentsOf()).toBeVisible();
  },
};

/** One Tab stop (the playing segment), arrows move between segments, Enter seeks. */
export const Keyboard: Story = {
  args: { defaultView: 'detailed' },
  play: async ({ args }) => {
    await userEvent.click(within(viewer()).getByRole('radio', { name: 'Detailed' }));
    await userEvent.tab();
    await userEvent.tab();
    await expect(document.activeElement).toHaveAttribute('aria-current', 'time');
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement).toHaveAccessibleName(/I am still watching/);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSeek).toHaveBeenLastCalledWith(11.5);
    await userEvent.keyboard('{End}');
    await expect(document.activeElement).toHaveAccessibleName(/wrap up here/);
    await userEvent.keyboard('{Home}');
    await expect(document.activeElement).toHaveAccessibleName(/Good morning/);
    await userEvent.keyboard(' ');
    await expect(args.onSeek).toHaveBeenLastCalledWith(0);
    // Tab leaves the segments in one step.
    await userEvent.tab();
    await expect(viewer().contains(document.activeElement)).toBe(false);
  },
};

export const Loading: Story = {
  args: { state: 'loading' },
  play: async () => {
    const status = within(viewer()).getByRole('status', { name: 'Loading transcript' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(within(viewer()).queryByRole('button')).toBeNull();
  },
};

export const Processing: Story = {
  args: { state: 'processing', progress: 42 },
  play: async () => {
    await expect(within(viewer()).getByRole('heading', { name: 'Processing Transcript' })).toBeVisible();
    await expect(within(viewer()).getByRole('progressbar', { name: 'Transcription progress' })).toHaveAttribute('aria-valuenow', '42');
    await expect(within(viewer()).getByText('42%')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: 'error', error: '500: Internal Server Error' },
  play: async ({ args }) => {
    const alert = within(viewer()).getByRole('alert');
    await expect(alert).toHaveTextContent('Failed to load transcript');
    await expect(alert).toHaveTextContent('500: Internal Server Error');
    await userEvent.click(within(viewer()).getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Copy puts the view's text on the clipboard and says so with the spec's toast. */
export const Copy: Story = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
  play: async () => {
    await userEvent.click(within(viewer()).getByRole('button', { name: 'Copy' }));
    // The plain view copies its paragraphs (here one per speaker turn), separated by a blank line.
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Good morning, everyone, and thanks for joining the standup\. Let us start with the release that went out yesterday\.\n\nThe upload fix is live/,
      ),
    );
    const copied = (navigator.clipboard.writeText as Mock<(text: string) => Promise<void>>).mock.calls[0][0];
    await expect(copied.split('\n\n')).toHaveLength(6);
    await expect(copied.replace(/\n\n/g, ' ')).toBe(meetingContent);
    const region = screen.getByRole('region', { name: 'Notification' });
    await expect(await within(region).findByText('Text copied to clipboard')).toBeVisible();
  },
};

export const CopyFailed: Story = {
  args: { defaultView: 'detailed' },
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    return () => spy.mockRestore();
  },
  play: async () => {
    await userEvent.click(within(viewer()).getByRole('button', { name: 'Copy' }));
    // The detailed view copies speakers (once per turn) and times too.
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(
      expect.stringMatching(/^Anna Berg:\n\[0:00 - 0:03\] Good morning, everyone.*\n\[0:03 - 0:07\] Let us start.*\n\nMarco Rossi:\n/),
    );
    const region = screen.getByRole('region', { name: 'Notification' });
    await expect(await within(region).findByText('Failed to copy text')).toBeVisible();
  },
};

/** With no segments (an imported text), the content shows as paragraphs; nothing to seek. */
export const ContentOnly: Story = {
  args: {
    segments: [],
    content: 'Minutes of the meeting.\n\nThe team agreed to ship on Friday.\n\nNext review in two weeks.',
    currentTime: undefined,
  },
  play: async () => {
    await expect(within(viewer()).getByText('The team agreed to ship on Friday.')).toBeVisible();
    await expect(within(viewer()).queryByRole('radiogroup')).toBeNull();
    await expect(within(viewer()).getByRole('button', { name: 'Copy' })).toBeEnabled();
  },
};

export const WithExportMenu: Story = {
  args: { exportMenu: <Button size="sm">Export</Button> },
  play: async () => {
    await expect(within(viewer()).getByRole('button', { name: 'Export' })).toBeVisible();
  },
};

/** Viewer and player together, as the app wires them: playback moves the highlight, a click seeks. */
function WithPlayer(props: ComponentProps<typeof TranscriptViewer>) {
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState(0);
  return (
    <div style={{ display: 'grid', gridTemplateRows: '1fr auto', gap: 12, height: '100%' }}>
      <TranscriptViewer
        {...props}
        currentTime={time}
        onSeek={(seconds) => {
          props.onSeek?.(seconds);
          player.current?.seek(seconds);
        }}
      />
      <AudioPlayer ref={player} src={toneUrl(30)} title="Team standup" onTimeUpdate={setTime} />
    </div>
  );
}

export const SyncedWithPlayer: Story = {
  args: { currentTime: undefined },
  render: (args) => <WithPlayer {...args} />,
  play: async () => {
    const playerRegion = await screen.findByRole('region', { name: 'Audio player: Team standup' });
    await waitFor(() => expect(within(playerRegion).getByLabelText('Duration')).toHaveTextContent('0:30'));
    const group = segmentsOf();
    await expect(within(group).getByRole('button', { name: /Good morning/ })).toHaveAttribute('aria-current', 'time');
    // Click a later segment: the player seeks there and the highlight moves.
    await userEvent.click(within(group).getByRole('button', { name: /I joined late/ }));
    await waitFor(() => expect(within(playerRegion).getByLabelText('Elapsed')).toHaveTextContent('0:23'));
    await waitFor(() => expect(within(group).getByRole('button', { name: /I joined late/ })).toHaveAttribute('aria-current', 'time'));
    // Play: the highlight follows into the next segment (27 s).
    await userEvent.click(within(playerRegion).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(within(group).getByRole('button', { name: /wrap up here/ })).toHaveAttribute('aria-current', 'time'), {
      timeout: 8000,
    });
    await userEvent.click(within(playerRegion).getByRole('button', { name: 'Pause' }));
    await expect(current()).toHaveLength(1);
    // A fixed spot for the screenshot.
    await userEvent.click(within(group).getByRole('button', { name: /Any blockers/ }));
    await waitFor(() => expect(within(playerRegion).getByLabelText('Elapsed')).toHaveTextContent('0:15'));
  },
};

const large = manySegments(5000);

/** 5,000 segments with story-only buttons that move the time; a Profiler measures each update. */
function LargeTranscript(props: ComponentProps<typeof TranscriptViewer>) {
  const [time, setTime] = useState(1);
  return (
    <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', gap: 8, height: '100%' }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button size="sm" onPress={() => setTime(3999 * 2 + 0.5)}>
          Go to segment 4000
        </Button>
        <Button size="sm" onPress={() => setTime(4000 * 2 + 0.5)}>
          Go to segment 4001
        </Button>
        <Button size="sm" onPress={() => setTime(4000 * 2 + 1.0)}>
          Later in segment 4001
        </Button>
      </div>
      <Profiler
        id="viewer"
        onRender={(_id, phase, actualDuration, baseDuration) => {
          if (phase === 'update') lastUpdate.current = { actualDuration, baseDuration };
        }}
      >
        <TranscriptViewer {...props} title="All-hands" segments={large} content={undefined} currentTime={time} />
      </Profiler>
    </div>
  );
}
const lastUpdate: { current: { actualDuration: number; baseDuration: number } | null } = { current: null };

export const FiveThousandSegments: Story = {
  args: { currentTime: undefined },
  render: (args) => <LargeTranscript {...args} />,
  play: async () => {
    const region = screen.getByRole('region', { name: 'All-hands' });
    const group = within(region).getByRole('group', { name: 'Transcript segments' });
    // Virtualised: the paragraphs near the viewport are in the document, not all 5,000 segments (the
    // window settles once the first rows are measured).
    await waitFor(() => {
      expect(group.querySelectorAll('[role="button"]').length).toBeGreaterThan(10);
      expect(group.querySelectorAll('[role="button"]').length).toBeLessThan(200);
      expect(group.querySelector('[aria-current="time"]')).toHaveAccessibleName(/^Segment 1:/);
    });

    lastUpdate.current = null;
    await userEvent.click(screen.getByRole('button', { name: 'Go to segment 4000' }));
    await waitFor(() => expect(group.querySelector('[aria-current="time"]')).toHaveAccessibleName(/^Segment 4000:/));
    await expect(group.querySelectorAll('[aria-current="time"]')).toHaveLength(1);
    // Scrolled into view inside the viewer, without taking focus.
    const scroller = group.parentElement!;
    await waitFor(() => {
      const row = group.querySelector('[aria-current="time"]')!.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      expect(row.top).toBeGreaterThanOrEqual(box.top);
      expect(row.bottom).toBeLessThanOrEqual(box.bottom);
    });
    await expect(document.activeElement).toHaveAccessibleName('Go to segment 4000');

    // The highlight moving on re-renders 2 rows, not every rendered one: far cheaper than a full render.
    // The list is virtualised, so a full render covers only the rows near the viewport and the viewer's
    // own work is a larger share of it (a move measured 0.05-0.11 of it); without memoised rows every
    // rendered row re-renders and the share is about 1. The best of three moves, so one pause of a busy
    // machine inside a commit does not decide.
    const ratios: number[] = [];
    for (const n of [4001, 4000, 4001]) {
      lastUpdate.current = null;
      await userEvent.click(screen.getByRole('button', { name: `Go to segment ${n}` }));
      await waitFor(() => expect(group.querySelector('[aria-current="time"]')).toHaveAccessibleName(new RegExp(`^Segment ${n}:`)));
      await waitFor(() => expect(lastUpdate.current).not.toBeNull());
      const update = lastUpdate.current as unknown as { actualDuration: number; baseDuration: number };
      ratios.push(update.actualDuration / update.baseDuration);
    }
    await expect(Math.min(...ratios)).toBeLessThan(1 / 4);

    // A time within the same segment changes nothing visible.
    await userEvent.click(screen.getByRole('button', { name: 'Later in segment 4001' }));
    await expect(group.querySelector('[aria-current="time"]')).toHaveAccessibleName(/^Segment 4001:/);
  },
};

export const Dark: Story = {
  args: { defaultView: 'detailed', currentTime: 12 },
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(within(viewer()).getByRole('list', { name: 'Transcript segments' })).toBeVisible();
  },
};

export const German: Story = {
  args: { defaultView: 'detailed', currentTime: 1 },
  globals: { locale: 'de' },
  play: async () => {
    await expect(within(viewer()).getByRole('radio', { name: 'Detailliert' })).toBeChecked();
    await expect(within(viewer()).getByRole('button', { name: 'Kopieren' })).toBeVisible();
    await expect(within(viewer()).getByText('Läuft')).toBeVisible();
  },
};

/** `<KitProvider locale="de">` inside an English app: this viewer speaks German from the kit's own catalog. */
export const GermanByProvider: Story = {
  args: { defaultView: 'detailed', currentTime: 1 },
  globals: { locale: 'en' },
  decorators: [
    (Story) => (
      <KitProvider locale="de">
        <Story />
      </KitProvider>
    ),
  ],
  play: async () => {
    await expect(within(viewer()).getByRole('radio', { name: 'Detailliert' })).toBeChecked();
    await expect(within(viewer()).getByRole('button', { name: 'Kopieren' })).toBeVisible();
    await expect(within(viewer()).queryByRole('button', { name: 'Copy' })).toBeNull();
  },
};

/** A language the kit has no catalog for falls back to English text, never message ids. */
export const UnknownLocale: Story = {
  args: { defaultView: 'detailed', currentTime: 1 },
  globals: { locale: 'de' },
  decorators: [
    (Story) => (
      <KitProvider locale="fr">
        <Story />
      </KitProvider>
    ),
  ],
  play: async () => {
    await expect(within(viewer()).getByRole('radio', { name: 'Detailed' })).toBeChecked();
    await expect(within(viewer()).getByRole('button', { name: 'Copy' })).toBeVisible();
  },
};

export const GermanProcessing: Story = {
  args: { state: 'processing', progress: 7 },
  globals: { locale: 'de' },
  play: async () => {
    await expect(within(viewer()).getByRole('heading', { name: 'Transkript wird verarbeitet' })).toBeVisible();
  },
};

const highlighted = (name: string) =>
  [...((CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get(name) ?? [])].map((range) => range.toString());

/** Ctrl/Cmd+F finds in the read-only viewer too: highlights, 'n of m', Enter steps, Escape closes. */
export const FindInViewer: Story = {
  args: { defaultView: 'detailed' },
  play: async () => {
    await userEvent.click(within(viewer()).getByRole('radio', { name: 'Detailed' }));
    await userEvent.keyboard('{Control>}f{/Control}');
    const bar = within(viewer()).getByRole('search', { name: 'Find in transcript' });
    await expect(within(bar).getByRole('textbox', { name: 'Find in transcript' })).toHaveFocus();
    await userEvent.keyboard('upload');
    await expect(await within(bar).findByText('1 of 2')).toBeVisible();
    await expect(highlighted('scribe-find')).toEqual(['upload', 'upload']);
    await userEvent.keyboard('{Enter}');
    await expect(within(bar).getByText('2 of 2')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(within(viewer()).queryByRole('search')).toBeNull();
    await expect(viewer().querySelector('[data-index="3"]')).toHaveFocus();
  },
};

/** The rows (data-index) that the named highlight paints in. */
const highlightedRows = (name: string) =>
  [...((CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get(name) ?? [])].map((range) =>
    range.startContainer.parentElement?.closest('[data-index]')?.getAttribute('data-index'),
  );

/** The scroller shows the row whole: between its top and bottom edges. */
/** Waits until the row `find` gives is rendered and inside the viewer's scroller (a long list renders it as it scrolls there). */
async function expectInView(find: () => Element | null) {
  await waitFor(() => {
    const row = find();
    expect(row).not.toBeNull();
    const scroller = row!.closest('[aria-label="Transcript segments"]')!.parentElement!;
    const box = scroller.getBoundingClientRect();
    const rect = row!.getBoundingClientRect();
    expect(rect.top).toBeGreaterThanOrEqual(box.top);
    expect(rect.bottom).toBeLessThanOrEqual(box.bottom);
  });
}

/**
 * 5,000 cards, virtualised: screen readers hear each card's place in the whole list, playback and the
 * keyboard reach cards far outside the rendered window, which are then rendered, focused and in view.
 */
export const FiveThousandDetailed: Story = {
  args: { currentTime: undefined, defaultView: 'detailed' },
  render: (args) => <LargeTranscript {...args} />,
  play: async ({ args }) => {
    const region = screen.getByRole('region', { name: 'All-hands' });
    const list = within(region).getByRole('list', { name: 'Transcript segments' });
    const items = within(list).getAllByRole('listitem');
    await expect(items.length).toBeLessThan(100);
    await expect(items[0]).toHaveAttribute('aria-setsize', '5000');
    await expect(items[0]).toHaveAttribute('aria-posinset', '1');

    await userEvent.click(screen.getByRole('button', { name: 'Go to segment 4000' }));
    await waitFor(() => expect(list.querySelector('[aria-current="time"]')).toHaveAccessibleName(/Segment 4000:/));
    await expectInView(() => list.querySelector('[aria-current="time"]'));
    await expect(list.querySelector('[aria-current="time"]')!.closest('[role="listitem"]')).toHaveAttribute('aria-posinset', '4000');

    // Tab reaches the playing card (the Tab stop); End and Home go to the ends of the whole list.
    for (let i = 0; i < 8 && !list.contains(document.activeElement); i++) await userEvent.tab();
    await expect(document.activeElement).toHaveAccessibleName(/Segment 4000:/);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Segment 5000:/));
    await expectInView(() => document.activeElement);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSeek).toHaveBeenLastCalledWith(4999 * 2);
    await userEvent.keyboard('{ArrowUp}');
    await expect(document.activeElement).toHaveAccessibleName(/Segment 4999:/);
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Segment 1:/));
    await expectInView(() => document.activeElement);
  },
};

/** Find in 5,000 segments: stepping to a match far below scrolls its row into view and paints it. */
export const FiveThousandFind: Story = {
  args: { currentTime: undefined },
  render: (args) => <LargeTranscript {...args} />,
  play: async () => {
    const region = screen.getByRole('region', { name: 'All-hands' });
    await userEvent.click(within(region).getByRole('button', { name: /^Segment 1:/ }));
    await userEvent.keyboard('{Control>}f{/Control}');
    const bar = within(region).getByRole('search', { name: 'Find in transcript' });
    await userEvent.keyboard('segment 432');
    // Segments 432 and 4320-4329.
    await expect(await within(bar).findByText('1 of 11')).toBeVisible();
    await expectInView(() => region.querySelector('[data-index="431"]'));
    await waitFor(() => expect(highlightedRows('scribe-find-current')).toEqual(['431']));
    await userEvent.keyboard('{Enter}');
    await expect(within(bar).getByText('2 of 11')).toBeVisible();
    await expectInView(() => region.querySelector('[data-index="4319"]'));
    await waitFor(() => expect(highlightedRows('scribe-find-current')).toEqual(['4319']));
    // The other matches near it are painted too.
    await waitFor(() => expect(highlightedRows('scribe-find')).toEqual(expect.arrayContaining(['4319', '4320', '4321', '4322'])));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(region.querySelector('[data-index="4319"]')).toHaveFocus());
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
