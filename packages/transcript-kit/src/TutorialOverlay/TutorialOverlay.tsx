import { useLingui } from '@lingui/react/macro';
import { withKitLocale, type KitLocaleProps } from '../locale/KitLocale.tsx';
import { KIT_ROOT_CLASS, Button, IconButton, VisuallyHidden } from '@scribe/ui';
import { useStore } from '@scribe/ui/store';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog, Heading, ToggleButton } from 'react-aria-components';
import { CloseIcon } from '@scribe/ui/icons';
import {
  createTutorialStore,
  TUTORIAL_AUTO_PLAY_MS,
  TUTORIAL_STEP_IDS,
  type TutorialAction,
  type TutorialState,
  type TutorialStatus,
} from './tutorialStore.ts';
import * as styles from './TutorialOverlay.css.ts';

export interface TutorialStep {
  /** e.g. 'welcome', 'record' (the default steps use TUTORIAL_STEP_IDS). */
  id: string;
  title: string;
  text: string;
  /** CSS selector of an element to highlight during this step (skipped when nothing matches). */
  target?: string;
}

export interface TutorialOverlayProps extends KitLocaleProps {
  /** The steps; default: the eight steps of the spec with English and German texts. */
  steps?: readonly TutorialStep[];
  /** Highlight targets by step id, added to the steps (e.g. the default steps with the app's selectors). */
  targets?: Readonly<Partial<Record<string, string>>>;
  /** Auto-play's interval (default 4000 ms). */
  autoPlayIntervalMs?: number;
  /** Start with auto-play on. */
  defaultAutoPlay?: boolean;
  /** Index of the first step shown (default 0). */
  initialStep?: number;
  /** After every step change (Next, Previous, Start over, auto-play). `from` is the step left. */
  onStepChange?: (to: TutorialStep, from: TutorialStep) => void;
  /** Finish was pressed, or auto-play passed the last step. */
  onFinish?: () => void;
  /** Skip was pressed. */
  onSkip?: () => void;
  /** Close (or Escape) was pressed: hidden for now. */
  onClose?: () => void;
  /** 'fixed' (default): over the page at the bottom centre; 'inline': in the normal flow. */
  placement?: 'fixed' | 'inline';
  /**
   * Steps that cannot be shown yet, by id, each with the text Next shows meanwhile (e.g. the sample
   * transcript is still being transcribed): Next waits, and so does auto-play, until the entry is removed.
   */
  waitFor?: Readonly<Partial<Record<string, string>>>;
}

/** The eight default steps (docs/product-spec.md §2) in the active language. */
export function useDefaultTutorialSteps(): TutorialStep[] {
  const { t } = useLingui();
  return useMemo(() => {
    const texts: Record<(typeof TUTORIAL_STEP_IDS)[number], [string, string]> = {
      welcome: [
        t`Welcome to Audio Transcription`,
        t`This short tour shows you around: upload or record audio, organise your transcripts, read them with the audio and use AI features.`,
      ],
      upload: [t`Upload audio`, t`Use Upload file to add a recording (wav, mp3, webm or m4a). It is transcribed automatically.`],
      record: [
        t`Record audio`,
        t`Use Record audio to record with your microphone. When you go on, a sample transcript is created for you.`,
      ],
      folders: [
        t`Organise in folders`,
        t`Your folders and transcripts are listed on the left. Create folders and drag transcripts into them. The sample is in the Tutorial folder.`,
      ],
      transcript: [
        t`Read and listen`,
        t`The transcript is shown in the middle with the audio player below. The highlighted text follows the audio; click a line to play from there. To correct a line, double-click it, press Enter on it or use Edit.`,
      ],
      'ai-features': [
        t`AI features`,
        t`Use the AI panel to run a prompt on a transcript, such as bullet points, key points or questions, or to ask your own question. The answers appear in the AI output tab.`,
      ],
      export: [t`Export`, t`Download transcripts and AI outputs as PDF, DOCX or TXT, or copy the text.`],
      complete: [t`You're all set`, t`That's the tour. You can restart it at any time from the account menu.`],
    };
    return TUTORIAL_STEP_IDS.map((id) => ({ id, title: texts[id][0], text: texts[id][1] }));
  }, [t]);
}

/**
 * The guided tutorial: a non-modal dialog (the page stays usable) with a heading per step, 'Step n of
 * m', Previous, Next (Finish on the last step), Skip, Close, Start over and an auto-play switch that
 * advances every 4 s and finishes at the end. Escape closes it. An optional highlight outlines the
 * step's target element. Step changes are announced politely; motion follows the user's preference
 * (the theme's motion tokens are 0 ms under prefers-reduced-motion, and scrolling is instant then).
 */
function TutorialOverlayView({
  steps: stepsProp,
  targets,
  autoPlayIntervalMs = TUTORIAL_AUTO_PLAY_MS,
  defaultAutoPlay = false,
  initialStep = 0,
  onStepChange,
  onFinish,
  onSkip,
  onClose,
  placement = 'fixed',
  waitFor,
}: TutorialOverlayProps) {
  const { t } = useLingui();
  const defaults = useDefaultTutorialSteps();
  const steps = useMemo(
    () => (stepsProp ?? defaults).map((s) => (targets?.[s.id] ? { ...s, target: targets[s.id] } : s)),
    [stepsProp, defaults, targets],
  );
  const waiting = useRef({ steps, waitFor });
  waiting.current = { steps, waitFor };
  const [store] = useState(() =>
    createTutorialStore({
      stepCount: steps.length,
      intervalMs: autoPlayIntervalMs,
      initialStep,
      autoPlay: defaultAutoPlay,
      canEnter: (index) => !waiting.current.waitFor?.[waiting.current.steps[index]?.id ?? ''],
    }),
  );
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => store.recheck(), [store, waitFor]);
  const state = useStore(store);

  // The latest callbacks and steps, for the store listener.
  const latest = useRef({ steps, onStepChange, onFinish, onSkip, onClose });
  latest.current = { steps, onStepChange, onFinish, onSkip, onClose };
  useEffect(
    () =>
      store.subscribe((next: TutorialState, previous: TutorialState) => {
        const l = latest.current;
        if (next.step !== previous.step) l.onStepChange?.(l.steps[next.step], l.steps[previous.step]);
        if (next.status !== previous.status) {
          const handlers: Record<TutorialStatus, (() => void) | undefined> = {
            running: undefined,
            finished: l.onFinish,
            skipped: l.onSkip,
            closed: l.onClose,
          };
          handlers[next.status]?.();
        }
      }),
    [store],
  );

  // The dialog takes focus when it opens; when it ends, focus returns to where it was (if it is
  // still on the page), instead of being lost to the document.
  const returnFocus = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const running = state.status === 'running';
  useEffect(() => {
    const restore = () => {
      const active = document.activeElement;
      const target = returnFocus.current;
      if ((!active || active === document.body) && target instanceof HTMLElement && target.isConnected) target.focus();
    };
    if (!running) {
      restore();
      return;
    }
    // Unmounted while running (the app hid it): restore after the dialog has left the page.
    return () => {
      requestAnimationFrame(restore);
    };
  }, [running]);

  const dispatch = useCallback((action: TutorialAction) => store.dispatch(action), [store]);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const step = steps[Math.min(state.step, steps.length - 1)];
  const isFirst = state.step === 0;
  const isLast = state.step === state.stepCount - 1;
  const nextWaitingLabel = isLast ? undefined : waitFor?.[steps[state.step + 1]?.id ?? ''];

  // Previous and Start over turn disabled on the first step: move focus to Next instead of losing it.
  const pressThenKeepFocus = (action: TutorialAction) => {
    dispatch(action);
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (
        !active ||
        active === document.body ||
        (active instanceof HTMLButtonElement && active.disabled) ||
        active.getAttribute('role') === 'dialog'
      ) {
        primaryRef.current?.focus();
      }
    });
  };

  if (state.status !== 'running' || !step) return null;

  const counter = t`Step ${state.step + 1} of ${state.stepCount}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      dispatch({ type: 'close' });
    }
  };

  return (
    <>
      {step.target ? <Highlight selector={step.target} /> : null}
      <div onKeyDown={onKeyDown} data-tutorial-step={step.id}>
        <Dialog
          className={`${KIT_ROOT_CLASS} ${placement === 'inline' ? `${styles.panel} ${styles.inline}` : styles.panel}`}
          aria-describedby={textId}
        >
          <div className={styles.header}>
            <div>
              <p className={styles.counter}>{counter}</p>
              <Heading slot="title" level={2} className={styles.title}>
                {step.title}
              </Heading>
            </div>
            <IconButton aria-label={t`Close tutorial`} icon={<CloseIcon />} size="sm" onPress={() => dispatch({ type: 'close' })} />
          </div>
          <p id={textId} className={styles.text}>
            {step.text}
          </p>
          <VisuallyHidden as="div" role="status">
            {`${counter}: ${step.title}`}
          </VisuallyHidden>
          <ol className={styles.dots} aria-hidden="true">
            {steps.map((s, i) => (
              <li key={s.id} className={i === state.step ? `${styles.dot} ${styles.dotCurrent}` : styles.dot} />
            ))}
          </ol>
          <div className={styles.actions}>
            <ToggleButton className={styles.toggle} isSelected={state.autoPlay} onChange={(on) => dispatch({ type: 'setAutoPlay', on })}>
              <span className={styles.toggleMark} aria-hidden="true" />
              {t`Auto-play`}
            </ToggleButton>
            <Button size="sm" variant="ghost" onPress={() => pressThenKeepFocus({ type: 'reset' })} isDisabled={isFirst && !state.autoPlay}>
              {t`Start over`}
            </Button>
          </div>
          <div className={styles.actions}>
            <Button size="sm" variant="ghost" onPress={() => dispatch({ type: 'skip' })}>
              {t`Skip`}
            </Button>
            <span className={styles.spacer} />
            <Button size="sm" onPress={() => pressThenKeepFocus({ type: 'previous' })} isDisabled={isFirst}>
              {t`Previous`}
            </Button>
            <Button
              ref={primaryRef}
              size="sm"
              variant="primary"
              isDisabled={nextWaitingLabel !== undefined}
              onPress={() => dispatch({ type: isLast ? 'finish' : 'next' })}
            >
              {isLast ? t`Finish` : (nextWaitingLabel ?? t`Next`)}
            </Button>
          </div>
        </Dialog>
      </div>
    </>
  );
}

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** An outline around the first element matching `selector`, following it on scroll and resize. */
function Highlight({ selector }: { selector: string }) {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        let el: Element | null = null;
        try {
          el = document.querySelector(selector);
        } catch {
          el = null;
        }
        const r = el?.getBoundingClientRect();
        setRect((old) => {
          if (!r || (r.width === 0 && r.height === 0)) return null;
          if (old && old.top === r.top && old.left === r.left && old.width === r.width && old.height === r.height) return old;
          return { top: r.top, left: r.left, width: r.width, height: r.height };
        });
      });
    };
    const target = (() => {
      try {
        return document.querySelector(selector);
      } catch {
        return null;
      }
    })();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const box = target?.getBoundingClientRect();
    // Only a target that is laid out (not one inside a closed drawer).
    if (box && (box.width > 0 || box.height > 0)) target?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
    measure();
    // Targets may appear later (a transcript being loaded) or move with the layout.
    const poll = setInterval(measure, 300);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(poll);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [selector]);
  if (!rect) return null;
  return <div className={`${KIT_ROOT_CLASS} ${styles.highlight}`} data-tutorial-highlight="" aria-hidden="true" style={rect} />;
}

export const TutorialOverlay = withKitLocale(TutorialOverlayView, 'TutorialOverlay');
