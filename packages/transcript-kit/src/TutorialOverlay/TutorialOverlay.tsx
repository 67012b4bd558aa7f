import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, Button, IconButton, VisuallyHidden } from '@scribe/ui';
import { useStore } from '@scribe/ui/store';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
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
import { placeCard, type Box } from './placeCard.ts';
import * as styles from './TutorialOverlay.css.ts';

export interface TutorialStep {
  /** e.g. 'welcome', 'record' (the default steps use TUTORIAL_STEP_IDS). */
  id: string;
  title: string;
  text: string;
  /** CSS selector of an element to highlight during this step (skipped when nothing matches). */
  target?: string;
}

export interface TutorialOverlayProps {
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
  /**
   * 'fixed' (default): over the page, at the bottom centre unless that covers the step's target or
   * something `keepClear` names (then where it covers none of them); 'inline': in the normal flow.
   */
  placement?: 'fixed' | 'inline';
  /**
   * CSS selector of what the card must not cover on any step, besides the step's target: e.g. the
   * page's top bar, toasts, the player.
   */
  keepClear?: string;
  /**
   * The phone layout's texts for the default steps: the library and the AI panel in drawers, and
   * transcripts moved with Move to… rather than dragged.
   */
  phone?: boolean;
  /**
   * Steps that cannot be shown yet, by id, each with the text Next shows meanwhile (e.g. the sample
   * transcript is still being transcribed): Next waits, and so does auto-play, until the entry is removed.
   */
  waitFor?: Readonly<Partial<Record<string, string>>>;
}

/**
 * The eight default steps (docs/product-spec.md §2) in the active language; `phone`: the texts of the
 * phone layout (see TutorialOverlayProps.phone).
 */
export function useDefaultTutorialSteps({ phone = false }: { phone?: boolean } = {}): TutorialStep[] {
  const { t } = useLingui();
  return useMemo(() => {
    const texts: Record<(typeof TUTORIAL_STEP_IDS)[number], [string, string]> = {
      welcome: [
        t`Welcome to Audio Transcription`,
        t`This short tour shows you around: upload or record audio, organise your transcripts, read them with the audio and use AI features.`,
      ],
      upload: [
        t`Upload audio`,
        t`Use Upload file to add a recording or a video (mp3, wav, m4a, mp4 and other common formats). It is transcribed automatically.`,
      ],
      record: [
        t`Record audio`,
        t`Use Record audio to record with your microphone. When you go on, a sample transcript is created for you.`,
      ],
      folders: phone
        ? [
            t`Organise in folders`,
            t`Your folders and transcripts are listed in the menu. Create folders there, and move a transcript into one with Move to… in its menu. The sample is in the Tutorial folder.`,
          ]
        : [
            t`Organise in folders`,
            t`Your folders and transcripts are listed on the left. Create folders and drag transcripts into them. The sample is in the Tutorial folder.`,
          ],
      transcript: phone
        ? [
            t`Read and listen`,
            t`The transcript fills the screen with the audio player below. The highlighted text follows the audio; tap a line to play from there. To correct a line, use Edit.`,
          ]
        : [
            t`Read and listen`,
            t`The transcript is shown in the middle with the audio player below. The highlighted text follows the audio; click a line to play from there. To correct a line, double-click it, press Enter on it or use Edit.`,
          ],
      'ai-features': phone
        ? [
            t`AI features`,
            t`The AI features open with the button at the top right: run a prompt on a transcript, such as bullet points, key points or questions, or ask your own question. The answers appear in the AI output tab.`,
          ]
        : [
            t`AI features`,
            t`Use the AI panel to run a prompt on a transcript, such as bullet points, key points or questions, or to ask your own question. The answers appear in the AI output tab.`,
          ],
      export: [t`Export`, t`Download transcripts and AI outputs as PDF, DOCX or TXT, or copy the text.`],
      complete: [t`You're all set`, t`That's the tour. You can restart it at any time from the account menu.`],
    };
    return TUTORIAL_STEP_IDS.map((id) => ({ id, title: texts[id][0], text: texts[id][1] }));
  }, [t, phone]);
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
  keepClear,
  phone,
  waitFor,
}: TutorialOverlayProps) {
  const { t } = useLingui();
  const defaults = useDefaultTutorialSteps({ phone });
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
  const cardRef = useRef<HTMLElement>(null);
  const textId = useId();
  const step = steps[Math.min(state.step, steps.length - 1)];
  const isFirst = state.step === 0;
  const isLast = state.step === state.stepCount - 1;
  const nextWaitingLabel = isLast ? undefined : waitFor?.[steps[state.step + 1]?.id ?? ''];

  // Previous and Start over turn disabled on the first step, and a step may open a drawer that takes
  // focus (the app shows what the step names): move focus to Next instead of losing it.
  const pressThenKeepFocus = (action: TutorialAction) => {
    dispatch(action);
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (
        !active ||
        active === document.body ||
        !cardRef.current?.contains(active) ||
        (active instanceof HTMLButtonElement && active.disabled) ||
        active.getAttribute('role') === 'dialog'
      ) {
        primaryRef.current?.focus();
      }
    });
  };

  const cardPlace = useCardPlacement(cardRef, placement === 'fixed' && running, step?.target, keepClear);

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
      {/* The top layer: a drawer or dialog a step opens (e.g. the phone's menu) leaves the card usable. */}
      <div onKeyDown={onKeyDown} data-tutorial-step={step.id} data-react-aria-top-layer="">
        <Dialog
          ref={cardRef}
          className={`${KIT_ROOT_CLASS} ${placement === 'inline' ? `${styles.panel} ${styles.inline}` : styles.panel}`}
          style={cardPlace}
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
              onPress={() => (isLast ? dispatch({ type: 'finish' }) : pressThenKeepFocus({ type: 'next' }))}
            >
              {isLast ? t`Finish` : (nextWaitingLabel ?? t`Next`)}
            </Button>
          </div>
        </Dialog>
      </div>
    </>
  );
}

type Rect = Box;

/**
 * Runs `measure` now, every 300 ms and on resize and scroll (targets, toasts and drawers come, go and
 * move with the layout, a transcript being loaded among them); returns the stop.
 */
function followLayout(measure: () => void): () => void {
  measure();
  const poll = setInterval(measure, 300);
  window.addEventListener('resize', measure);
  window.addEventListener('scroll', measure, true);
  return () => {
    clearInterval(poll);
    window.removeEventListener('resize', measure);
    window.removeEventListener('scroll', measure, true);
  };
}

/** The elements matching `selector` that are laid out (none for an invalid selector). */
function laidOut(selector: string | undefined): Element[] {
  if (!selector) return [];
  try {
    return [...document.querySelectorAll(selector)].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
  } catch {
    return [];
  }
}

/**
 * The card's place (placeCard.ts), measured again as the page changes: on resize, scroll and every
 * 300 ms (targets, toasts and drawers come and go). The step's target is kept clear when it is under
 * half the viewport (a whole panel cannot be, and the card may then lie over part of it).
 */
function useCardPlacement(
  cardRef: RefObject<HTMLElement | null>,
  active: boolean,
  target: string | undefined,
  keepClear: string | undefined,
): CSSProperties | undefined {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const card = cardRef.current?.getBoundingClientRect();
        if (!card) return;
        const viewport = { width: window.innerWidth, height: window.innerHeight };
        const boxes = (els: Element[]) => els.map((el) => el.getBoundingClientRect());
        const targets = boxes(laidOut(target).slice(0, 1)).filter((r) => r.width * r.height < (viewport.width * viewport.height) / 2);
        const clear = [...targets, ...boxes(laidOut(keepClear))];
        const next = placeCard(viewport, { width: card.width, height: card.height }, clear);
        setPlace((old) => (old && old.top === next.top && old.left === next.left ? old : next));
      });
    };
    const stop = followLayout(measure);
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [active, cardRef, target, keepClear]);
  if (!active || !place) return undefined;
  return { top: place.top, left: place.left, insetBlockEnd: 'auto', transform: 'none' };
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
    const stop = followLayout(measure);
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [selector]);
  if (!rect) return null;
  return <div className={`${KIT_ROOT_CLASS} ${styles.highlight}`} data-tutorial-highlight="" aria-hidden="true" style={rect} />;
}

export const TutorialOverlay = withKitProvider(TutorialOverlayView, 'TutorialOverlay');
