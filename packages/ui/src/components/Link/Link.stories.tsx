import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { Link } from './Link.tsx';

/** RAC Link. `inline` for links in text, `nav` for navigation with a current-page state. */
const meta = {
  title: 'UI/Link',
  component: Link,
  args: { href: '#terms', children: 'Terms of Service' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <Text>
      I agree to the <Link {...args} /> and the <Link href="#privacy">Privacy Policy</Link>.
    </Text>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Terms of Service' });
    await expect(link).toHaveAttribute('href', '#terms');
  },
};

const Navigation = () => (
  <nav aria-label="Main">
    <Stack direction="row" gap="xs">
      <Link variant="nav" href="#home" isCurrent>
        Home
      </Link>
      <Link variant="nav" href="#credits">
        Credits
      </Link>
      <Link variant="nav" href="#help">
        Help
      </Link>
    </Stack>
  </nav>
);

export const Nav: Story = {
  render: () => <Navigation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Credits' })).not.toHaveAttribute('aria-current');
  },
};

export const NavDark: Story = { ...Nav, globals: { scheme: 'dark' } };

export const External: Story = {
  args: { href: 'https://example.com', target: '_blank', children: 'Open documentation' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Open documentation' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
