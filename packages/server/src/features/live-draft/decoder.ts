/**
 * Incremental decoding of a recording that grows piece by piece: each piece's bytes go into one
 * streaming decoder whose state (container parser, Opus decoder, resampler) lives as long as the
 * recording, so a piece costs only its own audio and the recording is never decoded again from the
 * start.
 *
 * Wire format: the browser sends one Opus stream (Chromium 'audio/webm;codecs=opus', Firefox Ogg Opus)
 * that serves both storage and live text. At ~32 kbit/s that is ~4 KB per second of upload against
 * 32 KB/s for 16 kHz 16-bit PCM from an AudioWorklet (8x, which matters on a phone's uplink and for
 * the stored audio), and decoding Opus costs ~25 ms per second of audio here (the fixture: 7 s in
 * ~180 ms including the WASM start), far below the transcription itself. One stream also means the
 * finished recording's audio is exactly what was drafted from.
 */
import decode, { type StreamDecoder } from 'audio-decode';
import { mixToMono, Resampler } from '../transcription/engines/whisper/resample.ts';
import { SAMPLE_RATE } from '../transcription/engines/whisper/audio.ts';

export type LiveFormat = 'webm' | 'opus' | 'm4a';

/**
 * The streaming container for a recording's MIME type, or null when live text cannot follow it.
 * MP4 works when it is fragmented (Chromium's and Safari's MediaRecorder write fragments); the
 * decoder stops drafting if it is not (see LiveDecoder.push).
 */
export function liveFormatOf(mimeType: string): LiveFormat | null {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (type === 'audio/webm' || type === 'video/webm') return 'webm';
  if (type === 'audio/ogg' || type === 'audio/opus' || type === 'application/ogg') return 'opus';
  if (type === 'audio/mp4' || type === 'audio/m4a' || type === 'audio/x-m4a' || type === 'video/mp4') return 'm4a';
  return null;
}

/** Decodes pieces, in order, to 16 kHz mono. */
export class LiveDecoder {
  private decoder: Promise<StreamDecoder> | null;
  private resampler: Resampler | null = null;
  private closed = false;
  /** 16 kHz samples produced so far. */
  samples = 0;

  constructor(readonly format: LiveFormat) {
    this.decoder = (decode as unknown as Record<LiveFormat, () => Promise<StreamDecoder>>)[format]();
    this.decoder.catch(() => undefined);
  }

  /** The new audio this piece completes (may be empty: a container keeps partial frames for the next piece). */
  async push(bytes: Uint8Array): Promise<Float32Array> {
    if (this.closed || !this.decoder) return new Float32Array(0);
    const decoder = await this.decoder;
    if (this.closed) return new Float32Array(0);
    // The decoders may keep a view of the bytes: give them their own copy.
    const chunk = await decoder(bytes.slice());
    return this.take(chunk.channelData, chunk.sampleRate);
  }

  private take(channels: Float32Array[], sampleRate: number): Float32Array {
    if (!channels.length || !channels[0].length) return new Float32Array(0);
    if (!this.resampler) this.resampler = new Resampler(sampleRate, SAMPLE_RATE);
    else if (this.resampler.inRate !== sampleRate) throw new Error('The sample rate changes inside the recording.');
    const out = this.resampler.push(mixToMono(channels));
    this.samples += out.length;
    return out;
  }

  /** Frees the decoder's WASM memory at once; later pushes return nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const decoder = this.decoder;
    this.decoder = null;
    this.resampler = null;
    void decoder?.then((d) => d.free()).catch(() => undefined);
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
