// Settings: personal API tokens and webhooks (README "API tokens and webhooks").
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, paths, webhookEvents, type ApiErrorCode, type ApiToken, type Webhook, type WebhookEvent } from '@scribe/api-client';
import { Badge, Button, Card, Checkbox, ConfirmDialog, Form, Heading, Stack, Text, TextField, toast } from '@scribe/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import useSWR from 'swr';
import { api } from '../../api.ts';
import { translateError, type CodedError } from '../../i18n/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function useErrorText() {
  const { i18n } = useLingui();
  return (error: unknown, fallback: CodedError | ApiErrorCode) => translateError(i18n, error instanceof ApiError ? error : fallback);
}

/** A secret shown once, with a copy button. */
function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t`Copied to the clipboard`, variant: 'success' });
    } catch {
      toast({ title: t`Could not copy: select the text and copy it yourself`, variant: 'destructive' });
    }
  };
  return (
    <Stack gap="xs">
      <TextField label={label} value={value} isReadOnly description={t`Copy it now: it will not be shown again.`} />
      <div style={{ display: 'flex', gap: '0.5rem' }}>
        <Button size="sm" onPress={() => void copy()}>
          <Trans>Copy</Trans>
        </Button>
        <Button size="sm" onPress={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </Stack>
  );
}

/** Loading, empty or the list, each item with a remove button that asks first. */
function RemovableList<T extends { id: string | number }>({
  items,
  label,
  testId,
  loadingText,
  emptyText,
  renderItem,
  removeLabel,
  removeText,
  confirm,
  onRemove,
}: {
  /** undefined while loading; null (nothing) lists as empty. */
  items: T[] | null | undefined;
  label: string;
  testId: string;
  loadingText: ReactNode;
  emptyText: ReactNode;
  renderItem: (item: T) => ReactNode;
  removeLabel: (item: T) => string;
  removeText: ReactNode;
  confirm: { title: string; message: string; label: string };
  onRemove: (item: T) => void;
}) {
  const [removing, setRemoving] = useState<T | null>(null);
  return (
    <>
      {items === undefined ? (
        <Text tone="muted">{loadingText}</Text>
      ) : !items || items.length === 0 ? (
        <Text tone="muted">{emptyText}</Text>
      ) : (
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={testId}>
          {items.map((item) => (
            <li key={item.id} style={{ padding: '0.5rem 0' }}>
              <Stack gap="xs">
                {renderItem(item)}
                <div>
                  <Button size="sm" variant="danger" onPress={() => setRemoving(item)} aria-label={removeLabel(item)}>
                    {removeText}
                  </Button>
                </div>
              </Stack>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.label}
        variant="danger"
        onConfirm={() => {
          if (removing) onRemove(removing);
        }}
      />
    </>
  );
}

/** What the token section asks of the server: the API client's calls, or an in-memory server in stories. */
export type ApiTokenActions = Pick<typeof api.tokens, 'list' | 'create' | 'revoke'>;

export function ApiTokensSection({ actions = api.tokens }: { actions?: ApiTokenActions }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const { data: tokens, mutate } = useSWR(paths.apiTokens, () => actions.list());
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = errorText(null, 'API_TOKEN_NAME_REQUIRED');
    const n = days.trim() === '' ? null : Number(days);
    if (n !== null && (!Number.isInteger(n) || n < 1)) found.expiresAt = errorText(null, 'API_TOKEN_EXPIRY_INVALID');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const created = await actions.create({
        name: name.trim(),
        expiresAt: n === null ? null : new Date(Date.now() + n * DAY_MS).toISOString(),
      });
      setSecret(created.token);
      setName('');
      setDays('');
      await mutate();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, errorText(null, v)])));
      toast({ title: errorText(error, 'CREATE_API_TOKEN_FAILED'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const revoke = async (token: ApiToken) => {
    try {
      await actions.revoke(token.id);
      toast({ title: t`Token revoked`, variant: 'success' });
      await mutate();
    } catch (error) {
      toast({ title: errorText(error, 'REVOKE_API_TOKEN_FAILED'), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>API tokens</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>Scripts and other tools send a token in the Authorization header (Bearer) and can do everything you can do here.</Trans>
        </Text>
        {/* The form stays while the secret is shown: the pending button react-aria announces stays in the page. */}
        {secret ? <SecretOnce label={t`Your new token`} value={secret} onDone={() => setSecret(null)} /> : null}
        <Form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <TextField
              label={t`Token name`}
              value={name}
              onChange={setName}
              isInvalid={!!errors.name}
              errorMessage={errors.name}
              isRequired
            />
            <TextField
              label={t`Expires after (days)`}
              description={t`Leave empty for a token that does not expire.`}
              inputMode="numeric"
              value={days}
              onChange={setDays}
              isInvalid={!!errors.expiresAt}
              errorMessage={errors.expiresAt}
            />
            <div>
              <Button type="submit" variant="primary" isPending={pending}>
                <Trans>Create token</Trans>
              </Button>
            </div>
          </Stack>
        </Form>
        <RemovableList
          items={tokens}
          label={t`API tokens`}
          testId="token-list"
          loadingText={<Trans>Loading tokens...</Trans>}
          emptyText={<Trans>No API tokens yet.</Trans>}
          renderItem={(token) => (
            <>
              <Text>
                <strong>{token.name}</strong> <code>{token.prefix}…</code>
              </Text>
              <Text tone="muted">
                {token.lastUsedAt ? <Trans>Last used {when(token.lastUsedAt)}</Trans> : <Trans>Never used</Trans>}
                {' · '}
                {token.expiresAt ? <Trans>Expires {when(token.expiresAt)}</Trans> : <Trans>Does not expire</Trans>}
              </Text>
            </>
          )}
          removeLabel={(token) => t`Revoke ${token.name}`}
          removeText={<Trans>Revoke</Trans>}
          confirm={{ title: t`Revoke this token?`, message: t`Scripts using it stop working at once.`, label: t`Revoke` }}
          onRemove={(token) => void revoke(token)}
        />
      </Stack>
    </Card>
  );
}

export function WebhooksSection() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const { data: hooks, mutate } = useSWR(paths.webhooks, () => api.webhooks.list());
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEvent>>(new Set(['transcription.completed', 'transcription.failed']));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  const eventLabels: Record<WebhookEvent, string> = {
    'transcription.completed': t`Transcription completed`,
    'transcription.failed': t`Transcription failed`,
    'ai_output.created': t`AI output created`,
  };
  const stateLabels = {
    pending: t`Waiting`,
    retrying: t`Retrying`,
    delivered: t`Delivered`,
    failed: t`Failed`,
  } as const;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!url.trim()) found.url = errorText(null, 'WEBHOOK_URL_INVALID');
    if (events.size === 0) found.events = errorText(null, 'WEBHOOK_EVENTS_REQUIRED');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const created = await api.webhooks.create({ url: url.trim(), events: webhookEvents.filter((ev) => events.has(ev)) });
      setSecret(created.secret);
      setUrl('');
      await mutate();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const shown = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, errorText(null, v)]));
      if (error instanceof ApiError && error.code?.startsWith('WEBHOOK_URL')) shown.url = errorText(error, 'CREATE_WEBHOOK_FAILED');
      setErrors(shown);
      toast({ title: errorText(error, 'CREATE_WEBHOOK_FAILED'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const remove = async (hook: Webhook) => {
    try {
      await api.webhooks.remove(hook.id);
      toast({ title: t`Webhook deleted`, variant: 'success' });
      await mutate();
    } catch (error) {
      toast({ title: errorText(error, 'DELETE_WEBHOOK_FAILED'), variant: 'destructive' });
    }
  };

  const toggle = (event: WebhookEvent, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(event);
    else next.delete(event);
    setEvents(next);
  };

  return (
    <Card>
      <Stack gap="sm">
        <Heading level={2}>
          <Trans>Webhooks</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>We send a signed JSON request to your HTTPS address when these events happen.</Trans>
        </Text>
        {/* As for tokens: the form stays while the secret is shown. */}
        {secret ? <SecretOnce label={t`Signing secret`} value={secret} onDone={() => setSecret(null)} /> : null}
        <Form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <TextField
              label={t`Address (URL)`}
              type="url"
              value={url}
              onChange={setUrl}
              isInvalid={!!errors.url}
              errorMessage={errors.url}
              isRequired
            />
            <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
              <legend>
                <Trans>Events</Trans>
              </legend>
              <Stack gap="xs">
                {webhookEvents.map((event) => (
                  <Checkbox key={event} isSelected={events.has(event)} onChange={(on) => toggle(event, on)}>
                    {eventLabels[event]}
                  </Checkbox>
                ))}
              </Stack>
              {errors.events ? <Text tone="danger">{errors.events}</Text> : null}
            </fieldset>
            <div>
              <Button type="submit" variant="primary" isPending={pending}>
                <Trans>Add webhook</Trans>
              </Button>
            </div>
          </Stack>
        </Form>
        <RemovableList
          items={hooks}
          label={t`Webhooks`}
          testId="webhook-list"
          loadingText={<Trans>Loading webhooks...</Trans>}
          emptyText={<Trans>No webhooks yet.</Trans>}
          renderItem={(hook) => (
            <>
              <Text>
                <strong style={{ wordBreak: 'break-all' }}>{hook.url}</strong>
              </Text>
              <Text tone="muted">{hook.events.map((ev) => eventLabels[ev]).join(', ')}</Text>
              <Text tone="muted">
                {hook.lastDelivery ? (
                  <>
                    <Badge
                      tone={
                        hook.lastDelivery.state === 'delivered' ? 'success' : hook.lastDelivery.state === 'failed' ? 'danger' : 'neutral'
                      }
                    >
                      {stateLabels[hook.lastDelivery.state]}
                    </Badge>{' '}
                    {hook.lastDelivery.lastStatus !== null ? (
                      <Trans>
                        Last delivery {when(hook.lastDelivery.updatedAt)}: HTTP {hook.lastDelivery.lastStatus}
                      </Trans>
                    ) : (
                      <Trans>Last delivery {when(hook.lastDelivery.updatedAt)}</Trans>
                    )}
                  </>
                ) : (
                  <Trans>Nothing delivered yet</Trans>
                )}
              </Text>
            </>
          )}
          removeLabel={(hook) => t`Delete webhook ${hook.url}`}
          removeText={<Trans>Delete</Trans>}
          confirm={{ title: t`Delete this webhook?`, message: t`Deliveries still waiting for it are dropped.`, label: t`Delete` }}
          onRemove={(hook) => void remove(hook)}
        />
      </Stack>
    </Card>
  );
}
