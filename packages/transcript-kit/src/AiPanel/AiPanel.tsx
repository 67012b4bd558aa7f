import { Plural, useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import {
  KIT_ROOT_CLASS,
  Alert,
  Button,
  ConfirmDialog,
  Dialog,
  Form,
  IconButton,
  Menu,
  MenuItem,
  MenuTrigger,
  Text,
  TextArea,
  TextField,
} from '@scribe/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DropIndicator, GridList, GridListItem, Button as RACButton, useDragAndDrop, type Key } from 'react-aria-components';
import { BookIcon, DragHandleIcon, FileTextIcon, LanguagesIcon, MoreIcon, PlusIcon, TrashIcon, WandIcon } from '@scribe/ui/icons';
import { moveAround, moveBy, sameOrder } from '../ai/promptOrder.ts';
import * as styles from './AiPanel.css.ts';
import { useTruncated } from '../text/useTruncated.ts';

export type PromptIconName = 'FileText' | 'Languages' | 'Book' | 'Wand2';
export const PROMPT_ICONS: readonly PromptIconName[] = ['FileText', 'Languages', 'Book', 'Wand2'];

export function PromptIcon({ name }: { name: PromptIconName }) {
  switch (name) {
    case 'Languages':
      return <LanguagesIcon />;
    case 'Book':
      return <BookIcon />;
    case 'Wand2':
      return <WandIcon />;
    default:
      return <FileTextIcon />;
  }
}

export interface SavedPromptItem {
  id: number;
  name: string;
  prompt: string;
  icon: PromptIconName;
}

export interface AiModelOption {
  id: string;
  /** The option's name, short enough to show whole in the menu (e.g. 'Local engine'). */
  label: string;
  /** More about the model, shown under the menu while it is chosen (and read as the menu's description). */
  description?: string;
}

export interface NewPrompt {
  name: string;
  prompt: string;
  icon: PromptIconName;
}

export interface AiPanelProps {
  /** Without a transcript only the no-transcript message shows. */
  hasTranscript: boolean;
  /** The no-transcript message (e.g. the mobile 'Tap the menu button…' text). */
  noTranscriptMessage?: ReactNode;
  models: AiModelOption[];
  model: string;
  onModelChange: (id: string) => void;
  savedPrompts: SavedPromptItem[];
  /** Runs a prompt text over the transcript; the panel is busy while the promise runs. */
  onRun: (prompt: string) => Promise<void> | void;
  /** Rejects with an Error whose message is shown in the dialog. */
  onCreatePrompt: (prompt: NewPrompt) => Promise<void> | void;
  onDeletePrompt: (id: number) => Promise<void> | void;
  /** Saves an edited prompt; rejects with an Error whose message is shown in the dialog. Without it: no Edit action. */
  onUpdatePrompt?: (id: number, prompt: NewPrompt) => Promise<void> | void;
  /** The saved prompts' ids in their new order (drag and drop, or Move up/down). Without it: fixed order. */
  onReorderPrompts?: (ids: number[]) => Promise<void> | void;
  /** A prompt is running (also set by the app, e.g. from another tab). */
  isRunning?: boolean;
  /** Credits one run costs with the chosen model, shown on every prompt button; unknown: not shown. */
  promptCost?: number;
}

/** The default prompts (api-client `defaultPrompts`), in the user's language; the local engine knows both wordings. */
export function useDefaultPrompts(): Array<{ id: string; name: string; prompt: string; icon: PromptIconName }> {
  const { t } = useLingui();
  return [
    { id: 'bullets', icon: 'FileText', name: t`Bullet points`, prompt: t`Summarize the transcript as bullet points.` },
    {
      id: 'grammar',
      icon: 'Languages',
      name: t`Improve grammar and punctuation`,
      prompt: t`Improve the grammar and punctuation of the transcript.`,
    },
    { id: 'keyPoints', icon: 'Book', name: t`Highlight key points`, prompt: t`Highlight the key points of the transcript.` },
    { id: 'questions', icon: 'FileText', name: t`Extract questions`, prompt: t`Extract all questions asked in the transcript.` },
    { id: 'emotions', icon: 'Wand2', name: t`Identify emotions`, prompt: t`Identify the emotions expressed in the transcript.` },
    { id: 'faq', icon: 'Book', name: t`Generate FAQ`, prompt: t`Generate an FAQ from the transcript.` },
    { id: 'statistics', icon: 'FileText', name: t`Extract statistics`, prompt: t`Extract statistics from the transcript.` },
    { id: 'fillers', icon: 'Wand2', name: t`Remove filler words`, prompt: t`Remove filler words from the transcript.` },
    {
      id: 'actionItems',
      icon: 'FileText',
      name: t`Action items`,
      prompt: t`List the action items of the transcript: who does what, and by when.`,
    },
    { id: 'decisions', icon: 'Book', name: t`Decisions`, prompt: t`List the decisions made in the transcript.` },
  ];
}

/** The AI features panel: free prompt with a model choice, the default prompts and the saved prompts. */
function AiPanelView(props: AiPanelProps) {
  const { t } = useLingui();
  const { hasTranscript, models, model, onModelChange, savedPrompts, onRun, onCreatePrompt, onDeletePrompt, promptCost } = props;
  const { onUpdatePrompt, onReorderPrompts } = props;
  const defaults = useDefaultPrompts();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [running, setRunning] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SavedPromptItem | null>(null);
  const [editing, setEditing] = useState<SavedPromptItem | null>(null);
  const selectId = useId();
  const modelHintId = useId();
  const modelHint = models.find((m) => m.id === model)?.description;
  const busy = running || Boolean(props.isRunning);

  const ids = savedPrompts.map((p) => p.id);
  const reorder = (next: number[]) => {
    if (onReorderPrompts && !sameOrder(ids, next)) void onReorderPrompts(next);
  };
  // Mounted on every render (react-aria wants the same hooks), disabled without a reorder handler.
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled: !onReorderPrompts,
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': savedPrompts.find((p) => p.id === key)?.name ?? String(key) })),
    renderDropIndicator: (target) => <DropIndicator target={target} className={styles.dropIndicator} />,
    onReorder: (e) => {
      if (e.target.dropPosition === 'on') return;
      reorder(moveAround(ids, new Set([...e.keys].map(Number)), Number(e.target.key), e.target.dropPosition));
    },
  });

  if (!hasTranscript) {
    return (
      <div className={styles.empty}>
        <Text tone="muted">{props.noTranscriptMessage ?? t`Select a transcript to use AI features`}</Text>
      </div>
    );
  }

  const run = async (prompt: string) => {
    if (busy) return;
    setRunning(true);
    try {
      await onRun(prompt);
    } finally {
      setRunning(false);
    }
  };

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setInvalid(true);
      return;
    }
    await run(trimmed);
  };

  return (
    <div className={`${KIT_ROOT_CLASS} ${styles.root}`}>
      <Form onSubmit={() => void submit()}>
        <TextArea
          label={t`Prompt`}
          name="prompt"
          value={text}
          onChange={(v) => {
            setText(v);
            if (invalid && v.trim()) setInvalid(false);
          }}
          isInvalid={invalid}
          errorMessage={t`Please enter a prompt`}
          placeholder={t`Ask anything about this transcript…`}
          rows={3}
          isDisabled={busy}
        />
        <div className={styles.section}>
          <label htmlFor={selectId} className={styles.label}>
            {t`Model`}
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={model}
            onChange={(e) => onModelChange(e.target.value)}
            disabled={busy}
            aria-describedby={modelHint ? modelHintId : undefined}
          >
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          {modelHint ? (
            <span id={modelHintId} className={styles.modelHint}>
              {modelHint}
            </span>
          ) : null}
        </div>
        <div className={styles.runRow}>
          <Button type="submit" variant="primary" isPending={busy}>
            {t`Run prompt`}
            {promptCost !== undefined ? <PromptCost credits={promptCost} /> : null}
          </Button>
        </div>
      </Form>

      <section className={styles.section} aria-labelledby={`${selectId}-saved`}>
        <div className={styles.sectionHeader}>
          <h3 id={`${selectId}-saved`} className={styles.sectionTitle}>{t`Saved prompts`}</h3>
          <Button size="sm" icon={<PlusIcon />} onPress={() => setCreating(true)}>
            {t`New prompt`}
          </Button>
        </div>
        {savedPrompts.length === 0 ? (
          <Text size="sm" tone="muted">{t`No saved prompts yet.`}</Text>
        ) : (
          // A grid: each row is a prompt with its actions; the grip drags it, Move up/down do the same by keyboard.
          <GridList
            aria-labelledby={`${selectId}-saved`}
            items={savedPrompts}
            // react-aria caches each row by its item: the rows read the current order, busy state and cost.
            dependencies={[ids.join(','), busy, promptCost, Boolean(onUpdatePrompt), Boolean(onReorderPrompts)]}
            dragAndDropHooks={dragAndDropHooks}
            className={styles.promptList}
            layout="stack"
          >
            {(p) => (
              <GridListItem id={p.id} textValue={p.name} className={styles.promptRow}>
                {onReorderPrompts ? (
                  <RACButton slot="drag" className={styles.dragHandle}>
                    <DragHandleIcon />
                  </RACButton>
                ) : null}
                <PromptButton prompt={p} isDisabled={busy} cost={promptCost} onRun={run} />
                {onUpdatePrompt || onReorderPrompts ? (
                  <MenuTrigger>
                    <IconButton size="sm" variant="ghost" aria-label={t`Actions for prompt ${p.name}`} icon={<MoreIcon />} />
                    <Menu
                      aria-label={t`Actions for prompt ${p.name}`}
                      placement="bottom end"
                      disabledKeys={[...(ids[0] === p.id ? ['up'] : []), ...(ids[ids.length - 1] === p.id ? ['down'] : [])]}
                      onAction={(key: Key) => {
                        if (key === 'edit') setEditing(p);
                        else if (key === 'up' || key === 'down') reorder(moveBy(ids, p.id, key === 'up' ? -1 : 1));
                      }}
                    >
                      {onUpdatePrompt ? <MenuItem id="edit">{t`Edit…`}</MenuItem> : null}
                      {onReorderPrompts ? <MenuItem id="up">{t`Move up`}</MenuItem> : null}
                      {onReorderPrompts ? <MenuItem id="down">{t`Move down`}</MenuItem> : null}
                    </Menu>
                  </MenuTrigger>
                ) : null}
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t`Delete prompt ${p.name}`}
                  icon={<TrashIcon />}
                  onPress={() => setDeleting(p)}
                />
              </GridListItem>
            )}
          </GridList>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`${selectId}-defaults`}>
        <h3 id={`${selectId}-defaults`} className={styles.sectionTitle}>{t`Default prompts`}</h3>
        <ul className={styles.promptList}>
          {defaults.map((p) => (
            <li key={p.id} className={styles.promptRow}>
              <PromptButton prompt={p} isDisabled={busy} cost={promptCost} onRun={run} />
            </li>
          ))}
        </ul>
      </section>

      <CreatePromptDialog isOpen={creating} onOpenChange={setCreating} onSubmit={onCreatePrompt} />
      {onUpdatePrompt ? (
        <CreatePromptDialog
          isOpen={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          initial={editing ?? undefined}
          onSubmit={(changed) => (editing ? onUpdatePrompt(editing.id, changed) : undefined)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t`Delete prompt`}
        message={deleting ? t`Delete the saved prompt "${deleting.name}"?` : ''}
        confirmLabel={t`Delete`}
        variant="danger"
        onConfirm={() => {
          if (deleting) void onDeletePrompt(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}

/** A saved or default prompt: runs it, with its icon, its name and its cost (when known, its description). */
function PromptButton({
  prompt,
  isDisabled,
  cost,
  onRun,
}: {
  prompt: { name: string; prompt: string; icon: PromptIconName };
  isDisabled: boolean;
  cost: number | undefined;
  onRun: (prompt: string) => Promise<unknown>;
}) {
  const costId = useId();
  return (
    <RACButton
      className={styles.promptButton}
      isDisabled={isDisabled}
      onPress={() => void onRun(prompt.prompt)}
      aria-describedby={cost !== undefined ? costId : undefined}
    >
      <PromptIcon name={prompt.icon} />
      <PromptName name={prompt.name} />
      {cost !== undefined ? <PromptCost id={costId} credits={cost} /> : null}
    </RACButton>
  );
}

/**
 * A prompt's name on its button: up to two lines, and when even two lines cut it off (measured whenever
 * its size changes), the whole name in a box under the button while it is hovered or has the keyboard focus.
 */
function PromptName({ name }: { name: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const truncated = useTruncated(ref, name, { lines: true });
  return (
    <>
      <span ref={ref} className={styles.promptName} title={truncated ? name : undefined}>
        {name}
      </span>
      {/* The text comes from the attribute (CSS content): the button's name is not read twice. */}
      <span className={styles.promptFullName} data-full-name={name} data-truncated={truncated || undefined} aria-hidden="true" />
    </>
  );
}

/**
 * '1 credit' on a prompt button: what pressing it costs. Hidden from the button's name (the name is the
 * prompt's) and read as its description through aria-describedby, which reads hidden text too.
 */
function PromptCost({ id, credits }: { id?: string; credits: number }) {
  return (
    <span id={id} className={styles.promptCost} aria-hidden={id ? true : undefined}>
      <Plural value={credits} one="# credit" other="# credits" />
    </span>
  );
}

export interface CreatePromptDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (prompt: NewPrompt) => Promise<void> | void;
  /** A saved prompt to edit: the dialog is 'Edit prompt', prefilled with it. */
  initial?: NewPrompt;
}

/** Name, text and icon of a new (or edited) saved prompt: 'Please provide both a name and a prompt' when one is blank. */
function CreatePromptDialogView({ isOpen, onOpenChange, onSubmit, initial }: CreatePromptDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog title={initial ? t`Edit prompt` : t`Create prompt`} size="sm" isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <CreatePromptForm initial={initial} onSubmit={onSubmit} onCancel={close} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CreatePromptForm({
  initial,
  onSubmit,
  onCancel,
  onDone,
}: {
  initial: NewPrompt | undefined;
  onSubmit: CreatePromptDialogProps['onSubmit'];
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial?.name ?? '');
  const [prompt, setPrompt] = useState(initial?.prompt ?? '');
  const [icon, setIcon] = useState<PromptIconName>(initial?.icon ?? 'FileText');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => setError(null), [name, prompt]);
  const iconLabels: Record<PromptIconName, string> = {
    FileText: t`Document`,
    Languages: t`Languages`,
    Book: t`Book`,
    Wand2: t`Magic wand`,
  };
  const submit = async () => {
    if (!name.trim() || !prompt.trim()) {
      setError(t`Please provide both a name and a prompt`);
      return;
    }
    try {
      const result = onSubmit({ name: name.trim(), prompt: prompt.trim(), icon });
      // Busy only while a returned promise runs: a synchronous handler closes the dialog at once.
      if (result && typeof result.then === 'function') {
        setPending(true);
        await result;
        setPending(false);
      }
      onDone();
    } catch (e) {
      setPending(false);
      setError(e instanceof Error && e.message ? e.message : t`Failed to save prompt`);
    }
  };
  return (
    <Form onSubmit={() => void submit()}>
      <TextField label={t`Name`} name="name" value={name} onChange={setName} autoFocus autoComplete="off" isDisabled={pending} />
      <TextArea label={t`Prompt`} name="prompt" value={prompt} onChange={setPrompt} rows={4} isDisabled={pending} />
      <fieldset className={styles.iconChoices}>
        <legend className={styles.label}>{t`Icon`}</legend>
        {PROMPT_ICONS.map((name) => (
          <label key={name} className={styles.iconChoice} data-selected={icon === name ? '' : undefined}>
            <input
              type="radio"
              name="icon"
              value={name}
              checked={icon === name}
              onChange={() => setIcon(name)}
              disabled={pending}
              className={styles.radioInput}
            />
            <PromptIcon name={name} />
            <Text size="sm">{iconLabels[name]}</Text>
          </label>
        ))}
      </fieldset>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className={styles.dialogActions}>
        <Button onPress={onCancel} isDisabled={pending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="primary" isPending={pending}>
          {initial ? t`Save changes` : t`Save prompt`}
        </Button>
      </div>
    </Form>
  );
}

export const AiPanel = withKitProvider(AiPanelView, 'AiPanel');

export const CreatePromptDialog = withKitProvider(CreatePromptDialogView, 'CreatePromptDialog');
