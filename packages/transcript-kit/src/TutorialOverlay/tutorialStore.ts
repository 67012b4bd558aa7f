import { createStore, type StoreListener } from '@scribe/ui/store';

/** The tutorial's steps (docs/product-spec.md §2), in order. */
export const TUTORIAL_STEP_IDS = ['welcome', 'upload', 'record', 'folders', 'transcript', 'ai-features', 'export', 'complete'] as const;
export type TutorialStepId = (typeof TUTORIAL_STEP_IDS)[number];

/** Auto-play advances one step this often (docs/product-spec.md §9: 4000 ms). */
export const TUTORIAL_AUTO_PLAY_MS = 4000;

/**
 * running: shown. finished: the user pressed Finish (or auto-play passed the last step). skipped: the
 * user skipped the tutorial. closed: the user closed it for now.
 */
export type TutorialStatus = 'running' | 'finished' | 'skipped' | 'closed';

export interface TutorialState {
  /** Index of the current step, 0 .. stepCount - 1. */
  step: number;
  stepCount: number;
  autoPlay: boolean;
  status: TutorialStatus;
}

export type TutorialAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; step: number }
  | { type: 'reset' }
  | { type: 'finish' }
  | { type: 'skip' }
  | { type: 'close' }
  | { type: 'setAutoPlay'; on: boolean }
  | { type: 'toggleAutoPlay' }
  /** Auto-play's timer: the next step, or finished after the last one. */
  | { type: 'tick' };

export function initialTutorialState(stepCount: number, options: { step?: number; autoPlay?: boolean } = {}): TutorialState {
  const count = Math.max(1, Math.floor(stepCount));
  const step = Math.max(0, Math.min(count - 1, Math.floor(options.step ?? 0)));
  return { step, stepCount: count, autoPlay: options.autoPlay ?? false, status: 'running' };
}

/**
 * Pure: the tutorial after one action. Nothing changes once it has ended (finished, skipped or
 * closed) except 'reset', which starts it again at the first step. Next on the last step does
 * nothing (Finish ends it); Previous on the first step does nothing.
 */
export function tutorialReducer(state: TutorialState, action: TutorialAction): TutorialState {
  if (state.status !== 'running' && action.type !== 'reset') return state;
  const last = state.stepCount - 1;
  switch (action.type) {
    case 'next':
      return state.step < last ? { ...state, step: state.step + 1 } : state;
    case 'previous':
      return state.step > 0 ? { ...state, step: state.step - 1 } : state;
    case 'goTo': {
      const step = Math.max(0, Math.min(last, Math.floor(action.step)));
      return step === state.step ? state : { ...state, step };
    }
    case 'reset':
      return state.step === 0 && state.status === 'running' && !state.autoPlay
        ? state
        : { ...state, step: 0, status: 'running', autoPlay: false };
    case 'finish':
      return { ...state, status: 'finished', autoPlay: false };
    case 'skip':
      return { ...state, status: 'skipped', autoPlay: false };
    case 'close':
      return { ...state, status: 'closed', autoPlay: false };
    case 'setAutoPlay':
      return state.autoPlay === action.on ? state : { ...state, autoPlay: action.on };
    case 'toggleAutoPlay':
      return { ...state, autoPlay: !state.autoPlay };
    case 'tick':
      if (!state.autoPlay) return state;
      return state.step < last ? { ...state, step: state.step + 1 } : { ...state, status: 'finished', autoPlay: false };
  }
}

export interface TutorialStoreOptions {
  stepCount?: number;
  /** Auto-play's interval (default 4000 ms). */
  intervalMs?: number;
  initialStep?: number;
  autoPlay?: boolean;
  /** Whether the step at this index may be shown yet (e.g. its content is still being prepared). */
  canEnter?: (step: number) => boolean;
}

export type TutorialListener = StoreListener<TutorialState>;

export interface TutorialStore {
  getSnapshot(): TutorialState;
  subscribe(listener: TutorialListener): () => void;
  dispatch(action: TutorialAction): void;
  /** `canEnter` may have changed: auto-play waiting at a step that was not ready goes on. */
  recheck(): void;
  /** Stops the auto-play timer (unmount). */
  dispose(): void;
}

/**
 * The reducer plus auto-play's timer: while auto-play is on and the tutorial runs, a tick comes
 * `intervalMs` after every step change (or after switching auto-play on); at the last step the tick
 * finishes the tutorial.
 */
export function createTutorialStore({
  stepCount = TUTORIAL_STEP_IDS.length,
  intervalMs = TUTORIAL_AUTO_PLAY_MS,
  initialStep,
  autoPlay,
  canEnter = () => true,
}: TutorialStoreOptions = {}): TutorialStore {
  const store = createStore(initialTutorialState(stepCount, { step: initialStep, autoPlay }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const state = store.getSnapshot();
    if (disposed || !state.autoPlay || state.status !== 'running') return;
    timer = setTimeout(() => {
      timer = undefined;
      dispatch({ type: 'tick' });
    }, intervalMs);
  };

  function dispatch(action: TutorialAction) {
    store.setState((state) => {
      const next = tutorialReducer(state, action);
      // A step that is not ready is not entered: Next waits, and auto-play tries again after `recheck`.
      if (next.step > state.step && next.status === 'running' && !canEnter(next.step)) return state;
      return next;
    });
  }
  // Subscribed first, so the timer follows a change before any other listener hears of it.
  store.subscribe((next, previous) => {
    if (next.step !== previous.step || next.autoPlay !== previous.autoPlay || next.status !== previous.status) schedule();
  });

  schedule();
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    dispatch,
    recheck() {
      if (timer === undefined) schedule();
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
