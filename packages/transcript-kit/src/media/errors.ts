import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/*
 * The spec's §8 texts as Lingui descriptors: components translate them with i18n._(), apps that show
 * the same errors elsewhere (a toast) can do the same. Pure functions, so the mapping is unit-tested.
 */

/** MediaError codes (HTMLMediaElement.error.code). */
export const MEDIA_ERR_ABORTED = 1;
export const MEDIA_ERR_NETWORK = 2;
export const MEDIA_ERR_DECODE = 3;
export const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/** The text for a failed <audio>: by MediaError code, 'Error playing audio' for anything else. */
export function playbackErrorMessage(code: number | null | undefined): MessageDescriptor {
  switch (code) {
    case MEDIA_ERR_SRC_NOT_SUPPORTED:
      return msg`Audio file not found or format not supported`;
    case MEDIA_ERR_NETWORK:
      return msg`Network error while loading audio`;
    case MEDIA_ERR_DECODE:
      return msg`Error decoding audio file`;
    case MEDIA_ERR_ABORTED:
      return msg`Audio loading was aborted`;
    default:
      return msg`Error playing audio`;
  }
}

/** Shown under every playback error. */
export const playbackErrorHint: MessageDescriptor = msg`If the problem persists, please contact support.`;

/** The error's name: a DOMException's, an Error's, or a `{ name }` object's. */
function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return '';
}

/**
 * The text for a failed getUserMedia / MediaRecorder, by DOMException name (older Chromium names too),
 * 'An error occurred while recording' for anything else.
 */
export function microphoneErrorMessage(error: unknown): MessageDescriptor {
  switch (errorName(error)) {
    case 'NotSupportedError':
      return msg`Audio recording is not supported by this browser.`;
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return msg`Microphone access was denied. Please allow microphone access in your browser settings and try again.`;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return msg`No microphone was found. Please connect a microphone and try again.`;
    case 'NotReadableError':
    case 'TrackStartError':
      return msg`The microphone is in use by another application. Please close it and try again.`;
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return msg`The microphone cannot satisfy the requested audio settings.`;
    case 'SecurityError':
      return msg`Microphone access is blocked for security reasons. Recording requires a secure (HTTPS) connection.`;
    case 'AbortError':
      return msg`Recording was interrupted. Please try again.`;
    // The microphone went away mid-recording (unplugged, permission revoked); what was recorded is kept.
    case 'MicrophoneLostError':
      return msg`The microphone was disconnected or stopped working. What was recorded until then is kept.`;
    default:
      return msg`An error occurred while recording`;
  }
}
