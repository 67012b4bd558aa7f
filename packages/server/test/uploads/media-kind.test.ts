import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { sniffAudio } from '../../src/features/uploads/audio-format.ts';
import { MediaKindProbe, mediaKindOf, probeMediaKind } from '../../src/features/uploads/media-kind.ts';

const clip = (ext: string) => readFileSync(join(import.meta.dirname, `../fixtures/audio/librivox-sense-and-sensibility-0870.${ext}`));
const e2eVideo = readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/questions-en.video.mp4'));

const kindOf = (bytes: Buffer) => mediaKindOf(bytes, sniffAudio(bytes)!);

/** The file fed in pieces of `size` bytes, as a stream brings it. */
function kindInPieces(bytes: Buffer, size: number) {
  const probe = new MediaKindProbe(sniffAudio(bytes)!);
  for (let at = 0; at < bytes.length; at += size) probe.push(bytes.subarray(at, at + size));
  return probe.kind;
}

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const hdlr = (handler: string) => box('hdlr', Buffer.alloc(8), Buffer.from(handler, 'latin1'), Buffer.alloc(13));
const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'));

/** The top-level boxes of an MP4 file, in order. */
function topBoxes(file: Buffer): Buffer[] {
  const boxes: Buffer[] = [];
  for (let at = 0; at < file.length;) {
    const size = file.readUInt32BE(at);
    boxes.push(file.subarray(at, at + size));
    at += size;
  }
  return boxes;
}

describe('media kind from the container', () => {
  it.each(['video.mp4', 'video.mov', 'video.3gp', 'video.mkv'])('finds the video track of %s', (ext) => {
    expect(kindOf(clip(ext))).toBe('video');
  });

  it('finds the video track of the VP9 and Opus MP4 the browser journey uploads', () => {
    expect(kindOf(e2eVideo)).toBe('video');
  });

  it.each(['m4a', 'aac.m4a', 'alac.m4a', 'webm', 'ogg', 'opus.ogg', 'mp3', 'flac', 'wav', 'caf', 'aiff'])('calls %s sound only', (ext) => {
    expect(kindOf(clip(ext))).toBe('audio');
  });

  it('answers the same whatever pieces the bytes arrive in', () => {
    for (const ext of ['video.mp4', 'video.mkv', 'm4a', 'webm']) {
      const whole = kindOf(clip(ext));
      for (const size of [1, 7, 1000, 65536]) expect(kindInPieces(clip(ext), size), `${ext} in ${size}-byte pieces`).toBe(whole);
    }
  });

  it('finds the track whether moov comes before or after the media data', () => {
    const boxes = topBoxes(clip('video.mp4'));
    const types = boxes.map((b) => b.toString('latin1', 4, 8));
    // ffmpeg writes the media data first by default.
    expect(types.indexOf('moov')).toBeGreaterThan(types.indexOf('mdat'));
    const moovFirst = Buffer.concat([...boxes.filter((b) => b.toString('latin1', 4, 8) !== 'mdat'), boxes[types.indexOf('mdat')]!]);
    expect(kindOf(moovFirst)).toBe('video');
    // Decided from the header alone: the media data after it is never needed.
    const probe = new MediaKindProbe('mp4');
    probe.push(moovFirst.subarray(0, moovFirst.length - boxes[types.indexOf('mdat')]!.length));
    expect(probe.kind).toBe('video');
  });

  it('reads only the handlers of tracks: a sound track and a metadata handler elsewhere make no video', () => {
    const sound = box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', box('mdhd', Buffer.alloc(24)), hdlr('soun')));
    // iTunes metadata carries its own hdlr ('mdir') under udta/meta; a handler named 'vide' outside a track means nothing.
    const udta = box('udta', box('meta', Buffer.alloc(4), hdlr('vide')));
    expect(mediaKindOf(Buffer.concat([ftyp, box('moov', sound, udta), box('mdat', Buffer.alloc(100))]), 'mp4')).toBe('audio');
    const picture = box('trak', box('mdia', hdlr('vide')));
    expect(mediaKindOf(Buffer.concat([ftyp, box('moov', sound, picture)]), 'mp4')).toBe('video');
  });

  it('skips a box with a 64-bit size', () => {
    const large = Buffer.alloc(16 + 32);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(large.length), 8);
    expect(mediaKindOf(Buffer.concat([ftyp, large, box('moov', box('trak', box('mdia', hdlr('vide'))))]), 'mp4')).toBe('video');
  });

  it('calls a cut-off or malformed file sound only', () => {
    const video = clip('video.mkv');
    expect(kindOf(video.subarray(0, 40))).toBe('audio');
    const broken = Buffer.concat([
      ftyp,
      Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x76]),
      box('moov', box('trak', box('mdia', hdlr('vide')))),
    ]);
    expect(mediaKindOf(broken, 'mp4')).toBe('audio');
  });

  it('sees nothing in formats without video tracks', () => {
    expect(mediaKindOf(clip('video.mp4'), 'wav')).toBe('audio');
  });

  it('passes the stream through unchanged while reading along', async () => {
    const video = clip('video.mov');
    const probed = probeMediaKind(Readable.from([video.subarray(0, 5000), video.subarray(5000)]), 'mov');
    expect((await buffer(probed.body)).equals(video)).toBe(true);
    expect(probed.kind()).toBe('video');
  });
});
