// A delivered file's tags read back from the bytes: the ID3v2.4 frames (ids, syncsafe sizes, text) and
// the WAV's `bext` v2 fields at their EBU Tech 3285 offsets and its LIST/INFO texts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deliveryId3, deliveryWavMetadata, type DeliveryTagSource } from '../../../src/audio/deliver/tags.js';
import { encodeWav } from '../../../src/audio/dsp/wav.js';
import { withWavMetadata } from '../../../src/audio/dsp/wav-metadata.js';
import { id3Tag } from '../../../src/audio/id3.js';
import type { DestinationProfile } from '../../../src/delivery/types.js';

const destination: DestinationProfile = {
  id: 'podcast-insertion',
  label: 'Podcast insertion',
  source: { title: 'PRX' },
  codec: { container: 'mp3', bitrateKbps: 128 },
  sampleRate: 44100,
  channels: 1,
  loudness: -16,
  tolerance: 1,
  truePeak: -1,
  length: { kind: 'max', maxSeconds: 30 },
  minTailSilence: 0.5,
  metadata: ['title', 'advertiser', 'campaign', 'adId', 'isci', 'versionLabel', 'loudness'],
  fileName: '{advertiser}',
};
const source: DeliveryTagSource = {
  title: 'Spring Sale — Été',
  campaign: { advertiser: 'Acme Café', campaign: 'Spring 2027', adId: 'ABCD1234000', isci: 'ABCD1234', versionLabel: ':30 main' },
  destination,
  measurement: { integrated: -16.04, momentaryMax: -12.5, shortTermMax: -14.25, range: 4.3, samplePeak: -2.1, truePeak: -1.26 },
};

const utf8 = new TextDecoder();
const syncsafe = (b: Uint8Array, at: number): number => (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;

/** The frames of an ID3v2.4 tag: id and body, checking each size against the tag's. */
function id3Frames(tag: Uint8Array): Array<{ id: string; body: Uint8Array }> {
  assert.equal(utf8.decode(tag.subarray(0, 3)), 'ID3');
  assert.deepEqual([tag[3], tag[4], tag[5]], [4, 0, 0]);
  const size = syncsafe(tag, 6);
  assert.equal(size, tag.length - 10, 'the tag size counts every frame');
  const frames = [];
  for (let at = 10; at < tag.length; ) {
    const id = utf8.decode(tag.subarray(at, at + 4));
    const length = syncsafe(tag, at + 4);
    frames.push({ id, body: tag.subarray(at + 10, at + 10 + length) });
    at += 10 + length;
  }
  return frames;
}

/** The chunks of a RIFF file by id. */
function chunks(file: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  assert.equal(view.getUint32(4, true), file.length - 8, 'the RIFF size');
  const out = new Map<string, Uint8Array>();
  for (let at = 12; at + 8 <= file.length; ) {
    const size = view.getUint32(at + 4, true);
    out.set(utf8.decode(file.subarray(at, at + 4)), file.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size & 1);
  }
  return out;
}

const cString = (bytes: Uint8Array): string => utf8.decode(bytes.subarray(0, bytes.indexOf(0) < 0 ? bytes.length : bytes.indexOf(0)));

describe('delivery tags', () => {
  it('ID3v2.4: TIT2, TPE1, TALB, TXXX AD-ID, ISCI and VERSION, COMM with the loudness, TSSE', () => {
    const frames = id3Frames(id3Tag(deliveryId3(source)));
    assert.deepEqual(frames.map((f) => f.id), ['TIT2', 'TPE1', 'TALB', 'TXXX', 'TXXX', 'TXXX', 'COMM', 'TSSE']);
    const text = (id: string) => frames.filter((f) => f.id === id).map((f) => (assert.equal(f.body[0], 3, 'UTF-8'), utf8.decode(f.body.subarray(1))));
    assert.deepEqual(text('TIT2'), ['Spring Sale — Été']);
    assert.deepEqual(text('TPE1'), ['Acme Café']);
    assert.deepEqual(text('TALB'), ['Spring 2027']);
    assert.deepEqual(text('TXXX'), ['AD-ID\0ABCD1234000', 'ISCI\0ABCD1234', 'VERSION\0:30 main']);
    const comm = frames.find((f) => f.id === 'COMM')!.body;
    assert.equal(utf8.decode(comm.subarray(1, 4)), 'eng');
    assert.equal(comm[4], 0, 'no description');
    assert.equal(utf8.decode(comm.subarray(5)), 'Integrated -16.0 LUFS, true peak -1.3 dBTP, loudness range 4.3 LU; destination podcast-insertion: -16 LUFS, -1 dBTP');
  });

  it('leaves out the fields the destination does not list, and empty ones', () => {
    const frames = id3Frames(id3Tag(deliveryId3({ ...source, campaign: { ...source.campaign, isci: ' ' }, destination: { ...destination, metadata: ['adId', 'isci'] } })));
    assert.deepEqual(frames.map((f) => f.id), ['TXXX', 'TSSE']);
    assert.equal(utf8.decode(frames[0]!.body.subarray(1)), 'AD-ID\0ABCD1234000');
  });

  it('WAV: bext v2 at the EBU Tech 3285 offsets, and LIST/INFO', () => {
    const wav = encodeWav([new Float32Array(480)], 48000, { bitDepth: 24 });
    const file = withWavMetadata(wav, deliveryWavMetadata(source));
    const parts = chunks(file);
    assert.deepEqual([...parts.keys()], ['fmt ', 'bext', 'LIST', 'data']);
    const bext = parts.get('bext')!;
    assert.equal(bext.length, 602);
    const view = new DataView(bext.buffer, bext.byteOffset, bext.byteLength);
    assert.equal(cString(bext.subarray(0, 256)), 'Spring Sale ? ?t? (:30 main); Ad-ID ABCD1234000; ISCI ABCD1234', 'Description, ASCII');
    assert.equal(cString(bext.subarray(256, 288)), 'Service Studio Editor', 'Originator');
    assert.equal(cString(bext.subarray(288, 320)), 'ABCD1234000', 'OriginatorReference');
    assert.equal(view.getUint16(346, true), 2, 'Version');
    assert.equal(view.getInt16(412, true), -1604, 'LoudnessValue');
    assert.equal(view.getInt16(414, true), 430, 'LoudnessRange');
    assert.equal(view.getInt16(416, true), -126, 'MaxTruePeakLevel');
    assert.equal(view.getInt16(418, true), -1250, 'MaxMomentaryLoudness');
    assert.equal(view.getInt16(420, true), -1425, 'MaxShortTermLoudness');
    const list = parts.get('LIST')!;
    assert.equal(utf8.decode(list.subarray(0, 4)), 'INFO');
    const info = new Map<string, string>();
    const lv = new DataView(list.buffer, list.byteOffset, list.byteLength);
    for (let at = 4; at + 8 <= list.length; ) {
      const size = lv.getUint32(at + 4, true);
      info.set(utf8.decode(list.subarray(at, at + 4)), cString(list.subarray(at + 8, at + 8 + size)));
      at += 8 + size + (size & 1);
    }
    assert.deepEqual(Object.fromEntries(info), {
      INAM: 'Spring Sale — Été',
      IART: 'Acme Café',
      IPRD: 'Spring 2027',
      ISFT: 'Service Studio Editor',
      ICMT: 'Integrated -16.0 LUFS, true peak -1.3 dBTP, loudness range 4.3 LU; destination podcast-insertion: -16 LUFS, -1 dBTP',
    });
    assert.equal(parts.get('data')!.length, 480 * 3, 'the samples are untouched');
  });

  it('WAV without loudness in the destination: bext loudness fields say not given (0x7fff)', () => {
    const wav = encodeWav([new Float32Array(48)], 48000);
    const bext = chunks(withWavMetadata(wav, deliveryWavMetadata({ ...source, destination: { ...destination, metadata: ['adId'] } }))).get('bext')!;
    const view = new DataView(bext.buffer, bext.byteOffset, bext.byteLength);
    assert.equal(cString(bext.subarray(288, 320)), 'ABCD1234000');
    for (const at of [412, 414, 416, 418, 420]) assert.equal(view.getInt16(at, true), 0x7fff);
  });
});
