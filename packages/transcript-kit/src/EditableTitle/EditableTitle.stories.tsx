import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { EditableTitle } from './EditableTitle.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

function Stateful(props: ComponentProps<typeof EditableTitle>) {
  const [title, setTitle] = useState(props.title);
  return (
    <div style={{ display: 'flex', maxWidth: 640 }}>
      <EditableTitle
        {...props}
        title={title}
        onRename={(next) => {
          props.onRename(next);
          setTitle(next);
        }}
      />
    </div>
  );
}

const phone: Decorator = (Story) => (
  <div style={{ width: 375 }}>
    <Story />
  </div>
);

/** The viewer header's title with 'Rename': Enter saves, Escape cancels, 1 to 200 characters. */
const meta = {
  title: 'Transcript Kit/EditableTitle',
  component: EditableTitle,
  args: { title: 'Team standup', onRename: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof EditableTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = () => screen.getByRole('textbox', { name: 'Transcript title' });

/** Keyboard only: Tab to 'Rename', Enter, type, Enter saves; focus returns to 'Rename'. */
export const Rename: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('heading', { name: 'Team standup' })).toBeVisible();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Rename transcript' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(field()).toHaveFocus();
    await expect(field()).toHaveValue('Team standup');
    await userEvent.keyboard(' (Monday){Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('Team standup (Monday)');
    await expect(screen.getByRole('heading', { name: 'Team standup (Monday)' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Rename transcript' })).toHaveFocus();
  },
};

export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Rename transcript' }));
    await userEvent.keyboard(' draft{Escape}');
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(screen.getByRole('heading', { name: 'Team standup' })).toBeVisible();
  },
};

/** Empty or over 200 characters: the field says why and nothing is saved. */
export const Invalid: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Rename transcript' }));
    await userEvent.clear(field());
    await userEvent.keyboard('{Enter}');
    await expect(screen.getByText('Enter a title.')).toBeVisible();
    await expect(field()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(field());
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(screen.getByText('A title can have at most 200 characters.')).toBeVisible();
    await expect(args.onRename).not.toHaveBeenCalled();
  },
};

export const EditingDark: Story = {
  globals: { scheme: 'dark' },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Rename transcript' }));
    await expect(field()).toHaveFocus();
  },
};

export const PhoneEditing: Story = {
  decorators: [phone],
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Rename transcript' }));
    await expect(within(document.body).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Transkript umbenennen' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
