import { Button } from '@scribe/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TutorialOverlay, type TutorialOverlayProps } from './TutorialOverlay.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/**
 * The guided tutorial: a non-modal dialog over the page. The app shows it 1 s after a first sign-in,
 * marks it seen on Finish or Skip, and creates the sample transcript when the record step is left
 * (onStepChange). A small page stands in for the app so highlights have targets.
 */
const meta = {
  title: 'Transcript Kit/TutorialOverlay',
  component: TutorialOverlay,
  args: { onFinish: fn(), onSkip: fn(), onClose: fn(), onStepChange: fn() },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof TutorialOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A page with the areas the steps talk about, and what happened to the tutorial. */
function Demo(props: TutorialOverlayProps) {
  const [run, setRun] = useState(0);
  const [ended, setEnded] = useState<string | null>(null);
  const end = (how: string, callback?: () => void) => () => {
    setEnded(how);
    callback?.();
  };
  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <span id="demo-upload">
          <Button size="sm">Upload file</Button>
        </span>
        <span id="demo-record">
          <Button size="sm">Record audio</Button>
        </span>
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Button
          size="sm"
          onPress={() => {
            setEnded(null);
            setRun((n) => n + 1);
          }}
        >
          Restart tutorial
        </Button>
        {ended ? <p role="note">Tutorial {ended}</p> : null}
      </div>
      {ended ? null : (
        <TutorialOverlay
          key={run}
          {...props}
          onFinish={end('finished', props.onFinish)}
          onSkip={end('skipped', props.onSkip)}
          onClose={end('closed', props.onClose)}
        />
      )}
    </div>
  );
}

const tutorial = () => screen.getByRole('dialog');
const inTutorial = () => within(tutorial());
const press = (name: string) => userEvent.click(inTutorial().getByRole('button', { name }));

/** The first step: a heading, 'Step 1 of 8', Previous disabled. */
export const Welcome: Story = {
  play: async () => {
    await expect(tutorial()).toHaveAccessibleName('Welcome to Audio Transcription');
    await expect(inTutorial().getByRole('heading', { level: 2 })).toHaveTextContent('Welcome to Audio Transcription');
    await expect(inTutorial().getByText('Step 1 of 8')).toBeVisible();
    await expect(inTutorial().getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(inTutorial().getByRole('button', { name: 'Auto-play' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Next through all eight steps, Previous back one, then Finish on the last step. */
export const WalkAndFinish: Story = {
  play: async ({ args }) => {
    const titles = [
      'Welcome to Audio Transcription',
      'Upload audio',
      'Record audio',
      'Organise in folders',
      'Read and listen',
      'AI features',
      'Export',
      "You're all set",
    ];
    for (let i = 0; i < titles.length; i++) {
      await expect(tutorial()).toHaveAccessibleName(titles[i]);
      await expect(inTutorial().getByText(`Step ${i + 1} of 8`)).toBeVisible();
      if (i < titles.length - 1) await press('Next');
    }
    await expect(args.onStepChange).toHaveBeenCalledTimes(7);
    await expect(args.onStepChange).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'folders' }),
      expect.objectContaining({ id: 'record' }),
    );
    await expect(inTutorial().queryByRole('button', { name: 'Next' })).toBeNull();
    await press('Previous');
    await expect(tutorial()).toHaveAccessibleName('Export');
    await press('Next');
    await press('Finish');
    await expect(args.onFinish).toHaveBeenCalledOnce();
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(screen.getByRole('note')).toHaveTextContent('Tutorial finished');
  },
};

/** Start over returns to the first step. */
export const StartOver: Story = {
  args: { initialStep: 4 },
  play: async () => {
    await expect(inTutorial().getByText('Step 5 of 8')).toBeVisible();
    await press('Start over');
    await expect(inTutorial().getByText('Step 1 of 8')).toBeVisible();
    await expect(tutorial()).toHaveAccessibleName('Welcome to Audio Transcription');
  },
};

export const Skip: Story = {
  play: async ({ args }) => {
    await press('Next');
    await press('Skip');
    await expect(args.onSkip).toHaveBeenCalledOnce();
    await expect(args.onFinish).not.toHaveBeenCalled();
    await expect(screen.getByRole('note')).toHaveTextContent('Tutorial skipped');
  },
};

/** Close by its button, then (shown again) by Escape; focus returns to where it was before. */
export const Close: Story = {
  play: async ({ args }) => {
    await press('Close tutorial');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    const restart = screen.getByRole('button', { name: 'Restart tutorial' });
    restart.focus();
    await userEvent.keyboard('{Enter}');
    await expect(tutorial()).toHaveAccessibleName('Welcome to Audio Transcription');
    await waitFor(() => expect(tutorial().contains(document.activeElement)).toBe(true));
    inTutorial().getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(2);
    await expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(restart).toHaveFocus());
  },
};

/** Keyboard only: Tab reaches the buttons, Enter and Space press them, focus stays in the tutorial. */
export const Keyboard: Story = {
  play: async () => {
    const next = inTutorial().getByRole('button', { name: 'Next' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    await expect(inTutorial().getByText('Step 2 of 8')).toBeVisible();
    await expect(next).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(inTutorial().getByText('Step 3 of 8')).toBeVisible();
    await userEvent.tab({ shift: true });
    await expect(inTutorial().getByRole('button', { name: 'Previous' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    // Previous is now disabled on the first step: focus moved to Next.
    await expect(inTutorial().getByText('Step 1 of 8')).toBeVisible();
    await waitFor(() => expect(inTutorial().getByRole('button', { name: 'Next' })).toHaveFocus());
  },
};

/** Auto-play (interval shortened to 400 ms here; 4 s by default) walks every step and finishes by itself. */
export const AutoPlay: Story = {
  // 400 ms: long enough that the pressed toggle is still there to be checked after a busy machine's
  // pause (at 150 ms the whole tutorial took 1.2 s), with the time to finish awaited generously.
  args: { autoPlayIntervalMs: 400 },
  play: async ({ args }) => {
    const toggle = inTutorial().getByRole('button', { name: 'Auto-play' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(args.onFinish).toHaveBeenCalledOnce(), { timeout: 15_000 });
    await expect(args.onStepChange).toHaveBeenCalledTimes(7);
    await expect(screen.getByRole('note')).toHaveTextContent('Tutorial finished');
  },
};

/** Switching auto-play off again stops it. */
export const AutoPlayOff: Story = {
  // A step every 600 ms: auto-play would still be running for seconds if the click came late on a busy
  // machine (at 150 ms it had finished the tutorial within 1.2 s), and the wait below spans over three
  // steps, so a still-running auto-play is seen.
  args: { autoPlayIntervalMs: 600, defaultAutoPlay: true },
  play: async () => {
    await waitFor(() => expect(inTutorial().getByText('Step 2 of 8')).toBeVisible(), { timeout: 5000 });
    await userEvent.click(inTutorial().getByRole('button', { name: 'Auto-play' }));
    const now = inTutorial().getByText(/^Step \d of 8$/).textContent;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await expect(inTutorial().getByText(/^Step \d of 8$/)).toHaveTextContent(now!);
    await press('Start over');
  },
};

/** A step's target gets an outline. */
export const Highlight: Story = {
  args: { targets: { upload: '#demo-upload', record: '#demo-record' }, initialStep: 1 },
  play: async () => {
    const highlight = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-tutorial-highlight]');
      if (!el) throw new Error('no highlight yet');
      return el;
    });
    const target = document.querySelector('#demo-upload')!.getBoundingClientRect();
    await waitFor(() => expect(highlight.getBoundingClientRect().left).toBeCloseTo(target.left, 0));
    await press('Next');
    await waitFor(() =>
      expect(document.querySelector('[data-tutorial-highlight]')!.getBoundingClientRect().left).toBeCloseTo(
        document.querySelector('#demo-record')!.getBoundingClientRect().left,
        0,
      ),
    );
    await press('Next');
    await waitFor(() => expect(document.querySelector('[data-tutorial-highlight]')).toBeNull());
  },
};

/** A player at the bottom centre (where the card goes by default) is kept clear: the card moves above it. */
export const KeepsClear: Story = {
  args: { keepClear: '#demo-player', initialStep: 4 },
  render: (args) => (
    <>
      <Demo {...args} />
      <div
        id="demo-player"
        style={{ position: 'fixed', insetInline: 0, bottom: 0, height: 96, display: 'grid', placeItems: 'center', borderTop: '1px solid' }}
      >
        Player
      </div>
    </>
  ),
  play: async () => {
    const player = document.querySelector('#demo-player')!.getBoundingClientRect();
    await waitFor(() => expect(tutorial().getBoundingClientRect().bottom).toBeLessThanOrEqual(player.top));
  },
};

export const Dark: Story = {
  globals: { scheme: 'dark' },
  args: { initialStep: 2 },
  play: async () => {
    await expect(tutorial()).toHaveAccessibleName('Record audio');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    await expect(tutorial()).toHaveAccessibleName('Willkommen bei Audio-Transkription');
    await expect(inTutorial().getByText('Schritt 1 von 8')).toBeVisible();
    await expect(inTutorial().getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await expect(inTutorial().getByRole('button', { name: 'Automatisch abspielen' })).toBeVisible();
    await expect(inTutorial().getByRole('button', { name: 'Überspringen' })).toBeVisible();
    await expect(inTutorial().getByRole('button', { name: 'Von vorn beginnen' })).toBeDisabled();
    await expect(inTutorial().getByRole('button', { name: 'Tutorial schließen' })).toBeVisible();
    for (let i = 0; i < 7; i++) await press('Weiter');
    await expect(inTutorial().getByText('Schritt 8 von 8')).toBeVisible();
    await expect(tutorial()).toHaveAccessibleName('Alles bereit');
    await expect(inTutorial().getByRole('button', { name: 'Fertig' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
