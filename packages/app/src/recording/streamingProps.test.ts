import { describe, expect, it } from 'vitest';
import type { SessionState } from './session.ts';
import { liveStatusOf, streamingProps } from './streamingProps.ts';

const base: SessionState = {
  phase: 'recording',
  recordingId: 'r',
  elapsedMs: 61_500,
  level: 0.3,
  pendingPieces: 2,
  live: { available: true },
  retrying: false,
};
const noop = () => undefined;
const handlers = { onStart: noop, onPause: noop, onResume: noop, onStop: noop, onFinish: noop, onDiscard: noop };

describe('streaming props', () => {
  it('says live, reconnecting while the channel is down, unavailable with the reason, off when not offered', () => {
    expect(liveStatusOf(base, undefined, true)).toEqual({ liveStatus: 'live' });
    expect(liveStatusOf(base, undefined, false)).toEqual({ liveStatus: 'reconnecting' });
    // A later recording_live wins over what the server said at the start.
    expect(liveStatusOf(base, { available: false, reason: 'busy' }, true)).toEqual({ liveStatus: 'unavailable', liveReason: 'busy' });
    expect(liveStatusOf({ ...base, live: { available: false, reason: 'no_credits' } }, undefined, true)).toEqual({
      liveStatus: 'unavailable',
      liveReason: 'no_credits',
    });
    expect(liveStatusOf({ ...base, live: null }, undefined, true)).toEqual({ liveStatus: 'off' });
    expect(liveStatusOf({ ...base, recovered: { createdAt: 1, durationMs: 2 } }, undefined, true)).toEqual({ liveStatus: 'off' });
  });

  it('passes the draft, the time in seconds and a failure as text', () => {
    const draft = { recordingId: 'r', revision: 4, segments: [{ start: 0, end: 2, text: 'Hi', final: false }] };
    const props = streamingProps({ state: base, draft, channelUp: true, describe: () => 'x' }, handlers);
    expect(props).toMatchObject({ state: 'recording', elapsedSeconds: 61.5, level: 0.3, pendingPieces: 2, liveText: draft.segments });
    expect(props.error).toBeUndefined();
    const failed = streamingProps(
      { state: { ...base, phase: 'failed', error: new Error('boom') }, channelUp: true, describe: () => 'Upload failed' },
      handlers,
    );
    expect(failed.error).toBe('Upload failed');
  });
});
