import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_DESTINATIONS, DESTINATION_FIGURES, destinationById, mergeDestinations } from '../../../src/delivery/destinations.js';
import { templateProblem } from '../../../src/delivery/file-name.js';
import type { DestinationProfile } from '../../../src/delivery/types.js';

const BUILTIN_IDS = BUILTIN_DESTINATIONS.map((profile) => profile.id);

describe('built-in destinations', () => {
  it('cover streaming, podcast insertion, both broadcast standards, VAST for ad servers and client approval', () => {
    assert.deepEqual(BUILTIN_IDS, ['streaming', 'podcast', 'broadcast-ebu-r128', 'broadcast-atsc-a85', 'vast-audio', 'client-approval']);
  });

  it('give podcast insertion the numbers PRX publishes', () => {
    const prx = destinationById('podcast')!;
    assert.deepEqual(prx.codec, { container: 'mp3', bitrateKbps: 128 });
    assert.equal(prx.sampleRate, 44100);
    assert.equal(prx.channels, 1);
    assert.equal(prx.loudness, -16);
    assert.equal(prx.minTailSilence, 0.5);
    assert.ok(prx.maxBytes !== undefined && prx.maxBytes <= 1_000_000);
    assert.match(prx.source.url ?? '', /^https:\/\/help\.prx\.org\//);
  });

  it('give broadcast the EBU R 128 and ATSC A/85 numbers, in WAV 24-bit 48 kHz stereo of exact length', () => {
    const ebu = destinationById('broadcast-ebu-r128')!;
    const atsc = destinationById('broadcast-atsc-a85')!;
    assert.deepEqual([ebu.loudness, ebu.tolerance, ebu.truePeak], [-23, 0.5, -1]);
    assert.deepEqual([atsc.loudness, atsc.tolerance, atsc.truePeak], [-24, 2, -2]);
    for (const profile of [ebu, atsc]) {
      assert.deepEqual(profile.codec, { container: 'wav', bitDepth: 24 });
      assert.equal(profile.sampleRate, 48000);
      assert.equal(profile.channels, 2);
      assert.equal(profile.length.kind, 'exact');
    }
  });

  it('name a source for each, say which figures it does not publish, and have valid templates', () => {
    for (const profile of BUILTIN_DESTINATIONS) {
      assert.ok(profile.source.title.length > 0 && profile.source.title.length <= 200, profile.id);
      assert.ok(profile.source.url === undefined || profile.source.url.startsWith('https://'), profile.id);
      for (const figure of profile.source.unpublished ?? []) assert.ok((DESTINATION_FIGURES as readonly string[]).includes(figure), `${profile.id}: ${figure}`);
      assert.equal(templateProblem(profile.fileName), null, profile.id);
    }
    assert.equal(destinationById('client-approval')!.source.url, undefined);
  });

  it('are frozen', () => {
    assert.ok(Object.isFrozen(BUILTIN_DESTINATIONS));
    assert.ok(Object.isFrozen(BUILTIN_DESTINATIONS[0]!.codec));
  });
});

describe('mergeDestinations', () => {
  const host = (id: string, label: string): DestinationProfile => ({ ...BUILTIN_DESTINATIONS[0]!, id, label });

  it('replaces a built-in of the same id whole, in place, and appends new ones in the host order', () => {
    const merged = mergeDestinations(BUILTIN_DESTINATIONS, [host('radio-x', 'Radio X'), host('podcast', 'Our podcast')]);
    assert.deepEqual(merged.map((p) => p.id), [...BUILTIN_IDS, 'radio-x']);
    const podcast = merged.find((p) => p.id === 'podcast')!;
    assert.equal(podcast.label, 'Our podcast');
    assert.equal(podcast.channels, 2, 'the host profile replaces, it is not merged with the built-in (mono)');
  });

  it('leaves the built-ins unchanged', () => {
    mergeDestinations(BUILTIN_DESTINATIONS, [host('podcast', 'X')]);
    assert.equal(destinationById('podcast')!.label, 'Podcast ad insertion');
  });

  it('finds by id in a given list', () => {
    assert.equal(destinationById('radio-x', [host('radio-x', 'Radio X')])?.label, 'Radio X');
    assert.equal(destinationById('nope'), undefined);
  });
});
