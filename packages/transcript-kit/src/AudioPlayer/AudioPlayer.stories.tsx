import { Button } from '@scribe/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { recordOscillator, toneUrl } from '../testing/audioFixtures.ts';
import { formatTime } from '../media/time.ts';
import { AudioPlayer, type AudioPlayerHandle } from './AudioPlayer.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/** The player plus a story-only button that seeks through the ref handle, as the transcript view does. */
function WithHandle(props: ComponentProps<typeof AudioPlayer>) {
  const ref = useRef<AudioPlayerHandle>(null);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 560 }}>
      <AudioPlayer {...props} ref={ref} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onPress={() => ref.current?.seek(15)}>Seek to 0:15</Button>
        <Button onPress={() => void ref.current?.play()}>Play via handle</Button>
        <Button onPress={() => ref.current?.pause()}>Pause via handle</Button>
      </div>
    </div>
  );
}

/**
 * The audio player under the transcript: back and forward 10 s, play/pause, a seek slider (step 0.1 s,
 * read as m:ss), elapsed and total time. Apps seek it through its ref (`seek`, `play`, `pause`) and hear
 * its position through `onTimeUpdate` (at most every 250 ms, changes of at least 0.25 s).
 */
const meta = {
  title: 'Transcript Kit/AudioPlayer',
  component: AudioPlayer,
  args: { src: toneUrl(20), title: 'Team standup', onTimeUpdate: fn() },
  render: (args) => <WithHandle {...args} />,
} satisfies Meta<typeof AudioPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

const player = () => screen.getByRole('region', { name: /Audio player/ });
const slider = () => within(player()).getByRole('slider', { name: 'Seek' });
const elapsed = () => within(player()).getByLabelText('Elapsed');
const total = () => within(player()).getByLabelText('Duration');

export const Ready: Story = {
  play: async () => {
    await expect(screen.getByRole('region', { name: 'Audio player: Team standup' })).toBeVisible();
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    await expect(elapsed()).toHaveTextContent('0:00');
    await expect(slider()).toHaveAttribute('step', '0.1');
    await expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:20');
    await expect(within(player()).getByRole('button', { name: 'Play' })).toBeEnabled();
    await expect(within(player()).getByRole('button', { name: 'Back 10 seconds' })).toBeEnabled();
    await expect(within(player()).getByRole('button', { name: 'Forward 10 seconds' })).toBeEnabled();
  },
};

/** Playing reports the time throttled: never closer than 0.25 s apart; pausing reports where it stopped. */
export const PlayAndPause: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    await userEvent.click(within(player()).getByRole('button', { name: 'Play' }));
    await expect(await within(player()).findByRole('button', { name: 'Pause' })).toBeVisible();
    const report = args.onTimeUpdate as ReturnType<typeof fn>;
    await waitFor(() => expect(report.mock.calls.at(-1)?.[0]).toBeGreaterThan(1.2), { timeout: 5000 });
    await userEvent.click(within(player()).getByRole('button', { name: 'Pause' }));
    await expect(await within(player()).findByRole('button', { name: 'Play' })).toBeVisible();
    const times = report.mock.calls.map(([seconds]) => seconds as number);
    for (let i = 1; i < times.length; i++) expect(Math.abs(times[i] - times[i - 1])).toBeGreaterThanOrEqual(0.25);
    // 4 reports a second at most (the pause report comes on top).
    await expect(times.length).toBeLessThanOrEqual(Math.ceil(times.at(-1)! / 0.25) + 2);
    // Where it stopped: past the 1.2 s waited for, and shown and reported as that spot. Read from the
    // audio element rather than assumed to be within 0:01, since on a busy machine the Pause click can
    // land after 2 s of playback.
    const stoppedAt = player().querySelector('audio')!.currentTime;
    await expect(stoppedAt).toBeGreaterThan(1.2);
    await expect(elapsed()).toHaveTextContent(formatTime(stoppedAt));
    await expect(Math.abs(times.at(-1)! - stoppedAt)).toBeLessThan(0.25);
    // A fixed spot for the screenshot.
    await userEvent.click(screen.getByRole('button', { name: 'Seek to 0:15' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:15'));
  },
};

export const SkipBackAndForward: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    await userEvent.click(within(player()).getByRole('button', { name: 'Forward 10 seconds' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:10'));
    await expect(args.onTimeUpdate).toHaveBeenLastCalledWith(10);
    await userEvent.click(within(player()).getByRole('button', { name: 'Forward 10 seconds' }));
    await userEvent.click(within(player()).getByRole('button', { name: 'Forward 10 seconds' }));
    // Clamped to the end.
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:20'));
    await userEvent.click(within(player()).getByRole('button', { name: 'Back 10 seconds' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:10'));
    await userEvent.click(within(player()).getByRole('button', { name: 'Back 10 seconds' }));
    await userEvent.click(within(player()).getByRole('button', { name: 'Back 10 seconds' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:00'));
    await expect(args.onTimeUpdate).toHaveBeenLastCalledWith(0);
  },
};

/** The slider by keyboard: arrows step 0.1 s, End and Home jump to the ends; the value reads as m:ss. */
export const KeyboardSeek: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    // Real key presses (Playwright through vitest/browser): arrows on a range input are the browser's own
    // behaviour, which synthetic events do not reproduce. In Storybook's own UI, press the keys by hand.
    const browser = await import('vitest/browser').catch(() => null);
    if (!browser) return;
    const keys = browser.userEvent;
    slider().focus();
    await keys.keyboard('{End}');
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:20 of 0:20'));
    await expect(args.onTimeUpdate).toHaveBeenLastCalledWith(20);
    await keys.keyboard('{Home}');
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:20'));
    for (let i = 0; i < 13; i++) await keys.keyboard('{ArrowRight}');
    await waitFor(() => expect((slider() as HTMLInputElement).valueAsNumber).toBeCloseTo(1.3, 5));
    await expect(slider()).toHaveAttribute('aria-valuetext', '0:01 of 0:20');
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:01'));
    await keys.keyboard('{PageUp}');
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:03 of 0:20'));
    await expect(elapsed()).toHaveTextContent('0:03');
    await expect((args.onTimeUpdate as ReturnType<typeof fn>).mock.calls.at(-1)?.[0]).toBeCloseTo(3.3, 5);
  },
};

/** What the transcript view does when a segment is clicked: seek through the handle, then play. */
export const SeekThroughRef: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    await userEvent.click(screen.getByRole('button', { name: 'Seek to 0:15' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:15'));
    await expect(args.onTimeUpdate).toHaveBeenLastCalledWith(15);
    await userEvent.click(screen.getByRole('button', { name: 'Play via handle' }));
    await expect(await within(player()).findByRole('button', { name: 'Pause' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pause via handle' }));
    await expect(await within(player()).findByRole('button', { name: 'Play' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Seek to 0:15' }));
    await waitFor(() => expect(elapsed()).toHaveTextContent('0:15'));
  },
};

export const NoAudio: Story = {
  args: { src: null, title: undefined },
  play: async () => {
    await expect(within(player()).getByText('No audio file available')).toBeVisible();
    await expect(within(player()).queryByRole('button')).toBeNull();
  },
};

/** A missing file: the spec's message with a hint, and no controls to press. */
export const FileNotFound: Story = {
  args: { src: '/no-such-recording.mp3' },
  play: async () => {
    const alert = await within(player()).findByRole('alert');
    await expect(alert).toHaveTextContent('Audio file not found or format not supported');
    await expect(alert).toHaveTextContent('If the problem persists, please contact support.');
    await expect(within(player()).getByRole('button', { name: 'Play' })).toBeDisabled();
    await expect(slider()).toBeDisabled();
    await expect(total()).toHaveTextContent('0:00');
  },
};

function RecordedPlayer(props: ComponentProps<typeof AudioPlayer>) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url = '';
    void recordOscillator(1600).then((blob) => {
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => URL.revokeObjectURL(url);
  }, []);
  return src ? <AudioPlayer {...props} src={src} title="Recording" /> : <p>Recording…</p>;
}

/** A MediaRecorder file reports an infinite duration at first; the player finds the real one. */
export const RecordedWebm: Story = {
  render: (args) => <RecordedPlayer {...args} />,
  play: async () => {
    await screen.findByRole('region', { name: 'Audio player: Recording' }, { timeout: 5000 });
    await waitFor(() => expect(total()).toHaveTextContent(/^0:0[12]$/), { timeout: 5000 });
    await expect(elapsed()).toHaveTextContent('0:00');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    const region = screen.getByRole('region', { name: 'Audioplayer: Team standup' });
    await waitFor(() => expect(within(region).getByLabelText('Dauer')).toHaveTextContent('0:20'));
    await expect(within(region).getByRole('button', { name: 'Abspielen' })).toBeVisible();
    await expect(within(region).getByRole('button', { name: '10 Sekunden zurück' })).toBeVisible();
    await expect(within(region).getByRole('button', { name: '10 Sekunden vor' })).toBeVisible();
    await expect(within(region).getByRole('slider', { name: 'Position' })).toHaveAttribute('aria-valuetext', '0:00 von 0:20');
  },
};

/**
 * The speed menu's code loads on demand (on idle or at the button's first hover, focus or press): a key
 * press at once, maybe before it arrived, still opens the menu, with focus on the current speed. Kept
 * before the other speed stories, so the menu's code has not loaded in this file yet.
 */
export const PlaybackSpeedFirstPress: Story = {
  args: { showPlaybackRate: true, onPlaybackRateChange: fn() },
  play: async ({ args }) => {
    const trigger = within(player()).getByRole('button', { name: 'Playback speed: 1×' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: /^Playback speed/ });
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: '1×' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onPlaybackRateChange).toHaveBeenCalledWith(1.25);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(within(player()).getByRole('button', { name: 'Playback speed: 1.25×' })).toHaveFocus();
  },
};

/** Playback speed 0.5× to 2× (opt-in: `showPlaybackRate`): a menu of speeds that sets the audio's rate. */
export const PlaybackSpeed: Story = {
  args: { showPlaybackRate: true, onPlaybackRateChange: fn() },
  play: async ({ args }) => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    const audio = player().querySelector('audio')!;
    await expect(audio.playbackRate).toBe(1);
    await userEvent.click(within(player()).getByRole('button', { name: 'Playback speed: 1×' }));
    const menu = await screen.findByRole('menu', { name: /^Playback speed/ });
    await expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '2×']);
    await expect(within(menu).getByRole('menuitemradio', { name: '1×' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: '1.5×' }));
    await expect(args.onPlaybackRateChange).toHaveBeenCalledWith(1.5);
    await waitFor(() => expect(audio.playbackRate).toBe(1.5));
    await expect(within(player()).getByRole('button', { name: 'Playback speed: 1.5×' })).toHaveFocus();
    // By keyboard: Enter opens, arrows move, Enter picks.
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu', { name: /^Playback speed/ });
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(audio.playbackRate).toBe(1.25));
  },
};

/** The speed menu open, in the dark scheme. */
export const PlaybackSpeedDark: Story = {
  args: { showPlaybackRate: true, defaultPlaybackRate: 0.75 },
  globals: { scheme: 'dark' },
  play: async () => {
    await waitFor(() => expect(total()).toHaveTextContent('0:20'));
    await expect(player().querySelector('audio')!.playbackRate).toBe(0.75);
    await userEvent.click(within(player()).getByRole('button', { name: 'Playback speed: 0.75×' }));
    await expect(await screen.findByRole('menu', { name: /^Playback speed/ })).toBeVisible();
  },
};

export const PlaybackSpeedGerman: Story = {
  args: { showPlaybackRate: true, playbackRate: 1.25 },
  globals: { locale: 'de' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Wiedergabegeschwindigkeit: 1,25×' })).toBeVisible();
  },
};

/** A 20 s VP9/Opus WebM (a test pattern and a tone, 70 KB; made with ffmpeg's testsrc and sine sources). */
const storyVideo = new URL('../testing/story-video.webm', import.meta.url).href;

/**
 * `mediaKind="video"`: the picture above the same controls, seeked and played through the same handle
 * (as the transcript's segments do), and a picture-in-picture button where the browser allows it.
 */
export const Video: Story = {
  args: { src: storyVideo, mediaKind: 'video', showPlaybackRate: true },
  play: async ({ args }) => {
    const region = await screen.findByRole('region', { name: 'Video player: Team standup' });
    const video = region.querySelector('video')!;
    await expect(video).toBeVisible();
    await expect(region.querySelector('audio')).toBeNull();
    await waitFor(() => expect(within(region).getByLabelText('Duration')).toHaveTextContent('0:20'));
    await waitFor(() => expect(video.videoWidth).toBe(96));
    await userEvent.click(within(region).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(video.currentTime).toBeGreaterThan(0.5), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Seek to 0:15' }));
    await waitFor(() => expect(video.currentTime).toBeGreaterThanOrEqual(15));
    await expect(args.onTimeUpdate).toHaveBeenCalledWith(15);
    // The keyboard works the same: Enter on the focused Pause button.
    within(region).getByRole('button', { name: 'Pause' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(video.paused).toBe(true));
    await expect(within(region).getByRole('button', { name: 'Play' })).toHaveFocus();
    // Where the browser allows it (Chromium does); whether it then grants the floating window is its own call.
    if (document.pictureInPictureEnabled) await expect(within(region).getByRole('button', { name: 'Picture in picture' })).toBeEnabled();
    else await expect(within(region).queryByRole('button', { name: 'Picture in picture' })).toBeNull();
    // A fixed frame for the screenshot.
    await userEvent.click(screen.getByRole('button', { name: 'Seek to 0:15' }));
    await waitFor(() => expect(within(region).getByLabelText('Elapsed')).toHaveTextContent('0:15'));
    await waitFor(() => expect(video.seeking).toBe(false));
  },
};

export const VideoGerman: Story = {
  args: { src: storyVideo, mediaKind: 'video' },
  globals: { locale: 'de' },
  play: async () => {
    const region = await screen.findByRole('region', { name: 'Videoplayer: Team standup' });
    await waitFor(() => expect(within(region).getByLabelText('Dauer')).toHaveTextContent('0:20'));
    // The first picture is there for the screenshot.
    await waitFor(() => expect(region.querySelector('video')!.readyState).toBeGreaterThanOrEqual(2));
    await expect(within(region).getByRole('button', { name: 'Abspielen' })).toBeVisible();
    if (document.pictureInPictureEnabled) await expect(within(region).getByRole('button', { name: 'Bild im Bild' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
