import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { withOpenState } from '../testing/withOpenState.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

const Controlled = withOpenState(UploadDialog);

/**
 * Upload and transcription progress: 'Uploading File', then 'Processing Audio', each with a progress
 * bar. It cannot be closed while either runs (no close button; Escape and outside clicks are ignored);
 * the completed and error states close normally.
 */
const meta = {
  title: 'Transcript Kit/UploadDialog',
  component: UploadDialog,
  args: { state: 'uploading', progress: 40, fileName: 'interview.mp3', isOpen: true, onOpenChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof UploadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Uploading: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Uploading File' });
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(within(dialog).getByText('interview.mp3')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Uploading File' })).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const Processing: Story = {
  args: { state: 'processing', progress: 65 },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Processing Audio' });
    await expect(within(dialog).getByRole('progressbar', { name: 'Transcription progress' })).toHaveAttribute('aria-valuenow', '65');
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    // Escape and a click outside are both ignored.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.body, { pointerEventsCheck: 0 });
    await expect(screen.getByRole('dialog', { name: 'Processing Audio' })).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** Every byte sent, the server checking the file: nothing to measure, so a moving bar and no '0%'. */
export const ProcessingNotMeasured: Story = {
  args: { state: 'processing', progress: 0 },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Processing Audio' });
    const bar = within(dialog).getByRole('progressbar', { name: 'Processing' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(within(dialog).queryByText('0%')).toBeNull();
  },
};

/** While the bytes are on their way the upload can be stopped. */
export const UploadingCancel: Story = {
  args: { onCancel: fn() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Uploading File' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const Completed: Story = {
  args: { state: 'completed', progress: 100 },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Transcription completed!' });
    await expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Error: Story = {
  args: { state: 'error', progress: 20, error: 'File size is 120 MB. Maximum supported is 100 MB.' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload failed' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('File size is 120 MB. Maximum supported is 100 MB.');
    await expect(within(dialog).queryByRole('progressbar')).toBeNull();
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[closeButtons.length - 1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Without a message from the app, the spec's fallback text. */
export const ErrorWithoutMessage: Story = {
  args: { state: 'error', progress: 0, fileName: undefined },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload failed' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to upload file');
  },
};

export const German: Story = {
  args: { state: 'processing', progress: 30 },
  globals: { locale: 'de' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Audio wird verarbeitet' });
    await expect(within(dialog).getByRole('progressbar', { name: 'Transkriptionsfortschritt' })).toBeVisible();
  },
};

/** The confirm state with its language held, as the app holds it. */
function Confirming(
  props: ComponentProps<typeof UploadDialog> & {
    onConfirm: () => void;
    balance?: number;
    durationSeconds?: number | null;
    /** The saved custom vocabulary; left out: no vocabulary field. */
    savedVocabulary?: string;
    /** Told the number of speakers picked; left out: no speakers field. */
    onSpeakersChange?: (speakers: 'auto' | number) => void;
  },
) {
  const [language, setLanguage] = useState('en');
  const [speakers, setSpeakers] = useState<'auto' | number>('auto');
  const [vocabulary, setVocabulary] = useState(props.savedVocabulary ?? '');
  return (
    <Controlled
      {...props}
      state="confirm"
      confirmation={{
        terms: {
          engineLanguages: ['en'],
          languageOptions: ['en', 'de'],
          // The host's price (the app's: one credit per started minute, at least one).
          estimate: (seconds) => {
            const minutes = seconds == null ? 1 : Math.max(1, Math.ceil(seconds / 60));
            return { credits: minutes, startedMinutes: minutes };
          },
          balance: props.balance,
          buyCreditsHref: '/credits',
        },
        language,
        onLanguageChange: setLanguage,
        durationSeconds: 'durationSeconds' in props ? props.durationSeconds : 125,
        onConfirm: props.onConfirm,
        ...(props.onSpeakersChange === undefined
          ? {}
          : {
              speakers: {
                value: speakers,
                max: 10,
                onChange: (value: 'auto' | number) => {
                  setSpeakers(value);
                  props.onSpeakersChange?.(value);
                },
              },
            }),
        ...(props.savedVocabulary === undefined
          ? {}
          : {
              vocabulary: {
                value: vocabulary,
                onChange: setVocabulary,
                // The app checks the bounds as the server does (100 entries, 1,000 characters); a small one here.
                error: vocabulary.length > 60 ? 'The vocabulary may hold at most 60 characters' : undefined,
              },
            }),
      }}
    />
  );
}

/**
 * Before anything is sent: the spoken language with the built-in engine's English-only
 * notice, the length, the estimated credits and the balance. German is refused here, with the reason.
 */
export const ConfirmLanguage: Story = {
  args: { state: 'confirm', progress: 0 },
  render: (args) => <Confirming {...args} balance={60} onConfirm={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload audio' });
    await expect(within(dialog).getByText(/understands English only/)).toBeVisible();
    await expect(within(dialog).getByText('2:05')).toBeVisible();
    await expect(within(dialog).getByText('3 credits · 3 started minutes')).toBeVisible();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    await expect(upload).toBeEnabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Spoken language' }), 'de');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('This language cannot be transcribed here');
    await expect(upload).toBeDisabled();
  },
};

/** The length as the app reads it: unknown at first, then known (the play function reports it). */
let reportLength: (seconds: number) => void = () => undefined;
function ReadingLength(props: ComponentProps<typeof UploadDialog> & { onConfirm: () => void }) {
  const [seconds, setSeconds] = useState<number | undefined>(undefined);
  reportLength = setSeconds;
  return <Confirming {...props} balance={60} durationSeconds={seconds} />;
}

/**
 * While the audio's length is still being read, neither a cost ('1 credit' for what may be an hour)
 * nor Upload: the estimate and the button wait for the length.
 */
export const ConfirmWhileReadingLength: Story = {
  args: { state: 'confirm', progress: 0 },
  render: (args) => <ReadingLength {...args} onConfirm={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload audio' });
    await expect(within(dialog).getByText('Reading the audio…')).toBeVisible();
    await expect(within(dialog).getByText('Waiting for the length…')).toBeVisible();
    await expect(within(dialog).queryByText(/\d+ credits? ·/)).toBeNull();
    await expect(within(dialog).queryByText('1 credit')).toBeNull();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    await expect(upload).toBeDisabled();
    reportLength(125);
    await waitFor(() => expect(within(dialog).getByText('3 credits · 3 started minutes')).toBeVisible());
    await expect(within(dialog).getByText('2:05')).toBeVisible();
    await expect(upload).toBeEnabled();
  },
};

/** A cost above the balance: refused, with a Buy credits link. */
export const ConfirmNotEnoughCredits: Story = {
  args: { state: 'confirm', progress: 0 },
  render: (args) => <Confirming {...args} balance={1} onConfirm={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload audio' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Transcribing this audio costs 3 credit(s) and your balance is 1.');
    await expect(within(dialog).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
    await expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  },
};

export const ConfirmGerman: Story = {
  args: { state: 'confirm', progress: 0 },
  globals: { locale: 'de' },
  render: (args) => <Confirming {...args} balance={60} onConfirm={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Audio hochladen' });
    await expect(within(dialog).getByText(/versteht nur Englisch/)).toBeVisible();
    await expect(within(dialog).getByRole('combobox', { name: 'Gesprochene Sprache' })).toHaveValue('en');
    await expect(within(dialog).getByText('3 Credits · 3 angefangene Minuten')).toBeVisible();
  },
};

/**
 * The custom vocabulary for this upload: the saved list (Settings) prefilled and editable here; a list
 * past its bounds shows the reason and holds Upload back.
 */
export const ConfirmVocabulary: Story = {
  args: { state: 'confirm', progress: 0 },
  render: (args) => (
    <Confirming {...args} balance={60} onConfirm={args.confirmation?.onConfirm ?? fn()} savedVocabulary={'Siobhan Kowalczyk\nZyntrix'} />
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Upload audio' });
    const field = within(dialog).getByRole('textbox', { name: 'Names and terms to expect' });
    await expect(field).toHaveValue('Siobhan Kowalczyk\nZyntrix');
    await expect(within(dialog).getByText(/changed here for this upload only/)).toBeVisible();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    await expect(upload).toBeEnabled();
    await userEvent.type(field, ', Anneliese Oyelaran, Kubernetes, PostgreSQL');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByText('The vocabulary may hold at most 60 characters')).toBeVisible();
    await expect(upload).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Anneliese Oyelaran');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(upload).toBeEnabled();
  },
};

export const ConfirmVocabularyGerman: Story = {
  args: { state: 'confirm', progress: 0 },
  globals: { locale: 'de' },
  render: (args) => <Confirming {...args} balance={60} onConfirm={fn()} savedVocabulary="Zyntrix" />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Audio hochladen' });
    await expect(within(dialog).getByRole('textbox', { name: 'Zu erwartende Namen und Begriffe' })).toHaveValue('Zyntrix');
  },
};

const speakersPicked = fn();

/**
 * How many speakers to tell apart after the transcription: found out by default, or a number the
 * user knows (1 to the server's limit).
 */
export const ConfirmSpeakers: Story = {
  args: { state: 'confirm', progress: 0 },
  // A native select changed by script lays its text out a pixel higher or lower from run to run; the
  // field's picture is the German story's baseline, taken untouched.
  parameters: { screenshot: false },
  render: (args) => <Confirming {...args} balance={60} onConfirm={fn()} onSpeakersChange={speakersPicked} />,
  play: async () => {
    speakersPicked.mockClear();
    const dialog = await screen.findByRole('dialog', { name: 'Upload audio' });
    const select = within(dialog).getByRole('combobox', { name: 'Speakers' });
    await expect(select).toHaveValue('auto');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Find out (auto)', ...Array.from({ length: 10 }, (_, i) => String(i + 1))]);
    await userEvent.selectOptions(select, '2');
    await expect(speakersPicked).toHaveBeenLastCalledWith(2);
    await expect(select).toHaveValue('2');
    await userEvent.selectOptions(select, 'auto');
    await expect(speakersPicked).toHaveBeenLastCalledWith('auto');
  },
};

export const ConfirmSpeakersGerman: Story = {
  args: { state: 'confirm', progress: 0 },
  globals: { locale: 'de' },
  render: (args) => <Confirming {...args} balance={60} onConfirm={fn()} onSpeakersChange={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Audio hochladen' });
    const select = within(dialog).getByRole('combobox', { name: 'Sprecher' });
    await expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Ermitteln (auto)');
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
