import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
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
  type SyntheticEvent,
} from 'react';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useControlledState } from 'react-stately/useControlledState';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { ButtonContext, Slider, SliderStateContext, SliderThumb, SliderTrack, type SliderState } from 'react-aria-components';
import { PauseIcon, PictureInPictureIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@scribe/ui/icons';
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
  /** The media element's current time in seconds. */
  readonly currentTime: number;
}

export interface AudioPlayerProps {
  /** The audio's URL; null shows 'No audio file available'. A new src starts over at 0:00. */
  src: string | null;
  /**
   * 'video': `src` has a picture, shown above the controls in a <video> element (played inline on
   * phones) with the same controls, handle and reports, plus a picture-in-picture button where the
   * browser allows it (`document.pictureInPictureEnabled`). 'audio' (the default): a hidden <audio>.
   */
  mediaKind?: 'audio' | 'video';
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
 * Audio (or video, `mediaKind`) playback on a real media element: back and forward 10 s, play/pause, a seek slider (step 0.1 s,
 * value read as m:ss), elapsed and total time, and the spec's playback error messages. Keyboard: Tab
 * to a control; on the slider, arrows move 0.1 s, Page Up/Down a tenth, Home/End to the ends.
 */
function AudioPlayerView(props: AudioPlayerProps) {
  // A new source is a new player: all state (time, duration, error) starts over.
  return <Player key={props.src ?? ''} {...props} />;
}

function Player({
  src,
  mediaKind = 'audio',
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
  // The <audio> or the <video>: everything here uses only what both have.
  const audioRef = useRef<HTMLMediaElement>(null);
  const isVideo = mediaKind === 'video';
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

  const label = isVideo ? (title ? t`Video player: ${title}` : t`Video player`) : title ? t`Audio player: ${title}` : t`Audio player`;

  if (src === null) {
    return (
      <section className={`${KIT_ROOT_CLASS} ${styles.player}`} aria-label={label}>
        <p className={styles.empty}>{t`No audio file available`}</p>
      </section>
    );
  }

  const hasDuration = Number.isFinite(duration) && duration > 0;
  const failed = errorCode !== null;
  const shown = scrub ?? (hasDuration ? Math.min(time, duration) : 0);
  const settle = (audio: HTMLMediaElement) => {
    throttle.settle(audio.currentTime, performance.now());
    setTime(audio.currentTime);
  };
  type MediaEvent = SyntheticEvent<HTMLMediaElement>;
  // The same element events for either kind of element.
  const media = {
    src,
    preload: 'metadata',
    onLoadedMetadata: (e: MediaEvent) => {
      const audio = e.currentTarget;
      if (audio.duration === Number.POSITIVE_INFINITY) {
        fixingDuration.current = true;
        audio.currentTime = 1e101;
      } else {
        setDuration(audio.duration);
      }
    },
    onDurationChange: (e: MediaEvent) => {
      const audio = e.currentTarget;
      if (!Number.isFinite(audio.duration)) return;
      if (fixingDuration.current) {
        fixingDuration.current = false;
        audio.currentTime = 0;
      }
      setDuration(audio.duration);
    },
    onTimeUpdate: (e: MediaEvent) => {
      if (fixingDuration.current) return;
      const audio = e.currentTarget;
      setTime(audio.currentTime);
      throttle.push(audio.currentTime, performance.now());
    },
    onSeeked: (e: MediaEvent) => {
      if (fixingDuration.current) return;
      throttle.seek(e.currentTarget.currentTime, performance.now());
      setTime(e.currentTarget.currentTime);
    },
    onPlay: () => setPlaying(true),
    onPause: (e: MediaEvent) => {
      setPlaying(false);
      settle(e.currentTarget);
    },
    onEnded: (e: MediaEvent) => {
      setPlaying(false);
      settle(e.currentTarget);
    },
    onError: (e: MediaEvent) => {
      setPlaying(false);
      fail(e.currentTarget.error?.code ?? 0);
    },
  } as const;

  return (
    <section className={`${KIT_ROOT_CLASS} ${styles.player}`} aria-label={label}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {isVideo ? (
        // playsInline: a phone plays it in the page, beside the transcript, not in its own full-screen player.
        <video ref={audioRef as RefObject<HTMLVideoElement | null>} playsInline className={styles.video} {...media} />
      ) : (
        <audio ref={audioRef as RefObject<HTMLAudioElement | null>} className={styles.hiddenAudio} {...media} />
      )}
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
        {isVideo ? <PictureInPictureButton videoRef={audioRef} isDisabled={failed || !hasDuration} /> : null}
      </div>
      {failed ? (
        <Alert tone="danger" title={i18n._(playbackErrorMessage(errorCode))}>
          {i18n._(playbackErrorHint)}
        </Alert>
      ) : null}
    </section>
  );
}

/** Whether this browser lets a page put a video in a floating window (off in some browsers and by policy). */
const pictureInPictureAllowed = () =>
  typeof document !== 'undefined' && document.pictureInPictureEnabled === true && 'requestPictureInPicture' in HTMLVideoElement.prototype;

/**
 * Moves the video into the browser's floating window and back (the window's own close button brings
 * it back too); its name says which it does next. Absent where the browser does not allow it.
 */
function PictureInPictureButton({ videoRef, isDisabled }: { videoRef: RefObject<HTMLMediaElement | null>; isDisabled: boolean }) {
  const { t } = useLingui();
  const [allowed] = useState(pictureInPictureAllowed);
  const [floating, setFloating] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!allowed || !video) return;
    const enter = () => setFloating(true);
    const leave = () => setFloating(false);
    video.addEventListener('enterpictureinpicture', enter);
    video.addEventListener('leavepictureinpicture', leave);
    return () => {
      video.removeEventListener('enterpictureinpicture', enter);
      video.removeEventListener('leavepictureinpicture', leave);
      // A player that goes takes its floating window with it.
      if (document.pictureInPictureElement === video) void document.exitPictureInPicture().catch(() => undefined);
    };
  }, [allowed, videoRef]);
  if (!allowed) return null;
  const toggle = () => {
    const video = videoRef.current;
    if (!(video instanceof HTMLVideoElement)) return;
    // A refusal (no user gesture, the window already taken) leaves the video in the page, where it still plays.
    const request = floating ? document.exitPictureInPicture() : video.requestPictureInPicture();
    void request.catch(() => undefined);
  };
  return (
    <IconButton
      aria-label={floating ? t`Back from picture in picture` : t`Picture in picture`}
      icon={<PictureInPictureIcon />}
      size="sm"
      variant="ghost"
      isDisabled={isDisabled}
      onPress={toggle}
    />
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

export const AudioPlayer = withKitProvider(AudioPlayerView, 'AudioPlayer');
