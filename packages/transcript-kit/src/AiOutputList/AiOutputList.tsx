import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import {
  KIT_ROOT_CLASS,
  Alert,
  Button,
  Card,
  Dialog,
  Form,
  Heading,
  IconButton,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Skeleton,
  SkeletonGroup,
  Text,
  toast,
} from '@scribe/ui';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components';
import { combinedOutputsText, menuName, splitTimestamps } from '../ai/timestamps.ts';
import { CopyIcon, DownloadIcon, ShareIcon, SparklesIcon, TrashIcon } from '@scribe/ui/icons';
import * as controls from '../styles/controls.css.ts';
import * as styles from './AiOutputList.css.ts';

export type AiExportFormat = 'pdf' | 'docx' | 'txt';
/** Which outputs an export covers: all of them, or one by id. */
export type AiExportTarget = { kind: 'all' } | { kind: 'one'; id: number; prompt: string };

export interface AiOutputItem {
  id: number;
  prompt: string;
  output: string;
  /** ISO date-time. */
  createdAt: string;
  /** What produced it, e.g. 'rule-based' or a provider's model id (shown as a small note). */
  model?: string;
}

export type AiOutputListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; outputs: AiOutputItem[] };

export interface AiOutputListProps {
  state: AiOutputListState;
  /** The transcript's title for the header; 'AI Output' without one. */
  title?: string | null;
  /** A time stamp in an output was pressed: seek the player to this second. */
  onSeek: (seconds: number) => void;
  /** Download or open an export (the app knows the URLs); without it, no Export or Download menus (a read-only page). */
  onExport?: (target: AiExportTarget, format: AiExportFormat) => void;
  /**
   * Replaces the default toasts of the copy button ('Text copied to clipboard' / 'Failed to copy text'),
   * which the host's ToastProvider shows, or without one a notification region the kit adds itself.
   */
  onCopy?: (result: { ok: boolean; text: string }) => void;
  /** An answer being generated (streamed by the provider), shown above the stored outputs. */
  pending?: { prompt: string; text: string; progress?: AiPendingProgress | null } | null;
  /** Offers 'Run on another transcript…' on each output: the same prompt on one of these transcripts. */
  rerun?: AiOutputRerun;
  /** Offers Delete on each output (the host confirms, offers Undo and calls the server); without it, no Delete. */
  onDelete?: (item: AiOutputItem) => void;
  /**
   * An output to bring to the reader, e.g. the one a search hit was found in: it is scrolled to,
   * focused, marked (aria-current) and becomes the Export menu's chosen output. Each new value does it again.
   */
  revealOutputId?: number | null;
}

/**
 * Where a long run on a language model is: reading the transcript's `part` of `parts`, combining notes,
 * or writing the answer.
 */
export interface AiPendingProgress {
  phase: 'reading' | 'combining' | 'answering';
  part: number;
  parts: number;
}

export interface AiOutputRerun {
  /** The transcripts it can run on (the app leaves out this one and unfinished ones); `label` names it in the picker. */
  transcripts: ReadonlyArray<{ id: number; label: string }>;
  /** Runs the output's prompt on the chosen transcript; the dialog is busy while the promise runs and closes after. */
  onRun: (output: AiOutputItem, transcriptId: number) => Promise<void> | void;
}

/** Output text with every m:ss, mm:ss and h:mm:ss time stamp as a button that seeks the player. */
export function OutputText({ text, onSeek }: { text: string; onSeek: (seconds: number) => void }) {
  const { t } = useLingui();
  const parts = useMemo(() => splitTimestamps(text), [text]);
  return (
    <p className={styles.output}>
      {parts.map((part, i) =>
        part.kind === 'time' ? (
          <RACButton key={i} className={styles.time} aria-label={t`Play from ${part.text}`} onPress={() => onSeek(part.seconds)}>
            {part.text}
          </RACButton>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

/** The three formats with names a reader knows: PDF, Word (DOCX), Text (TXT). */
function FormatItems({ prefix }: { prefix: string }) {
  const { t } = useLingui();
  return (
    <>
      <MenuItem id={`${prefix}:pdf`}>PDF</MenuItem>
      <MenuItem id={`${prefix}:docx`}>{t`Word (DOCX)`}</MenuItem>
      <MenuItem id={`${prefix}:txt`}>{t`Text (TXT)`}</MenuItem>
    </>
  );
}

/** The AI output tab: loading skeleton, error heading, empty state, or the outputs with clickable times. */
function AiOutputListView({ state, title, onSeek, onExport, onCopy, pending, rerun, onDelete, revealOutputId }: AiOutputListProps) {
  const { t, i18n } = useLingui();
  const [rerunning, setRerunning] = useState<AiOutputItem | null>(null);
  // The output the Export menu offers beside 'All outputs': the one last pressed or focused, else the newest.
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Reveal an output once it is listed: scroll to it, focus it and make it the chosen one.
  const listRef = useRef<HTMLUListElement>(null);
  const revealed = useRef<number | null>(null);
  const ready = state.status === 'ready' && revealOutputId != null && state.outputs.some((o) => o.id === revealOutputId);
  useEffect(() => {
    if (!ready || revealOutputId == null || revealed.current === revealOutputId) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-output-id="${revealOutputId}"]`);
    if (!item) return;
    revealed.current = revealOutputId;
    setChosenId(revealOutputId);
    item.scrollIntoView({ block: 'start' });
    item.focus({ preventScroll: true });
  }, [ready, revealOutputId]);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (state.status === 'loading') {
    return (
      <div className={styles.root} aria-busy="true">
        <SkeletonGroup aria-label={t`Loading AI outputs`}>
          <Skeleton width="40%" height={20} />
          <Skeleton lines={4} />
          <Skeleton lines={3} />
        </SkeletonGroup>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.root}>
        <Alert tone="danger" title={t`Failed to load AI outputs`}>
          {state.message}
        </Alert>
      </div>
    );
  }
  const { outputs } = state;
  const progress = pending?.progress;
  const part = progress?.part ?? 0;
  const parts = progress?.parts ?? 0;
  const pendingStatus = !progress
    ? t`Generating…`
    : progress.phase === 'reading'
      ? t`Reading part ${part} of ${parts}…`
      : progress.phase === 'combining'
        ? t`Combining notes ${part} of ${parts}…`
        : t`Writing the answer…`;
  const pendingCard = pending ? (
    <Card as="article">
      <div aria-live="polite" aria-busy="true">
        <Text size="sm" tone="muted">
          {pendingStatus}
        </Text>
        <h3 className={styles.prompt}>{pending.prompt}</h3>
        <p className={styles.output}>{pending.text}</p>
      </div>
    </Card>
  ) : null;
  if (outputs.length === 0 && pendingCard) return <div className={styles.root}>{pendingCard}</div>;
  if (outputs.length === 0) {
    return (
      <div className={styles.empty}>
        <Heading level={3}>{t`No AI outputs yet`}</Heading>
        <Text tone="muted">{t`Use the AI panel to run a prompt on this transcript. The results appear here.`}</Text>
      </div>
    );
  }

  const heading = title || t`AI Output`;
  const chosen = outputs.find((o) => o.id === chosenId) ?? outputs[0];
  const combined = combinedOutputsText(outputs, formatDate);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(combined);
      if (onCopy) onCopy({ ok: true, text: combined });
      else toast({ title: t`Text copied to clipboard`, variant: 'success' });
    } catch {
      if (onCopy) onCopy({ ok: false, text: combined });
      else toast({ title: t`Failed to copy text`, variant: 'destructive' });
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () => {
    navigator.share({ title: heading, text: combined }).catch(() => undefined);
  };
  const exportAction = (key: string | number) => {
    const [target, format] = String(key).split(':') as [string, AiExportFormat];
    if (target === 'all') onExport?.({ kind: 'all' }, format);
    else {
      const o = outputs.find((x) => String(x.id) === target);
      if (o) onExport?.({ kind: 'one', id: o.id, prompt: o.prompt }, format);
    }
  };

  return (
    <section className={`${KIT_ROOT_CLASS} ${styles.root}`} aria-label={heading}>
      <div className={styles.header}>
        <Heading level={2}>{heading}</Heading>
        <div className={styles.actions}>
          <Button size="sm" icon={<CopyIcon />} onPress={() => void copy()}>
            {t`Copy`}
          </Button>
          {canShare ? (
            <Button size="sm" icon={<ShareIcon />} onPress={share}>
              {t`Share`}
            </Button>
          ) : null}
          {onExport ? (
            <MenuTrigger>
              <Button size="sm" icon={<DownloadIcon />}>
                {t`Export`}
              </Button>
              <Menu aria-label={t`Export AI outputs`} placement="bottom end" onAction={exportAction}>
                <MenuSection title={t`All outputs`}>
                  <FormatItems prefix="all" />
                </MenuSection>
                {/* The chosen output, titled with its prompt (cut at 30) and its date: the same prompt run twice stays apart. */}
                <MenuSection title={`${menuName(chosen.prompt)} · ${formatDate(chosen.createdAt)}`}>
                  <FormatItems prefix={String(chosen.id)} />
                </MenuSection>
              </Menu>
            </MenuTrigger>
          ) : null}
        </div>
      </div>
      {pendingCard}
      <ul className={styles.list} ref={listRef}>
        {outputs.map((o) => (
          <li
            key={o.id}
            data-output-id={o.id}
            // Focusable from code only (the revealed output), not a tab stop.
            tabIndex={-1}
            aria-current={o.id === revealOutputId ? 'true' : undefined}
            className={o.id === revealOutputId ? styles.revealed : styles.listItem}
            onFocus={() => setChosenId(o.id)}
            onPointerDown={() => setChosenId(o.id)}
          >
            <OutputCard
              item={o}
              date={formatDate(o.createdAt)}
              onSeek={onSeek}
              onAction={onExport ? exportAction : undefined}
              onRerun={rerun ? () => setRerunning(o) : undefined}
              onDelete={onDelete ? () => onDelete(o) : undefined}
            >
              <OutputText text={o.output} onSeek={onSeek} />
            </OutputCard>
          </li>
        ))}
      </ul>
      {rerun ? (
        <Dialog
          title={t`Run on another transcript`}
          size="sm"
          isOpen={rerunning !== null}
          onOpenChange={(open) => {
            if (!open) setRerunning(null);
          }}
        >
          {({ close }) =>
            rerunning ? <RerunForm output={rerunning} rerun={rerun} onCancel={close} onDone={() => setRerunning(null)} /> : null
          }
        </Dialog>
      ) : null}
    </section>
  );
}

function OutputCard({
  item,
  date,
  children,
  onAction,
  onRerun,
  onDelete,
}: {
  item: AiOutputItem;
  date: string;
  children: ReactNode;
  onSeek: (s: number) => void;
  onAction?: (key: string | number) => void;
  onRerun?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useLingui();
  return (
    <Card as="article">
      <div className={styles.itemHeader}>
        <div>
          <Text size="sm" tone="muted">
            <time dateTime={item.createdAt}>{date}</time>
            {item.model ? ` · ${item.model}` : null}
          </Text>
          <h3 className={styles.prompt}>{item.prompt}</h3>
        </div>
        <div className={styles.cardActions}>
          {onRerun ? (
            <IconButton
              size="sm"
              aria-label={t`Run on another transcript: ${menuName(item.prompt)}`}
              icon={<SparklesIcon />}
              onPress={onRerun}
            />
          ) : null}
          {onAction ? (
            <MenuTrigger>
              <IconButton size="sm" aria-label={t`Download ${menuName(item.prompt)}`} icon={<DownloadIcon />} />
              <Menu aria-label={t`Download ${menuName(item.prompt)}`} placement="bottom end" onAction={onAction}>
                <FormatItems prefix={String(item.id)} />
              </Menu>
            </MenuTrigger>
          ) : null}
          {onDelete ? (
            <IconButton size="sm" aria-label={t`Delete ${menuName(item.prompt)}`} icon={<TrashIcon />} onPress={onDelete} />
          ) : null}
        </div>
      </div>
      {children}
    </Card>
  );
}

/** The picker of the re-run dialog: the prompt, a transcript, Run. */
function RerunForm({
  output,
  rerun,
  onCancel,
  onDone,
}: {
  output: AiOutputItem;
  rerun: AiOutputRerun;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const selectId = useId();
  const [target, setTarget] = useState<number | null>(rerun.transcripts[0]?.id ?? null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    if (target === null) return;
    const result = rerun.onRun(output, target);
    // Busy only while a returned promise runs: a synchronous handler closes the dialog at once.
    if (result && typeof result.then === 'function') {
      setPending(true);
      try {
        await result;
      } finally {
        setPending(false);
      }
    }
    onDone();
  };
  return (
    <Form onSubmit={() => void submit()}>
      <Text size="sm" tone="muted">{t`Prompt`}</Text>
      <p className={styles.rerunPrompt}>{output.prompt}</p>
      {rerun.transcripts.length === 0 ? (
        <Text>{t`No other completed transcript yet.`}</Text>
      ) : (
        <div className={styles.rerunField}>
          <label htmlFor={selectId} className={controls.label}>
            {t`Transcript`}
          </label>
          <select
            id={selectId}
            className={controls.select}
            value={target ?? ''}
            onChange={(e) => setTarget(Number(e.target.value))}
            disabled={pending}
          >
            {rerun.transcripts.map((tr) => (
              <option key={tr.id} value={tr.id}>
                {tr.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.dialogActions}>
        <Button onPress={onCancel} isDisabled={pending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="primary" isPending={pending} isDisabled={target === null}>
          {t`Run prompt`}
        </Button>
      </div>
    </Form>
  );
}

export const AiOutputList = withKitProvider(AiOutputListView, 'AiOutputList');
