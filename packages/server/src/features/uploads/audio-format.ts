import { uploadLimits } from '@scribe/api-client';

/**
 * Audio containers the server accepts, recognised by the file's own first bytes (docs/decisions.md,
 * "Audio formats"): the formats the built-in decoder reads, video containers included (their audio
 * is transcribed).
 */
export type AudioFormat = 'wav' | 'mp3' | 'webm' | 'mkv' | 'm4a' | 'mp4' | 'mov' | '3gp' | 'ogg' | 'flac' | 'aac' | 'aiff' | 'caf';

export const audioMimeTypes: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  mkv: 'video/x-matroska',
  m4a: 'audio/mp4',
  // The brand does not say whether an MP4 holds video; browsers play either from this type.
  mp4: 'audio/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  caf: 'audio/x-caf',
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

/** An ADTS frame header (AAC without a container): sync, layer 00, a valid sampling index and a frame length. */
function isAdtsFrame(b: Uint8Array): boolean {
  if (b.length < 7 || b[0] !== 0xff || (b[1] & 0xf6) !== 0xf0) return false;
  const samplingIndex = (b[2] >> 2) & 0x0f;
  const frameLength = ((b[3] & 0x03) << 11) | (b[4] << 3) | (b[5] >> 5);
  return samplingIndex <= 12 && frameLength >= 7;
}

/** Whether an EBML header (the first bytes of WebM and Matroska) names the matroska DocType. */
function isMatroska(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, Math.min(b.length, 64))).toString('latin1');
  return head.includes('matroska');
}

/** The MP4 family member a file's `ftyp` major brand names. */
function mp4Member(b: Uint8Array): 'm4a' | 'mov' | '3gp' | 'mp4' {
  if (ascii(b, 8, 'M4A ') || ascii(b, 8, 'M4B ')) return 'm4a';
  if (ascii(b, 8, 'qt  ')) return 'mov';
  if (ascii(b, 8, '3gp') || ascii(b, 8, '3g2')) return '3gp';
  return 'mp4';
}

/**
 * The audio container of a file from its first bytes, whatever its name says (a .wav holding mp3
 * is still audio); null when it is not one of the accepted formats.
 */
export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if ((ascii(head, 0, 'RIFF') || ascii(head, 0, 'RF64') || ascii(head, 0, 'BW64')) && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return 'aiff';
  if (ascii(head, 0, 'caff')) return 'caf';
  if (isAdtsFrame(head)) return 'aac';
  if (ascii(head, 0, 'ID3') || isMpegFrame(head)) return 'mp3';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return isMatroska(head) ? 'mkv' : 'webm';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 4, 'ftyp')) return mp4Member(head);
  return null;
}

export const acceptedExtensions: readonly string[] = [...new Set([...uploadLimits.extensions, ...uploadLimits.recordingExtensions])];

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

/** Extensions a format may be stored under when the file's name uses one (the first bytes rarely say which). */
const storedNames: Partial<Record<AudioFormat, readonly string[]>> = {
  m4a: ['m4a', 'mp4', 'm4b'],
  mp4: ['mp4', 'm4a', 'm4v'],
  mkv: ['mkv', 'mka'],
  ogg: ['ogg', 'oga', 'opus'],
  aiff: ['aiff', 'aif', 'aifc'],
};

/**
 * The extension to store a file under: the sniffed format, except where one format goes by several
 * names (.m4a and .mp4, .ogg and .opus, .aif and .aiff): then the name's own choice.
 */
export function storedExtension(format: AudioFormat, name: string): string {
  const ext = extensionOf(name);
  return storedNames[format]?.includes(ext) ? ext : format;
}
