import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { MAX_POOLED_SAMPLES, releaseScratch, scratch } from '../../../src/audio/dsp/scratch.js';

describe('scratch buffers', () => {
  afterEach(() => releaseScratch());

  it('keeps an ad-length buffer per slot between calls, and hands out views of it', () => {
    const first = scratch('test.a', 48000 * 30);
    assert.equal(scratch('test.a', 48000 * 30), first);
    assert.equal(scratch('test.a', 1000).buffer, first.buffer);
    assert.notEqual(scratch('test.b', 1000).buffer, first.buffer);
  });

  it('keeps nothing longer than MAX_POOLED_SAMPLES: a 10-minute render frees its work buffers', () => {
    const long = 48000 * 600;
    assert.ok(long > MAX_POOLED_SAMPLES);
    const first = scratch('test.long', long);
    assert.equal(first.length, long);
    assert.notEqual(scratch('test.long', long), first);
    // A short call after a long one gets a pooled buffer of its own, not the long one.
    const short = scratch('test.long', 1000);
    assert.notEqual(short.buffer, first.buffer);
    assert.equal(scratch('test.long', 1000), short);
  });
});
