import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Key, Selection } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { UserIcon } from '../icons/icons.tsx';
import { Text } from '../Text/Text.tsx';
import { Menu, MenuHeader, MenuItem, MenuSection, MenuSeparator, MenuTrigger, SubmenuTrigger } from './Menu.tsx';

/**
 * MenuTrigger + Button + Menu (a Popover with a RAC Menu). Keyboard: Enter/Space/ArrowDown open,
 * arrows move, Enter chooses, Escape closes and returns focus to the trigger.
 */
const meta = {
  title: 'UI/Menu',
  component: Menu,
  args: { onAction: fn(), children: null },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  render: (args) => (
    <MenuTrigger>
      <Button>Actions</Button>
      <Menu aria-label="Actions" onAction={args.onAction}>
        <MenuItem id="rename">Rename</MenuItem>
        <MenuItem id="move" description="Choose another folder">
          Move
        </MenuItem>
        <MenuItem id="export" isDisabled>
          Export
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="delete">Delete</MenuItem>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await expect(within(menu).getByRole('menuitem', { name: /Export/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: /Move/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('move');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus()); // focus returns after the close animation frame
    // Reopen with the mouse for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('menu', { name: 'Actions' });
  },
};

/** The account menu of the app header: a header with name and balance, sections, a language submenu. */
export const AccountMenu: Story = {
  render: function Render(args) {
    const [language, setLanguage] = useState<Selection>(new Set<Key>(['en']));
    return (
      <MenuTrigger>
        <Button variant="ghost" icon={<UserIcon />}>
          Ada Lovelace
        </Button>
        <Menu aria-label="Account" onAction={args.onAction} placement="bottom end">
          <MenuHeader>
            <Text weight="semibold" size="md" as="span">
              Ada Lovelace
            </Text>
            <span>
              <Badge tone="accent">120 credits</Badge>
            </span>
          </MenuHeader>
          <MenuSeparator />
          <MenuSection>
            <MenuItem id="buy">Buy credits</MenuItem>
            <MenuItem id="settings">Settings</MenuItem>
            <MenuItem id="help">Help</MenuItem>
          </MenuSection>
          <MenuSeparator />
          <MenuSection>
            <SubmenuTrigger>
              <MenuItem id="language">Language</MenuItem>
              <Menu aria-label="Language" selectionMode="single" selectedKeys={language} onSelectionChange={setLanguage}>
                <MenuItem id="en">English</MenuItem>
                <MenuItem id="de">Deutsch</MenuItem>
              </Menu>
            </SubmenuTrigger>
            <MenuItem id="signout">Sign out</MenuItem>
          </MenuSection>
        </Menu>
      </MenuTrigger>
    );
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Ada Lovelace' });
    await userEvent.click(trigger);
    // RAC names the menu after its trigger (aria-labelledby) as well.
    const [menu] = await screen.findAllByRole('menu');
    await expect(menu).toHaveAccessibleName(/Ada Lovelace/);
    await expect(within(menu).getByText('120 credits')).toBeVisible();
    // Open the language submenu from the keyboard and choose Deutsch.
    within(menu).getByRole('menuitem', { name: 'Language' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const languages = (await screen.findAllByRole('menu'))[1];
    await expect(languages).toHaveAccessibleName(/Language/);
    const english = within(languages).getByRole('menuitemradio', { name: 'English' });
    await expect(english).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(languages).getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Reopen: Deutsch now carries the check.
    await userEvent.click(trigger);
    const [reopened] = await screen.findAllByRole('menu');
    within(reopened).getByRole('menuitem', { name: 'Language' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    const again = (await screen.findAllByRole('menu'))[1];
    await expect(within(again).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
  },
};

export const AccountMenuDark: Story = { ...AccountMenu, globals: { scheme: 'dark' } };

export const WithSectionTitles: Story = {
  render: (args) => (
    <MenuTrigger defaultOpen>
      <Button>Export</Button>
      <Menu aria-label="Export" onAction={args.onAction}>
        <MenuSection title="Transcript">
          <MenuItem id="txt">Plain text</MenuItem>
          <MenuItem id="docx">Word document</MenuItem>
        </MenuSection>
        <MenuSection title="AI outputs">
          <MenuItem id="summary">Summary</MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  ),
  play: async ({ args }) => {
    const menu = await screen.findByRole('menu', { name: 'Export' });
    await expect(within(menu).getByRole('group', { name: 'Transcript' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Summary' }));
    await expect(args.onAction).toHaveBeenCalledWith('summary');
  },
};
