import { useLingui } from '@lingui/react/macro';
import { ApiError, shareLimits, type CreateShareRequest, type CreateShareResponse, type Share } from '@scribe/api-client';
import { Alert, Button, Checkbox, Dialog, Form, Spinner, Text, TextField, toast } from '@scribe/ui';
import { useCallback, useEffect, useState } from 'react';
import { translateError } from '../../i18n/errors.ts';
import * as styles from './shareDialog.css.ts';

/** What the dialog needs of the API (the app passes `api.shares`; stories pass fakes). */
export interface ShareActions {
  create: (transcriptId: number, body: CreateShareRequest) => Promise<CreateShareResponse>;
  list: (transcriptId: number) => Promise<{ shares: Share[] } | null>;
  revoke: (id: number) => Promise<unknown>;
}

export interface ShareDialogProps {
  transcript: { id: number; name: string } | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  actions: ShareActions;
  /** The page's origin for the link to copy (window.location.origin in the app). */
  origin: string;
}

/**
 * The owner's links to one transcript: create one (optional expiry in days, AI outputs or not), copy it
 * (its token is shown only now), and the list of links with Revoke (which ends a link at once).
 */
export function ShareDialog({ transcript, isOpen, onOpenChange, actions, origin }: ShareDialogProps) {
  const { t } = useLingui();
  const name = transcript?.name;
  return (
    <Dialog title={name !== undefined ? t`Share “${name}”` : t`Share`} size="md" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      {transcript ? <ShareContent key={transcript.id} transcriptId={transcript.id} actions={actions} origin={origin} /> : null}
    </Dialog>
  );
}

function ShareContent({ transcriptId, actions, origin }: { transcriptId: number; actions: ShareActions; origin: string }) {
  const { t, i18n } = useLingui();
  const [days, setDays] = useState('');
  const [includeAiOutputs, setIncludeAiOutputs] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [shares, setShares] = useState<Share[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const message = (e: unknown, fallback: string) => (e instanceof ApiError ? translateError(i18n, e) : fallback);

  const load = useCallback(async () => {
    try {
      setShares((await actions.list(transcriptId))?.shares ?? []);
      setListError(null);
    } catch (e) {
      setListError(message(e, t`Failed to load the share links`));
    }
    // `message` and `t` follow the language; a reload on a language switch is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actions, transcriptId]);
  useEffect(() => {
    void load();
  }, [load]);

  const max = shareLimits.maxDays;
  const submit = async () => {
    const trimmed = days.trim();
    const n = Number(trimmed);
    if (trimmed !== '' && (!Number.isInteger(n) || n < 1 || n > max)) {
      return setInvalid(t`Enter a whole number of days from 1 to ${max}, or leave it empty`);
    }
    setPending(true);
    setError(null);
    try {
      const res = await actions.create(transcriptId, { includeAiOutputs, ...(trimmed === '' ? {} : { expiresInDays: n }) });
      setCreated(new URL(res.url, origin).toString());
      await load();
    } catch (e) {
      setError(message(e, t`Failed to create the share link`));
    } finally {
      setPending(false);
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t`Link copied to clipboard` });
    } catch {
      toast({ title: t`Failed to copy the link`, variant: 'destructive' });
    }
  };

  const revoke = async (share: Share) => {
    try {
      await actions.revoke(share.id);
      toast({ title: t`Share link revoked` });
      await load();
    } catch (e) {
      toast({ title: message(e, t`Failed to revoke the share link`), variant: 'destructive' });
    }
  };

  return (
    <div className={styles.form}>
      <Text tone="muted">{t`Anyone with the link can read this transcript and play its audio, without signing in.`}</Text>
      <Form onSubmit={() => void submit()}>
        <TextField
          label={t`Expires after (days)`}
          description={t`Leave empty for a link that lasts until you revoke it.`}
          name="expiresInDays"
          inputMode="numeric"
          value={days}
          onChange={(value) => {
            setDays(value);
            if (invalid) setInvalid(null);
          }}
          isInvalid={invalid !== null}
          errorMessage={invalid ?? undefined}
          isDisabled={pending}
        />
        <Checkbox isSelected={includeAiOutputs} onChange={setIncludeAiOutputs} isDisabled={pending}>
          {t`Include AI outputs`}
        </Checkbox>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className={styles.row}>
          <Button type="submit" variant="primary" isPending={pending}>
            {t`Create link`}
          </Button>
        </div>
      </Form>
      {created ? (
        <div className={styles.created}>
          <TextField label={t`New link (shown only now)`} value={created} isReadOnly />
          <div className={styles.row}>
            <Button onPress={() => void copy(created)}>{t`Copy link`}</Button>
          </div>
        </div>
      ) : null}
      <section aria-label={t`Share links`} className={styles.created}>
        <Text weight="semibold">{t`Share links`}</Text>
        {listError ? <Alert tone="danger">{listError}</Alert> : null}
        {shares === null && !listError ? <Spinner aria-label={t`Loading share links`} /> : null}
        {shares?.length === 0 ? <Text tone="muted">{t`This transcript has no share links.`}</Text> : null}
        {shares && shares.length > 0 ? (
          <ul className={styles.list}>
            {shares.map((share) => (
              <ShareRow key={share.id} share={share} onRevoke={() => void revoke(share)} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/** One link: when it was made, when it ends, whether it shows the AI outputs, and Revoke. */
function ShareRow({ share, onRevoke }: { share: Share; onRevoke: () => void }) {
  const { t, i18n } = useLingui();
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const created = date(share.createdAt);
  const ends = share.expiresAt === null ? null : date(share.expiresAt);
  return (
    <li className={styles.item}>
      <Text size="sm">
        {t`Created ${created}`}
        {' · '}
        {ends === null ? t`No expiry` : share.expired ? t`Expired ${ends}` : t`Expires ${ends}`}
        {share.includeAiOutputs ? ` · ${t`With AI outputs`}` : null}
      </Text>
      <Button size="sm" variant="danger" onPress={onRevoke}>
        {t`Revoke`}
      </Button>
    </li>
  );
}
