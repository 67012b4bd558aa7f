import type { CreateShareRequest, Share } from '@scribe/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ShareDialog, type ShareActions } from './ShareDialog.tsx';

const TOKEN = 'q7Yb3kZ0fXw9LmN2pR5sT8vA1cD4eG6hJ0iK3lM5nO7';
const existing: Share = {
  id: 1,
  transcriptId: 12,
  includeAiOutputs: true,
  createdAt: '2026-03-02T09:30:00.000Z',
  expiresAt: '2026-03-09T09:30:00.000Z',
  expired: true,
};

/** An in-memory server: links are created, listed newest first and revoked. */
function fakeActions(initial: Share[] = []): ShareActions & { created: CreateShareRequest[] } {
  let shares = [...initial];
  let next = 2;
  const created: CreateShareRequest[] = [];
  return {
    created,
    create: fn(async (transcriptId: number, body: CreateShareRequest) => {
      created.push(body);
      const id = next++;
      shares = [
        {
          id,
          transcriptId,
          includeAiOutputs: body.includeAiOutputs ?? false,
          createdAt: '2026-03-10T14:00:00.000Z',
          expiresAt: body.expiresInDays ? '2026-03-17T14:00:00.000Z' : null,
          expired: false,
        },
        ...shares,
      ];
      return { id, token: TOKEN, url: `/s/${TOKEN}` };
    }),
    list: fn(async () => ({ shares })),
    revoke: fn(async (id: number) => {
      shares = shares.filter((s) => s.id !== id);
      return { ok: true };
    }),
  };
}

/**
 * The owner's Share… dialog of a transcript: create a read-only link (optional expiry in days, AI
 * outputs or not), copy it while it is shown (its token is never shown again), and revoke links.
 */
const meta = {
  title: 'App/ShareDialog',
  component: ShareDialog,
  args: {
    transcript: { id: 12, name: 'Weekly planning' },
    isOpen: true,
    onOpenChange: fn(),
    origin: 'https://scribe.example',
    actions: fakeActions(),
  },
} satisfies Meta<typeof ShareDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No links yet: the form and the empty list. */
export const Empty: Story = {
  args: { actions: fakeActions() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Share “Weekly planning”' });
    await expect(await within(dialog).findByText('This transcript has no share links.')).toBeVisible();
    await expect(within(dialog).getByRole('checkbox', { name: 'Include AI outputs' })).not.toBeChecked();
  },
};

/** Creating a link with an expiry and the AI outputs: the full link is shown once and the list gains it. */
export const CreateLink: Story = {
  args: { actions: fakeActions([existing]) },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Share “Weekly planning”' });
    await expect(await within(dialog).findByText(/Expired/)).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Expires after \(days\)/ }), '7');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Include AI outputs' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await expect(args.actions.create).toHaveBeenCalledWith(12, { includeAiOutputs: true, expiresInDays: 7 });
    const link = await within(dialog).findByRole('textbox', { name: 'New link (shown only now)' });
    await expect(link).toHaveValue(`https://scribe.example/s/${TOKEN}`);
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Revoke' })).toHaveLength(2));
  },
};

/** A number of days out of range is refused in place; nothing is sent. */
export const InvalidExpiry: Story = {
  args: { actions: fakeActions() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Share “Weekly planning”' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Expires after \(days\)/ }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await expect(await within(dialog).findByText('Enter a whole number of days from 1 to 3650, or leave it empty')).toBeVisible();
    await expect(args.actions.create).not.toHaveBeenCalled();
  },
};

/** Revoke removes the link from the list at once. */
export const Revoke: Story = {
  args: { actions: fakeActions([existing]) },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Share “Weekly planning”' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke' }));
    await expect(args.actions.revoke).toHaveBeenCalledWith(1);
    await expect(await within(dialog).findByText('This transcript has no share links.')).toBeVisible();
  },
};
