import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Heading, Stack, Text } from '@scribe/ui';
import { PageShell } from '../layouts/PageShell.tsx';

export default function SettingsPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t`Settings`}>
      <Card>
        <Stack gap="sm">
        <Heading level={2}>
          <Trans>Account settings</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>Account settings are coming soon. You can already change the language in the account menu.</Trans>
        </Text>
        </Stack>
      </Card>
    </PageShell>
  );
}
