// The session's state as the kit dialog's `streaming` prop (shared by the app's host and its story).
import type { LiveAvailability, RecordingDraftEvent } from '@scribe/api-client';
import type { StreamingRecording } from '@scribe/transcript-kit';
import type { SessionState } from './session.ts';

export interface StreamingInputs {
  state: SessionState;
  draft?: RecordingDraftEvent;
  /** The last `recording_live` for the recording (overrides what the server said at the start). */
  availability?: LiveAvailability;
  /** The live channel is connected. */
  channelUp: boolean;
  /** A failure's text for 'failed'. */
  describe: (error: unknown) => string;
  /** After Stop: the recording to play back. */
  previewUrl?: string;
}

type Handlers = Pick<StreamingRecording, 'onStart' | 'onPause' | 'onResume' | 'onStop' | 'onFinish' | 'onDiscard'>;

/** How the dialog words live text: the server's offer, later `recording_live` changes, the channel's state. */
export function liveStatusOf(
  state: SessionState,
  availability: LiveAvailability | undefined,
  channelUp: boolean,
): Pick<StreamingRecording, 'liveStatus' | 'liveReason'> {
  const live = availability ?? state.live;
  if (!live || state.recovered) return { liveStatus: 'off' };
  if (!live.available) return live.reason ? { liveStatus: 'unavailable', liveReason: live.reason } : { liveStatus: 'unavailable' };
  return { liveStatus: channelUp ? 'live' : 'reconnecting' };
}

export function streamingProps(
  { state, draft, availability, channelUp, describe, previewUrl }: StreamingInputs,
  handlers: Handlers,
): StreamingRecording {
  return {
    state: state.phase,
    elapsedSeconds: state.elapsedMs / 1000,
    level: state.level,
    liveText: draft?.segments,
    ...liveStatusOf(state, availability, channelUp),
    pendingPieces: state.pendingPieces,
    retrying: state.retrying,
    microphoneError: state.phase === 'micError' ? state.error : undefined,
    error: state.phase === 'failed' && state.error !== undefined ? describe(state.error) : undefined,
    recovered: state.recovered ? { createdAt: state.recovered.createdAt, durationSeconds: state.recovered.durationMs / 1000 } : undefined,
    previewUrl,
    ...handlers,
  };
}
