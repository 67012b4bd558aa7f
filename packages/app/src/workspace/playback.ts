// The workspace's one player, shared by the views that follow or move it (docs/product-spec.md §2: "The player
// reports the current time; the transcript and AI output views can seek the player"). A small store
// outside React, so a time report re-renders only the components that read the time.
import type { AudioPlayerHandle } from '@scribe/transcript-kit';
import { createStore, useStore } from '@scribe/ui/store';

export interface PlaybackStore {
  /** The player's position in seconds, as last reported. */
  getTime(): number;
  subscribe(listener: () => void): () => void;
  /** Called by the player with its (throttled) position. */
  reportTime(seconds: number): void;
  /** Whether the player is playing, from its media element's play and pause events. */
  isPlaying(): boolean;
  subscribePlaying(listener: () => void): () => void;
  reportPlaying(playing: boolean): void;
  /** The mounted player registers here; null when it goes. */
  attach(player: AudioPlayerHandle | null): void;
  /** Jump to `seconds` and play from there; false when no player is mounted (no audio). */
  seek(seconds: number): boolean;
  /** Jump to `seconds`, playing or paused as it was (the editor's moves between segments). */
  seekOnly(seconds: number): boolean;
  /** Play when paused, pause when playing. */
  togglePlay(): boolean;
  /** Move by `seconds` (negative: back), never before 0:00; playing or paused as it was. */
  skip(seconds: number): boolean;
}

export function createPlaybackStore(): PlaybackStore {
  const time = createStore(0);
  const playing = createStore(false);
  let player: AudioPlayerHandle | null = null;
  const setTime = (seconds: number) => time.setState(seconds);
  return {
    getTime: time.getSnapshot,
    subscribe: time.subscribe,
    reportTime: setTime,
    isPlaying: playing.getSnapshot,
    subscribePlaying: playing.subscribe,
    reportPlaying: (next) => playing.setState(next),
    attach(next) {
      player = next;
      if (!next) {
        setTime(0);
        playing.setState(false);
      }
    },
    seek(seconds) {
      if (!player) return false;
      player.seek(seconds);
      // A refused play() shows the player's own error; the seek stands either way.
      player.play().catch(() => undefined);
      return true;
    },
    seekOnly(seconds) {
      if (!player) return false;
      player.seek(seconds);
      return true;
    },
    togglePlay() {
      if (!player) return false;
      if (playing.getSnapshot()) player.pause();
      else player.play().catch(() => undefined);
      return true;
    },
    skip(seconds) {
      if (!player) return false;
      player.seek(Math.max(0, player.currentTime + seconds));
      return true;
    },
  };
}

export const playbackStore = createPlaybackStore();

/** The player's position; re-renders on every (throttled) time report. */
export function useCurrentTime(): number {
  return useStore({ getSnapshot: playbackStore.getTime, subscribe: playbackStore.subscribe });
}

/** Whether the player is playing; re-renders on play and pause. */
export function useIsPlaying(): boolean {
  return useStore({ getSnapshot: playbackStore.isPlaying, subscribe: playbackStore.subscribePlaying });
}

/** Seek the workspace's player (and play); stable across renders. */
export const seekPlayer = (seconds: number): boolean => playbackStore.seek(seconds);

/** The editor's shortcuts on the workspace's player; stable across renders. */
export const seekPlayerOnly = (seconds: number): void => void playbackStore.seekOnly(seconds);
export const togglePlayer = (): void => void playbackStore.togglePlay();
export const skipPlayer = (seconds: number): void => void playbackStore.skip(seconds);
