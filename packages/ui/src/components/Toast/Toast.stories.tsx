import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { ToastProvider } from './Toast.tsx';
import { TOAST_REMOVE_DELAY, toast, toastStore } from './toastQueue.ts';

/**
 * `toast({ title, description?, variant?, duration? })` from anywhere (also outside React); the
 * ToastProvider renders the "Notification" region. One toast at a time (a new one replaces the
 * previous), 5 s by default, removed from the DOM 3 s after dismissal, swipe right past 50 px
 * closes, F8 focuses the region.
 */
const meta = {
  title: 'UI/Toast',
  component: ToastProvider,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  // Each story starts from an empty queue (the store is app-wide).
  beforeEach: () => {
    toastStore.reset();
    return () => toastStore.reset();
  },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const Triggers = () => (
  <Stack direction="row" gap="sm">
    <Button onPress={() => toast({ title: 'Logged in successfully', variant: 'success' })}>Sign in</Button>
    <Button onPress={() => toast({ title: 'Upload successful', description: 'Your audio file is being processed.', variant: 'success' })}>
      Upload
    </Button>
  </Stack>
);

const region = () => screen.getByRole('region', { name: 'Notification' });

export const F8FocusesRegion: Story = {
  render: () => <Triggers />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
    const status = await within(region()).findByRole('status');
    await expect(status).toHaveTextContent('Logged in successfully');
    await userEvent.keyboard('{F8}');
    await expect(region()).toHaveFocus();
    // From the region, Tab reaches the toast's close button.
    await userEvent.tab();
    await expect(within(region()).getByRole('button', { name: 'Close' })).toHaveFocus();
  },
};

export const NewReplacesPrevious: Story = {
  render: () => <Triggers />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await within(region()).findByText('Logged in successfully');
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await within(region()).findByText('Upload successful');
    await expect(within(region()).queryByText('Logged in successfully')).toBeNull();
    await expect(region().querySelectorAll('[data-state]')).toHaveLength(1);
    await expect(within(region()).getByText('Your audio file is being processed.')).toBeVisible();
  },
};

export const NewReplacesPreviousDark: Story = { ...NewReplacesPrevious, globals: { scheme: 'dark' } };

export const Destructive: Story = {
  render: () => (
    <Button onPress={() => toast({ title: 'Failed to create folder', description: 'Folder already exists', variant: 'destructive' })}>
      Create
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create' }));
    // Errors interrupt: role="alert".
    const alert = await within(region()).findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to create folder');
    await expect(alert).toHaveTextContent('Folder already exists');
  },
};

export const SwipeRightCloses: Story = {
  render: () => <Triggers />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
    const item = await within(region()).findByRole('status');
    const swipe = (dx: number) => {
      fireEvent.pointerDown(item, { pointerId: 7, clientX: 100, clientY: 10, button: 0 });
      fireEvent.pointerMove(item, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
      fireEvent.pointerUp(item, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
    };
    // 40 px is not enough: it snaps back and stays open.
    swipe(40);
    await expect(item).toHaveAttribute('data-state', 'open');
    // Past 50 px it closes (then lingers, hidden, until removal).
    swipe(60);
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'closed'));
    await expect(within(region()).queryByRole('status')).toBeNull();
  },
};

export const UpdateDismissRemove: Story = {
  render: () => <Triggers />,
  play: async () => {
    const id = toast({ title: 'Uploading…', duration: Infinity });
    const item = await within(region()).findByRole('status');
    toast.update(id, { title: 'Upload successful', variant: 'success' });
    await waitFor(() => expect(item).toHaveTextContent('Upload successful'));
    toast.dismiss(id);
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'closed'));
    // Still in the DOM right after dismissal, gone after the removal delay.
    await expect(region().querySelectorAll('[data-state]')).toHaveLength(1);
    await waitFor(() => expect(region().querySelectorAll('[data-state]')).toHaveLength(0), {
      timeout: TOAST_REMOVE_DELAY + 1500,
    });
  },
};

export const ClosesAfterDuration: Story = {
  render: () => <Triggers />,
  play: async () => {
    toast({ title: 'Text copied to clipboard', duration: 300 });
    const item = await within(region()).findByRole('status');
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'closed'), { timeout: 2000 });
  },
};

/** A toast with one action (e.g. Undo after a delete): pressing it runs the action instead of onClose. */
export const WithAction: Story = {
  render: () => <span />,
  play: async () => {
    const log: string[] = [];
    toast({
      title: 'Folder deleted',
      description: 'Meetings',
      duration: Infinity,
      action: { label: 'Undo', onAction: () => log.push('undo') },
      onClose: () => log.push('closed'),
    });
    const undo = await within(region()).findByRole('button', { name: 'Undo' });
    await userEvent.click(undo);
    await expect(log).toEqual(['undo']);
    await waitFor(() => expect(within(region()).queryByRole('button', { name: 'Undo' })).toBeNull());
  },
};

export const German: Story = {
  render: () => <Triggers />,
  globals: { locale: 'de' },
  play: async () => {
    toast({ title: 'Erfolgreich angemeldet', variant: 'success', duration: Infinity });
    const r = screen.getByRole('region', { name: 'Benachrichtigung' });
    await expect(await within(r).findByRole('button', { name: 'Schließen' })).toBeVisible();
  },
};
