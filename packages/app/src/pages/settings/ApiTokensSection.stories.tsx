import type { ApiToken, CreateApiTokenRequest } from '@scribe/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SWRConfig } from 'swr';
import { ApiTokensSection, type ApiTokenActions } from './IntegrationsSections.tsx';

const SECRET = 'scr_5fQ2xW8nB3kL0pR7tY4uI9oA6sD1gH';
const used: ApiToken = {
  id: 1,
  name: 'Nightly export',
  prefix: 'scr_9aK2',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastUsedAt: '2026-03-09T22:15:00.000Z',
  expiresAt: null,
};
const unused: ApiToken = {
  id: 2,
  name: 'Zapier',
  prefix: 'scr_L0mQ',
  createdAt: '2026-03-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2026-06-05T10:00:00.000Z',
};

/** An in-memory server: tokens are created (the secret answered once), listed and revoked. */
function fakeActions(initial: ApiToken[] = []): ApiTokenActions & { created: CreateApiTokenRequest[] } {
  let tokens = [...initial];
  let next = 10;
  const created: CreateApiTokenRequest[] = [];
  return {
    created,
    list: fn(async () => tokens),
    create: fn(async (body: CreateApiTokenRequest) => {
      created.push(body);
      const token: ApiToken = {
        id: next++,
        name: body.name,
        prefix: SECRET.slice(0, 8),
        createdAt: '2026-03-10T14:00:00.000Z',
        lastUsedAt: null,
        // A fixed date, so the story's picture does not change from day to day.
        expiresAt: body.expiresAt ? '2026-04-09T14:00:00.000Z' : null,
      };
      tokens = [...tokens, token];
      return { ...token, token: SECRET };
    }),
    revoke: fn(async (id: number) => {
      tokens = tokens.filter((x) => x.id !== id);
      return { ok: true as const };
    }),
  };
}

/**
 * Settings' personal API tokens: create one (name, optional expiry in days), copy its secret while it
 * is shown (it is never shown again), see each token by name, prefix, last use and expiry, and revoke.
 */
const meta = {
  title: 'App/ApiTokensSection',
  component: ApiTokensSection,
  args: { actions: fakeActions() },
  // A fresh SWR cache per story: the list is fetched from the story's own in-memory server.
  decorators: [
    (Story) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <div style={{ maxWidth: 560 }}>
          <Story />
        </div>
      </SWRConfig>
    ),
  ],
} satisfies Meta<typeof ApiTokensSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No tokens yet: the form and an empty list. */
export const Empty: Story = {
  args: { actions: fakeActions() },
  play: async () => {
    await expect(await screen.findByText('No API tokens yet.')).toBeVisible();
    await expect(screen.getByRole('textbox', { name: /Token name/ })).toBeVisible();
  },
};

/** The list: each token by name and prefix, when it was last used and when it expires. */
export const List: Story = {
  args: { actions: fakeActions([used, unused]) },
  play: async () => {
    const list = await screen.findByRole('list', { name: 'API tokens' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Nightly export');
    await expect(items[0]).toHaveTextContent('scr_9aK2…');
    await expect(items[0]).toHaveTextContent(/Last used/);
    await expect(items[0]).toHaveTextContent('Does not expire');
    await expect(items[1]).toHaveTextContent('Never used');
    await expect(items[1]).toHaveTextContent(/Expires/);
    await expect(within(list).getByRole('button', { name: 'Revoke Zapier' })).toBeVisible();
  },
};

/** Creating a token: its secret is shown once with Copy; Done hides it and the list has the token. */
export const CreateShowsSecretOnce: Story = {
  args: { actions: fakeActions([used]) },
  play: async ({ args }) => {
    await screen.findByRole('list', { name: 'API tokens' });
    await userEvent.type(screen.getByRole('textbox', { name: /Token name/ }), 'CI upload');
    await userEvent.type(screen.getByRole('textbox', { name: /Expires after \(days\)/ }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await expect(args.actions!.create).toHaveBeenCalledTimes(1);
    const request = (args.actions!.create as ReturnType<typeof fn>).mock.calls[0]![0] as CreateApiTokenRequest;
    await expect(request.name).toBe('CI upload');
    // 30 days from now, give or take the test's own run time.
    const days = (Date.parse(request.expiresAt!) - Date.now()) / 86_400_000;
    await expect(days).toBeGreaterThan(29.9);
    await expect(days).toBeLessThanOrEqual(30);
    const secret = await screen.findByRole('textbox', { name: 'Your new token' });
    await expect(secret).toHaveValue(SECRET);
    await expect(screen.getByText('Copy it now: it will not be shown again.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await expect(screen.queryByRole('textbox', { name: 'Your new token' })).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'API tokens' })).getAllByRole('listitem')).toHaveLength(2));
    await expect(screen.getByRole('list', { name: 'API tokens' })).not.toHaveTextContent(SECRET);
  },
};

/** A token needs a name; nothing is sent without one. */
export const NameRequired: Story = {
  args: { actions: fakeActions() },
  play: async ({ args }) => {
    await screen.findByText('No API tokens yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await expect(screen.getByRole('textbox', { name: /Token name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.actions!.create).not.toHaveBeenCalled();
  },
};

/** Revoking asks first, by keyboard too; the token leaves the list. */
export const Revoke: Story = {
  args: { actions: fakeActions([used, unused]) },
  play: async ({ args }) => {
    const list = await screen.findByRole('list', { name: 'API tokens' });
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expect(args.actions!.revoke).toHaveBeenCalledWith(1);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(list).toHaveTextContent('Zapier');
  },
};
