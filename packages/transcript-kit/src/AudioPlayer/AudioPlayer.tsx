import { useLingui } from '@lingui/react/macro';
import { withKitLocale, type KitLocaleProps } from '../locale/KitLocale.tsx';
import { KIT_ROOT_CLASS, Alert, Button, IconButton } from '@scribe/ui';
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useControlledState } from 'react-stately/useControlledState';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { ButtonContext, Slider, SliderStateContext, SliderThumb, SliderTrack, type SliderState } from 'react-aria-components';
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@scribe/ui/icons';
import { playbackErrorHint, playbackErrorMessage } from '../media/errors.ts';
import { createTimeThrottle, formatClock } from '../media/time.ts';
import * as styles from './AudioPlayer.css.ts';
import { rateLabel } from './playbackRate.ts';

/** What `ref` gives an app: the transcript and AI output views seek the player through it. */
export interface AudioPlayerHandle {
  /** Jump to `seconds` (clamped to the audio); reported through onTimeUpdate at once. Works before loading too. */
  seek(seconds: number): void;
  /** Start playback; resolves when it started (a refusal shows 'Error playing audio'). */
  play(): Promise<void>;
  pause(): void;
  /** The audio element's current time in seconds. */
  readonly currentTime: number;
}

export interface AudioPlayerProps extends KitLocaleProps {
  /** The audio's URL; null shows 'No audio file available'. A new src starts over at 0:00. */
  src: string | null;
  /** Shown above the controls and names the player for assistive tech. */
  title?: string;
  /**
   * The playback position in seconds, throttled (docs/product-spec.md §9): at most every 250 ms and only changes of at
   * least 0.25 s while playing; seeks, pauses and the end are reported at once.
   */
  onTimeUpdate?: (seconds: number) => void;
  /** Playback failed: the MediaError code (0 when playback was refused). The player shows the message too. */
  onError?: (code: number) => void;
  /** The media element started (true: its play event) or stopped (false: pause, end, error, new source). */
  onPlayingChange?: (playing: boolean) => void;
  /**
   * Shows the playback speed menu (PLAYBACK_RATES, 0.5× to 2×). Off by default: a recording's preview
   * needs no speed; the transcript's player does.
   */
  showPlaybackRate?: boolean;
  /** Controlled playback speed (1 = normal); leave out for the player's own state from `defaultPlaybackRate`. */
  playbackRate?: number;
  defaultPlaybackRate?: number;
  onPlaybackRateChange?: (rate: number) => void;
  ref?: Ref<AudioPlayerHandle>;
}

export { PLAYBACK_RATES } from './playbackRate.ts';

/** Back and forward skip (docs/product-spec.md §9: 10 s). */
export const SKIP_SECONDS = 10;

/**
 * Audio playback on a real <audio> element: back and forward 10 s, play/pause, a seek slider (step 0.1 s,
 * value read as m:ss), elapsed and total time, and the spec's playback error messages. Keyboard: Tab
 * to a control; on the slider, arrows move 0.1 s, Page Up/Down a tenth, Home/End to the ends.
 */
function AudioPlayerView(props: AudioPlayerProps) {
  // A new source is a new player: all state (time, duration, error) starts over.
  return <Player key={props.src ?? ''} {...props} />;
}

function Player({
  src,
  title,
  onTimeUpdate,
  onError,
  onPlayingChange,
  showPlaybackRate = false,
  playbackRate,
  defaultPlaybackRate = 1,
  onPlaybackRateChange,
  ref,
}: AudioPlayerProps) {
  const { t, i18n } = useLingui();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useControlledState<number>(playbackRate, defaultPlaybackRate, onPlaybackRateChange);
  // The element keeps the speed across seeks; a new source loads with defaultPlaybackRate, so set both.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(rate) || rate <= 0) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);
  const [playing, setPlayingState] = useState(false);
  const onPlayingChangeRef = useRef(onPlayingChange);
  useEffect(() => {
    onPlayingChangeRef.current = onPlayingChange;
  });
  // The state follows the media element's own events, so it is right however playback was started or stopped.
  const setPlaying = useCallback((next: boolean) => {
    setPlayingState(next);
    onPlayingChangeRef.current?.(next);
  }, []);
  // A player that goes (a new source, unmounting) no longer plays.
  useEffect(() => () => onPlayingChangeRef.current?.(false), []);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [scrub, setScrub] = useState<number | null>(null);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  // Recordings (webm from MediaRecorder) report an infinite duration until read to the end once.
  const fixingDuration = useRef(false);
  const sliderState = useRef<SliderState | null>(null);

  const onTimeUpdateRef = useRef(onTimeUpdate);
  useEffect(() => {
    onTimeUpdateRef.current = onTimeUpdate;
  });
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const fail = useCallback((code: number) => {
    setErrorCode(code);
    onErrorRef.current?.(code);
  }, []);
  const throttle = useMemo(() => createTimeThrottle((seconds) => onTimeUpdateRef.current?.(seconds)), []);

  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio || !Number.isFinite(seconds)) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY;
      const target = Math.max(0, Math.min(end, seconds));
      audio.currentTime = target;
      setTime(target);
      throttle.seek(target, performance.now());
    },
    [throttle],
  );

  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return;
    try {
      await audio.play();
    } catch (error) {
      // A pause() during the start rejects play() with AbortError: not a failure.
      if ((error as { name?: string })?.name === 'AbortError') return;
      fail(audio.error?.code ?? 0);
    }
  }, [fail]);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  useImperativeHandle(
    ref,
    () => ({
      seek,
      play,
      pause,
      get currentTime() {
        return audioRef.current?.currentTime ?? 0;
      },
    }),
    [seek, play, pause],
  );

  // While playing, sample the position every frame; the throttle lets 4 reports a second through.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio && !fixingDuration.current && throttle.push(audio.currentTime, performance.now())) {
        setTime(audio.currentTime);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, throttle]);

  if (src === null) {
    return (
      <section className={`${KIT_ROOT_CLASS} ${styles.player}`} aria-label={title ? t`Audio player: ${title}` : t`Audio player`}>
        <p className={styles.empty}>{t`No audio file available`}</p>
      </section>
    );
  }

  const hasDuration = Number.isFinite(duration) && duration > 0;
  const failed = errorCode !== null;
  const shown = scrub ?? (hasDuration ? Math.min(time, duration) : 0);
  const settle = (audio: HTMLAudioElement) => {
    throttle.settle(audio.currentTime, performance.now());
    setTime(audio.currentTime);
  };

  return (
    <section className={`${KIT_ROOT_CLASS} ${styles.player}`} aria-label={title ? t`Audio player: ${title}` : t`Audio player`}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        className={styles.hiddenAudio}
        onLoadedMetadata={(e) => {
          const audio = e.currentTarget;
          if (audio.duration === Number.POSITIVE_INFINITY) {
            fixingDuration.current = true;
            audio.currentTime = 1e101;
          } else {
            setDuration(audio.duration);
          }
        }}
        onDurationChange={(e) => {
          const audio = e.currentTarget;
          if (!Number.isFinite(audio.duration)) return;
          if (fixingDuration.current) {
            fixingDuration.current = false;
            audio.currentTime = 0;
          }
          setDuration(audio.duration);
        }}
        onTimeUpdate={(e) => {
          if (fixingDuration.current) return;
          const audio = e.currentTarget;
          setTime(audio.currentTime);
          throttle.push(audio.currentTime, performance.now());
        }}
        onSeeked={(e) => {
          if (fixingDuration.current) return;
          throttle.seek(e.currentTarget.currentTime, performance.now());
          setTime(e.currentTarget.currentTime);
        }}
        onPlay={() => setPlaying(true)}
        onPause={(e) => {
          setPlaying(false);
          settle(e.currentTarget);
        }}
        onEnded={(e) => {
          setPlaying(false);
          settle(e.currentTarget);
        }}
        onError={(e) => {
          setPlaying(false);
          fail(e.currentTarget.error?.code ?? 0);
        }}
      />
      <div className={styles.controls}>
        <div className={styles.buttons}>
          <IconButton
            aria-label={t`Back ${SKIP_SECONDS} seconds`}
            icon={<SkipBackIcon />}
            size="sm"
            isDisabled={failed}
            onPress={() => seek((audioRef.current?.currentTime ?? 0) - SKIP_SECONDS)}
          />
          <IconButton
            aria-label={playing ? t`Pause` : t`Play`}
            icon={playing ? <PauseIcon /> : <PlayIcon />}
            variant="primary"
            size="sm"
            isDisabled={failed}
            onPress={() => (playing ? pause() : void play())}
          />
          <IconButton
            aria-label={t`Forward ${SKIP_SECONDS} seconds`}
            icon={<SkipForwardIcon />}
            size="sm"
            isDisabled={failed}
            onPress={() => seek((audioRef.current?.currentTime ?? 0) + SKIP_SECONDS)}
          />
        </div>
        <span className={styles.time} aria-label={t`Elapsed`}>
          {formatClock(shown)}
        </span>
        <Slider
          aria-label={t`Seek`}
          className={styles.slider}
          minValue={0}
          maxValue={hasDuration ? duration : 1}
          step={0.1}
          value={shown}
          isDisabled={!hasDuration || failed}
          onChange={(value) => {
            // Arrow keys change the native range input without a drag, so no onChangeEnd follows: seek now.
            if (sliderState.current?.isThumbDragging(0)) setScrub(value);
            else seek(value);
          }}
          onChangeEnd={(value) => {
            setScrub(null);
            seek(value);
          }}
        >
          <SliderTrack className={styles.track}>
            {({ state }) => (
              <>
                <div className={styles.fill} style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
                <TimeThumb valueText={t`${formatClock(shown)} of ${formatClock(duration)}`} stateRef={sliderState} />
              </>
            )}
          </SliderTrack>
        </Slider>
        <span className={styles.time} aria-label={t`Duration`}>
          {formatClock(duration)}
        </span>
        {showPlaybackRate ? <SpeedMenu rate={rate} onChange={setRate} isDisabled={failed} /> : null}
      </div>
      {failed ? (
        <Alert tone="danger" title={i18n._(playbackErrorMessage(errorCode))}>
          {i18n._(playbackErrorHint)}
        </Alert>
      ) : null}
    </section>
  );
}

// The menu (popover, collection, selection) is most of the player's code, so it loads apart, on idle or at the
// first hover, focus or press; the trigger renders at once, and a press before the load opens it when it arrives.
const SpeedMenuPopover = lazy(() => import('./SpeedMenuPopover.tsx'));

/** The playback speed: a menu of PLAYBACK_RATES, the current one checked. */
function SpeedMenu({ rate, onChange, isDisabled }: { rate: number; onChange: (rate: number) => void; isDisabled: boolean }) {
  const { t, i18n } = useLingui();
  const current = rateLabel(rate, i18n.locale);
  // What react-aria-components' MenuTrigger does, with the menu itself in SpeedMenuPopover.
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef);
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(want);
    return () => cancelIdleCallback(id);
  }, [want]);
  return (
    <>
      <ButtonContext.Provider value={{ ...menuTriggerProps, ref: triggerRef, isPressed: state.isOpen, onHoverStart: want, onFocus: want }}>
        <Button size="sm" variant="ghost" isDisabled={isDisabled} aria-label={t`Playback speed: ${current}`}>
          {current}
        </Button>
      </ButtonContext.Provider>
      {wanted || state.isOpen ? (
        <MenuLoadGuard>
          <Suspense fallback={null}>
            <SpeedMenuPopover state={state} menuProps={menuProps} triggerRef={triggerRef} rate={rate} onChange={onChange} />
          </Suspense>
        </MenuLoadGuard>
      ) : null}
    </>
  );
}

/** A menu chunk that failed to load (offline) leaves the player working, without the menu, instead of throwing to the host. */
class MenuLoadGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The slider's thumb, read as m:ss. RAC words the thumb's aria-valuetext with Intl.NumberFormat, which
 * cannot say minutes and seconds; the slider state is a fresh object on every slider render, read by
 * the thumb below, so its label function is replaced here before the thumb renders.
 */
function TimeThumb({ valueText, stateRef }: { valueText: string; stateRef: RefObject<SliderState | null> }) {
  const state = useContext(SliderStateContext);
  if (state) state.getThumbValueLabel = () => valueText;
  useEffect(() => {
    stateRef.current = state;
  });
  return <SliderThumb className={styles.thumb} />;
}

export const AudioPlayer = withKitLocale(AudioPlayerView, 'AudioPlayer');
