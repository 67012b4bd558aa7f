import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { SearchResult } from '../search/snippets.ts';
import { LibrarySearch, SearchResults } from './SearchResults.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

const results: SearchResult[] = [
  {
    transcriptId: 12,
    title: 'Budget review Q3',
    folderId: 3,
    hits: [
      { kind: 'title', snippet: '\u0002Budget\u0003 review Q3' },
      { kind: 'segment', snippet: '…so the \u0002budget\u0003 for the migration stays at forty thousand…', start: 754 },
      { kind: 'segment', snippet: 'We move the \u0002budget\u0003 meeting to Friday.', start: 3671 },
    ],
  },
  {
    transcriptId: 31,
    title: 'Team standup',
    folderId: null,
    hits: [
      { kind: 'segment', snippet: 'Marco asked whether the \u0002budget\u0003 covers the new servers.', start: 42 },
      { kind: 'ai_output', snippet: '- [00:42] The \u0002budget\u0003 question is open.', aiOutputId: 5 },
    ],
  },
];

/** A phone's width (the frame stays 1024 x 640 so baselines keep one size). */
const phone: Decorator = (Story) => (
  <div style={{ width: 343 }}>
    <Story />
  </div>
);

/** Room below the field for the floating results. */
const tall: Decorator = (Story) => (
  <div style={{ height: 560 }}>
    <Story />
  </div>
);

/**
 * Library search results as you type: grouped by transcript, each hit's snippet with the matched words
 * marked and where it is (time, 'Title', 'AI output'); arrows and Enter choose. Loading, error and empty.
 */
const meta = {
  title: 'Transcript Kit/SearchResults',
  component: SearchResults,
  args: { state: { status: 'ready', results }, query: 'budget', onSelect: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchResults>;

export default meta;
type Story = StoryObj<typeof meta>;

const listbox = () => screen.getByRole('listbox', { name: 'Search results' });

export const Results: Story = {
  play: async ({ args }) => {
    await expect(within(listbox()).getByText('Budget review Q3')).toBeVisible();
    const marks = listbox().querySelectorAll('mark');
    await expect(marks).toHaveLength(5);
    await expect(marks[1]).toHaveTextContent('budget');
    // The markers never show.
    await expect(listbox().textContent?.includes('\u0002') || listbox().textContent?.includes('\u0003')).toBe(false);
    await expect(within(listbox()).getByRole('option', { name: /^12:34\b.*so the\s*budget/ })).toBeVisible();
    await expect(within(listbox()).getByRole('option', { name: /^AI output\b/ })).toBeVisible();
    await userEvent.click(within(listbox()).getByRole('option', { name: /^1:01:11\b/ }));
    await expect(args.onSelect).toHaveBeenLastCalledWith(results[0], results[0].hits[2]);
  },
};

export const KeyboardChoosesAHit: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await expect(within(listbox()).getAllByRole('option')[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(results[1], results[1].hits[0]);
  },
};

export const Empty: Story = {
  args: { state: { status: 'ready', results: [] }, query: 'zebra' },
  play: async () => {
    await expect(within(listbox()).getByText('No results for “zebra”')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async () => {
    await expect(screen.getByText('Searching…')).toBeVisible();
  },
};

export const Error: Story = {
  args: { state: { status: 'error', message: 'The server could not be reached.' } },
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Dark: Story = {
  globals: { scheme: 'dark' },
  play: async () => {
    await expect(listbox().querySelectorAll('mark')).toHaveLength(5);
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    const list = screen.getByRole('listbox', { name: 'Suchergebnisse' });
    await expect(within(list).getByRole('option', { name: /^KI-Ausgabe\b/ })).toBeVisible();
    await expect(within(list).getByRole('option', { name: /^Titel\b/ })).toBeVisible();
  },
};

export const GermanEmpty: Story = {
  args: { state: { status: 'ready', results: [] }, query: 'Zebra' },
  globals: { locale: 'de' },
  play: async () => {
    await expect(within(screen.getByRole('listbox', { name: 'Suchergebnisse' })).getByText('Keine Ergebnisse für „Zebra“')).toBeVisible();
  },
};

/** The field with its results: what the app puts in its header (floating) and phone drawer (inline). */
function Field(props: Omit<ComponentProps<typeof LibrarySearch>, 'query' | 'onQueryChange'> & { onQuery?: (q: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <LibrarySearch
      {...props}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        props.onQuery?.(q);
      }}
    />
  );
}

/** Typing shows the results; arrows move through hits while focus stays in the field; Enter chooses. */
export const FieldTypeArrowEnter: Story = {
  render: (args) => <Field state={args.state} onSelect={args.onSelect} />,
  decorators: [tall],
  play: async ({ args }) => {
    const field = screen.getByRole('searchbox', { name: 'Search transcripts' });
    await userEvent.click(field);
    await userEvent.keyboard('budget');
    await expect(listbox()).toBeVisible();
    // As in a combobox: the first hit is focused while typing, arrows move on from there.
    await waitFor(() => expect(within(listbox()).getAllByRole('option')[0]).toHaveAttribute('data-focused'));
    await userEvent.keyboard('{ArrowDown}');
    await expect(field).toHaveFocus();
    await waitFor(() => expect(field).toHaveAttribute('aria-activedescendant', within(listbox()).getAllByRole('option')[1].id));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(results[0], results[0].hits[1]);
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

/** Escape clears the field and so closes the results. */
export const FieldEscapeCloses: Story = {
  render: (args) => <Field state={args.state} onSelect={args.onSelect} />,
  play: async () => {
    const field = screen.getByRole('searchbox', { name: 'Search transcripts' });
    await userEvent.click(field);
    await userEvent.keyboard('budget');
    await expect(listbox()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveValue('');
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

export const PhoneInline: Story = {
  render: (args) => <Field state={args.state} onSelect={args.onSelect} layout="inline" />,
  decorators: [phone],
  play: async () => {
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search transcripts' }));
    await userEvent.keyboard('budget');
    await expect(listbox()).toBeVisible();
  },
};

export const PhoneDarkGerman: Story = {
  render: (args) => <Field state={args.state} onSelect={args.onSelect} layout="inline" />,
  decorators: [phone],
  globals: { scheme: 'dark', locale: 'de' },
  play: async () => {
    await userEvent.click(screen.getByRole('searchbox', { name: 'Transkripte durchsuchen' }));
    await userEvent.keyboard('budget');
    await expect(screen.getByRole('listbox', { name: 'Suchergebnisse' })).toBeVisible();
  },
};

/** The user's speaker names as the server lists them (in its order; the kit sorts them as shown). */
const speakerNames = ['Anna', 'Speaker 10', 'Speaker 2', 'Speaker 1'];

/** The field with the speaker choice above its results, as the app wires it. */
function FieldWithSpeakers(
  props: Omit<ComponentProps<typeof LibrarySearch>, 'query' | 'onQueryChange' | 'speakerFilter'> & {
    onSpeaker?: (speaker: string | null) => void;
    initialSpeaker?: string | null;
  },
) {
  const [query, setQuery] = useState('');
  const [speaker, setSpeaker] = useState<string | null>(props.initialSpeaker ?? null);
  return (
    <LibrarySearch
      {...props}
      query={query}
      onQueryChange={setQuery}
      speakerFilter={{
        speakers: speakerNames,
        value: speaker,
        onChange: (next) => {
          setSpeaker(next);
          props.onSpeaker?.(next);
        },
      }}
    />
  );
}

const speakerPicked = fn();

/**
 * 'Speaker' above the results: 'All speakers' first, then the names sorted as shown ('Speaker 2' before
 * 'Speaker 10'); choosing one keeps the results open and tells the app, which searches again.
 */
export const FieldSpeakerFilter: Story = {
  // A native select changed by script lays its text out a pixel apart from run to run: the field's picture
  // is the untouched German story's baseline.
  parameters: { screenshot: false },
  render: (args) => <FieldWithSpeakers state={args.state} onSelect={args.onSelect} onSpeaker={speakerPicked} />,
  decorators: [tall],
  play: async () => {
    speakerPicked.mockClear();
    // No query, no results: no choice either.
    await expect(screen.queryByRole('combobox', { name: 'Speaker' })).toBeNull();
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search transcripts' }));
    await userEvent.keyboard('budget');
    const select = screen.getByRole('combobox', { name: 'Speaker' });
    await expect(select).toHaveValue('');
    const shown = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    await expect(shown).toEqual(['All speakers', 'Anna', 'Speaker 1', 'Speaker 2', 'Speaker 10']);
    await userEvent.selectOptions(select, 'Speaker 2');
    await expect(speakerPicked).toHaveBeenLastCalledWith('Speaker 2');
    await expect(select).toHaveValue('Speaker 2');
    // Focus moved to the choice inside the search: the results stay.
    await expect(listbox()).toBeVisible();
    await userEvent.selectOptions(select, '');
    await expect(speakerPicked).toHaveBeenLastCalledWith(null);
  },
};

/** In German: 'Sprecher', 'Alle Sprecher' and detected speakers as 'Sprecher 1'; the stored name is what is chosen. */
export const FieldSpeakerFilterGerman: Story = {
  render: (args) => <FieldWithSpeakers state={args.state} onSelect={args.onSelect} initialSpeaker="Speaker 1" />,
  globals: { locale: 'de' },
  decorators: [tall],
  play: async () => {
    await userEvent.click(screen.getByRole('searchbox', { name: 'Transkripte durchsuchen' }));
    await userEvent.keyboard('budget');
    const select = screen.getByRole('combobox', { name: 'Sprecher' });
    await expect(select).toHaveValue('Speaker 1');
    await expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Sprecher 1');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Sprecher', 'Anna', 'Sprecher 1', 'Sprecher 2', 'Sprecher 10']);
    await expect(screen.getByRole('listbox', { name: 'Suchergebnisse' })).toBeVisible();
  },
};

/** No hits with a speaker chosen: the empty state names the speaker, in the reader's language. */
export const EmptyForSpeaker: Story = {
  args: { state: { status: 'ready', results: [] }, query: 'zebra', speaker: 'Speaker 2' },
  play: async () => {
    await expect(within(listbox()).getByText('No results for “zebra” from Speaker 2')).toBeVisible();
  },
};

export const GermanEmptyForSpeaker: Story = {
  args: { state: { status: 'ready', results: [] }, query: 'Zebra', speaker: 'Speaker 2' },
  globals: { locale: 'de' },
  parameters: { screenshot: false },
  play: async () => {
    await expect(
      within(screen.getByRole('listbox', { name: 'Suchergebnisse' })).getByText('Keine Ergebnisse für „Zebra“ von Sprecher 2'),
    ).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
