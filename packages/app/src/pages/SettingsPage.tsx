import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, limits, paths, type AccountSession, type ApiErrorCode } from '@scribe/api-client';
import { Badge, Button, Card, Checkbox, ConfirmDialog, Dialog, Form, Heading, Stack, Text, TextField, toast } from '@scribe/ui';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api } from '../api.ts';
import { usePublicConfig } from '../config/useConfig.ts';
import { translateError, type CodedError } from '../i18n/errors.ts';
import { PageShell } from '../layouts/PageShell.tsx';
import { notificationsSupported, notifyEnabled, setNotifyEnabled } from '../lib/notifications.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ApiTokensSection, WebhooksSection } from './settings/IntegrationsSections.tsx';
import { VocabularySection } from './settings/VocabularySection.tsx';

/** The server's error of a failed call (else `fallback`), in the active language. */
function useErrorText() {
  const { i18n } = useLingui();
  return (error: unknown, fallback: CodedError | ApiErrorCode) => translateError(i18n, error instanceof ApiError ? error : fallback);
}

/** A required password field with its message; the page's four password fields differ only in these props. */
function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
    />
  );
}

function ChangePasswordSection() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!current) found.currentPassword = errorText(null, 'CURRENT_PASSWORD_REQUIRED');
    if (next.length < limits.passwordMin) found.newPassword = errorText(null, 'PASSWORD_MIN');
    if (confirm !== next) found.confirmPassword = errorText(null, 'PASSWORDS_MISMATCH');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const { signedOut } = await api.account.changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      toast({
        title: t`Password changed`,
        description: plural(signedOut, {
          0: 'No other sessions were signed in.',
          one: 'Signed out # other session.',
          other: 'Signed out # other sessions.',
        }),
        variant: 'success',
      });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, errorText(null, v)])));
      toast({ title: errorText(error, 'CHANGE_PASSWORD_FAILED'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <Form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Heading level={2}>
            <Trans>Change password</Trans>
          </Heading>
          <Text tone="muted">
            <Trans>Your other sessions are signed out; this one stays signed in.</Trans>
          </Text>
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.currentPassword}
          />
          <PasswordField label={t`New password`} autoComplete="new-password" value={next} onChange={setNext} error={errors.newPassword} />
          <PasswordField
            label={t`Confirm new password`}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirmPassword}
          />
          <div>
            <Button type="submit" variant="primary" isPending={pending}>
              <Trans>Change password</Trans>
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}

function SessionsSection() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const { signedOutByServer } = useSession();
  const { data: sessions, mutate } = useSWR(paths.accountSessions, () => api.account.sessions());
  const [confirmAll, setConfirmAll] = useState(false);
  const [pending, setPending] = useState<string | null>(null);

  const device = (s: AccountSession) => {
    if (s.browser && s.os) return t`${s.browser} on ${s.os}`;
    return s.browser ?? s.os ?? t`Unknown device`;
  };
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const revoke = async (s: AccountSession) => {
    setPending(s.id);
    try {
      await api.account.revokeSession(s.id);
      if (s.current) await signedOutByServer();
      else {
        toast({ title: t`Session signed out`, variant: 'success' });
        await mutate();
      }
    } catch (error) {
      toast({ title: errorText(error, 'REVOKE_SESSION_FAILED'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const everywhere = async () => {
    try {
      await api.account.signOutEverywhere();
      await signedOutByServer();
    } catch (error) {
      toast({ title: errorText(error, 'SIGN_OUT_EVERYWHERE_FAILED'), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>Active sessions</Trans>
        </Heading>
        {sessions === undefined ? (
          <Text tone="muted">
            <Trans>Loading sessions...</Trans>
          </Text>
        ) : (
          <ul aria-label={t`Active sessions`} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="session-list">
            {(sessions ?? []).map((s) => (
              <li key={s.id} style={{ padding: '0.5rem 0' }}>
                <Stack gap="xs">
                  <Text>
                    <strong>{device(s)}</strong>{' '}
                    {s.current ? (
                      <Badge tone="success">
                        <Trans>This device</Trans>
                      </Badge>
                    ) : null}
                  </Text>
                  <Text tone="muted">
                    <Trans>
                      Signed in {when(s.createdAt)}, last active {when(s.lastUsedAt)}
                    </Trans>
                  </Text>
                  <div>
                    <Button
                      size="sm"
                      isPending={pending === s.id}
                      onPress={() => void revoke(s)}
                      aria-label={s.current ? t`Sign out this device` : t`Sign out ${device(s)}`}
                    >
                      <Trans>Sign out</Trans>
                    </Button>
                  </div>
                </Stack>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="danger" onPress={() => setConfirmAll(true)}>
            <Trans>Sign out everywhere</Trans>
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        isOpen={confirmAll}
        onOpenChange={setConfirmAll}
        title={t`Sign out everywhere?`}
        message={t`Every session ends, this one included. You will need to sign in again.`}
        confirmLabel={t`Sign out everywhere`}
        variant="danger"
        onConfirm={() => void everywhere()}
      />
    </Card>
  );
}

/**
 * Notifications when a transcription finishes, both off by default: in this browser while the tab is
 * hidden, and (where the operator configured mail) an e-mail to the account's address.
 */
function NotificationsSection() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const [on, setOn] = useState(notifyEnabled);
  const mail = usePublicConfig().data?.mail === true;
  const preferences = useSWR(mail ? paths.preferences : null, () => api.preferences.get());
  const browser = notificationsSupported();
  if (!browser && !mail) return null;
  const saveMail = async (value: boolean) => {
    const language = i18n.locale === 'de' ? 'de' : 'en';
    try {
      await preferences.mutate(api.preferences.save({ language, emailWhenTranscribed: value }), {
        optimisticData: { ...preferences.data, language, emailWhenTranscribed: value },
        rollbackOnError: true,
      });
    } catch (error) {
      toast({ title: errorText(error, 'SAVE_PREFERENCES_FAILED'), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>Notifications</Trans>
        </Heading>
        {browser ? (
          <>
            <Checkbox
              isSelected={on}
              onChange={(value) => {
                setNotifyEnabled(value);
                setOn(value);
              }}
            >
              {t`Notify me in this browser when a transcription finishes while the tab is in the background`}
            </Checkbox>
            <Text tone="muted" size="sm">
              <Trans>The browser asks for permission when you next start an upload or a recording.</Trans>
            </Text>
          </>
        ) : null}
        {mail ? (
          <Checkbox
            isSelected={preferences.data?.emailWhenTranscribed === true}
            isDisabled={!preferences.data}
            onChange={(value) => void saveMail(value)}
          >
            {t`E-mail me at my account's address when a transcription finishes`}
          </Checkbox>
        ) : null}
      </Stack>
    </Card>
  );
}

function DataSection() {
  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>Download my data</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>A zip file with your audio files, transcripts (JSON and TXT), AI outputs, prompts and credit history.</Trans>
        </Text>
        <div>
          <Button onPress={() => window.location.assign(paths.accountExport)}>
            <Trans>Download my data</Trans>
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function DeleteAccountSection() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const { signedOutByServer } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const remove = async () => {
    if (!password) {
      setError(errorText(null, 'PASSWORD_REQUIRED'));
      return;
    }
    setPending(true);
    try {
      await api.account.remove({ password });
      setOpen(false);
      toast({ title: t`Your account has been deleted`, variant: 'success' });
      await signedOutByServer();
    } catch (e) {
      setError(errorText(e, 'DELETE_ACCOUNT_FAILED'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>Delete account</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>Deletes your account with all transcripts, audio files, folders and prompts. This cannot be undone.</Trans>
        </Text>
        <div>
          <Button variant="danger" onPress={() => setOpen(true)}>
            <Trans>Delete account</Trans>
          </Button>
        </div>
      </Stack>
      <Dialog
        role="alertdialog"
        size="sm"
        title={t`Delete your account?`}
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(undefined);
          }
        }}
        footer={({ close }) => (
          <>
            <Button onPress={close} isDisabled={pending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" isPending={pending} onPress={() => void remove()}>
              <Trans>Delete account permanently</Trans>
            </Button>
          </>
        )}
      >
        <Stack gap="sm">
          <Text>
            <Trans>Enter your password to confirm. Your data will be deleted and cannot be restored.</Trans>
          </Text>
          <PasswordField label={t`Password`} autoComplete="current-password" value={password} onChange={setPassword} error={error} />
        </Stack>
      </Dialog>
    </Card>
  );
}

export default function SettingsPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t`Settings`}>
      <Stack gap="md">
        <ChangePasswordSection />
        <SessionsSection />
        <ApiTokensSection />
        <WebhooksSection />
        <VocabularySection />
        <NotificationsSection />
        <DataSection />
        <DeleteAccountSection />
      </Stack>
    </PageShell>
  );
}
