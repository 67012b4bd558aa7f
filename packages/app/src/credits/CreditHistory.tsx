import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CreditHistoryEntry } from '@scribe/api-client';
import { Alert, Button, Heading, Skeleton, Stack, Text } from '@scribe/ui';
import { useCreditHistory } from '../data/credits.ts';
import * as styles from './credits.css.ts';

/** What one ledger entry was for, in the reader's language. */
function useEntryLabel() {
  const { t } = useLingui();
  return (entry: CreditHistoryEntry): string => {
    const title = entry.transcript?.title;
    switch (entry.kind) {
      case 'starting_grant':
        return t`Starting credits`;
      case 'admin_grant':
        return entry.reason ? t`Credits granted: ${entry.reason}` : t`Credits granted`;
      case 'purchase':
        return t`Purchase`;
      case 'transcription':
        return title ? t`Transcription of “${title}”` : t`Transcription of a deleted transcript`;
      case 'ai_prompt':
        return title ? t`AI prompt on “${title}”` : t`AI prompt`;
      case 'refund':
        if (entry.refundOf === 'transcription') return title ? t`Refund: transcription of “${title}”` : t`Refund: transcription`;
        if (entry.refundOf === 'ai_prompt') return title ? t`Refund: AI prompt on “${title}”` : t`Refund: AI prompt`;
        return t`Refund`;
    }
  };
}

/**
 * The credits page's history: grants, purchases with their receipt, charges per transcript and per
 * prompt, and refunds, newest first, a page at a time (GET /api/credits/history).
 */
export function CreditHistory() {
  const { t, i18n } = useLingui();
  const label = useEntryLabel();
  const { data, error, size, setSize, isLoading, isValidating } = useCreditHistory();
  const entries = (data ?? []).flatMap((page) => page?.entries ?? []);
  const last = data?.at(-1);
  const hasMore = Boolean(last?.nextCursor);
  const loadingMore = isValidating && data !== undefined && data.length < size;
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  // In the table the day sits over the time, neither broken: a row's date takes two lines whatever the
  // date, instead of wrapping wherever its length happens to fall on a narrow screen.
  const day = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium' });
  const clock = (iso: string) => i18n.date(new Date(iso), { timeStyle: 'short' });
  const signed = (n: number) => (n > 0 ? `+${i18n.number(n)}` : i18n.number(n).replace('-', '−'));
  const money = (cents: number, currency: string) =>
    i18n.number(cents / 100, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2 });

  return (
    <section aria-labelledby="credit-history-heading">
      <Stack gap="md">
        <Heading level={2} id="credit-history-heading">
          <Trans>Credit history</Trans>
        </Heading>
        {error ? (
          <Alert tone="danger" title={t`Failed to load the credit history`} />
        ) : isLoading || !data ? (
          <Skeleton height={160} />
        ) : entries.length === 0 ? (
          <Text tone="muted">
            <Trans>No credit changes yet.</Trans>
          </Text>
        ) : (
          <div className={styles.historyScroll} tabIndex={0} role="region" aria-labelledby="credit-history-heading">
            <table className={styles.historyTable}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Description</Trans>
                  </th>
                  <th scope="col" className={styles.number}>
                    <Trans>Credits</Trans>
                  </th>
                  <th scope="col" className={styles.number}>
                    <Trans>Balance</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-testid="credit-history-entry">
                    <td>
                      <time dateTime={entry.createdAt} className={styles.when}>
                        <span>{day(entry.createdAt)}</span> <span>{clock(entry.createdAt)}</span>
                      </time>
                    </td>
                    <td>
                      <div>{label(entry)}</div>
                      {entry.kind === 'ai_prompt' && entry.model ? (
                        <Text as="div" size="sm" tone="muted">
                          {entry.model === 'local' ? t`Built-in engine` : entry.model}
                        </Text>
                      ) : null}
                      {entry.kind === 'transcription' && entry.minutes ? (
                        <Text as="div" size="sm" tone="muted">
                          <Plural value={entry.minutes} one="# started minute" other="# started minutes" />
                        </Text>
                      ) : null}
                      {entry.receipt ? (
                        <dl className={styles.receipt} aria-label={t`Receipt`}>
                          <dt>
                            <Trans>Amount</Trans>
                          </dt>
                          <dd>{money(entry.receipt.amountCents, entry.receipt.currency)}</dd>
                          <dt>
                            <Trans>Date</Trans>
                          </dt>
                          <dd>{when(entry.receipt.paidAt)}</dd>
                          <dt>
                            <Trans>Package</Trans>
                          </dt>
                          <dd>
                            <Trans>{i18n.number(entry.receipt.credits)} credits</Trans>
                          </dd>
                          <dt>
                            <Trans>Reference</Trans>
                          </dt>
                          <dd className={styles.mono}>
                            {entry.receipt.providerReference}
                            {entry.receipt.provider === 'test' ? ` (${t`test mode`})` : ''}
                          </dd>
                        </dl>
                      ) : null}
                    </td>
                    <td className={styles.number}>{signed(entry.amount)}</td>
                    <td className={styles.number}>{i18n.number(entry.balanceAfter)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {hasMore ? (
          <div>
            <Button onPress={() => void setSize(size + 1)} isPending={loadingMore}>
              <Trans>Show older entries</Trans>
            </Button>
          </div>
        ) : null}
      </Stack>
    </section>
  );
}
