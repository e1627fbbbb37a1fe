// The MP3 frame reader on hostile bytes: it never throws, it reads nothing outside the file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mp3Frames } from '../../../src/audio/dsp/mp3-frames.js';

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: frames of 417 bytes; a Xing tag after 32 bytes of side information. */
const HEADER = [0xff, 0xfb, 0x90, 0x64];
const FRAME = 417;

function file(frames: number, tag?: { flags: number; cut?: number }): Uint8Array {
  const bytes = new Uint8Array(frames * FRAME);
  for (let f = 0; f < frames; f++) bytes.set(HEADER, f * FRAME);
  if (tag) {
    bytes.set([...'Xing'].map((c) => c.charCodeAt(0)), 36);
    new DataView(bytes.buffer).setUint32(40, tag.flags);
    return tag.cut === undefined ? bytes : bytes.slice(0, tag.cut);
  }
  return bytes;
}

describe('mp3Frames on hostile bytes', () => {
  it('reads whole frames, and a Xing frame as no audio', () => {
    assert.equal(mp3Frames(file(3))?.frames.length, 3);
    assert.equal(mp3Frames(file(3, { flags: 1 }))?.frames.length, 2);
  });

  for (const cut of [38, 40, 42, 44, 50, 200]) {
    it(`a file cut short at byte ${cut}, inside its Xing tag, does not throw and has no whole frame`, () => {
      const frames = mp3Frames(file(1, { flags: 0xf, cut }));
      assert.ok(frames === undefined || frames.frames.length === 0);
    });
  }

  it('a tag whose flags claim more than its frame holds is read up to the frame, no further', () => {
    const frames = mp3Frames(file(2, { flags: 0xffffffff }));
    assert.equal(frames?.frames.length, 1);
  });

  it('garbage and nothing are not MP3', () => {
    assert.equal(mp3Frames(new Uint8Array([0x3c, 0x21, 0x64, 0x6f])), undefined);
    assert.equal(mp3Frames(new Uint8Array(0)), undefined);
    assert.equal(mp3Frames(new Uint8Array([0xff, 0xfb])), undefined);
  });
});
