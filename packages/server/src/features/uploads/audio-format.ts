import { uploadLimits } from '@scribe/api-client';

/** Audio containers the server accepts, recognised by the file's own first bytes. */
export type AudioFormat = 'wav' | 'mp3' | 'webm' | 'm4a' | 'mp4' | 'ogg';

export const audioMimeTypes: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  ogg: 'audio/ogg',
};

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/** An MPEG audio frame header (layer I-III, a valid bitrate and sample rate). */
function isMpegFrame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const layer = (b[1] >> 1) & 0x03;
  const bitrate = b[2] >> 4;
  const sampleRate = (b[2] >> 2) & 0x03;
  return layer !== 0 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/**
 * The audio container of a file from its first bytes, whatever its name says (a .wav holding mp3
 * is still audio); null when it is not one of the accepted formats.
 */
export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'ID3') || isMpegFrame(head)) return 'mp3';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'M4A ') || ascii(head, 8, 'M4B ') ? 'm4a' : 'mp4';
  return null;
}

export const acceptedExtensions: readonly string[] = [...uploadLimits.extensions, ...uploadLimits.recordingExtensions];

/** The lower-case extension of a file name, or '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function hasAcceptedExtension(name: string): boolean {
  return acceptedExtensions.includes(extensionOf(name));
}

/**
 * The last path segment of a client-supplied file name, without control or direction-override
 * characters: '../x.wav' and 'C:\\Users\\a\\x.wav' both become 'x.wav'.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (cleaned === '.' || cleaned === '..') return '';
  if (cleaned.length <= 255) return cleaned;
  const ext = extensionOf(cleaned);
  return ext ? `${cleaned.slice(0, 254 - ext.length)}.${ext}` : cleaned.slice(0, 255);
}

/** A transcript title from a file name: the name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const title = (dot > 0 ? name.slice(0, dot) : dot === 0 ? '' : name).trim();
  return title || 'Untitled recording';
}

/**
 * The extension to store a file under: the sniffed format, except that the MP4 family keeps the
 * name's own choice between .m4a and .mp4 (the first bytes rarely say which one was meant).
 */
export function storedExtension(format: AudioFormat, name: string): AudioFormat {
  const ext = extensionOf(name);
  if ((format === 'm4a' || format === 'mp4') && (ext === 'm4a' || ext === 'mp4')) return ext;
  return format;
}
