// The content hash of a version (issue 42): SHA-256 of exactly the fields that change its sound. Each such field
// changes it; labels, the campaign, comments, locks and what is heard only once voiced do not.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { canonicalJson, contentHash, sha256Hex } from '../../../src/model/content-hash.js';
import type { ProjectDocument, VoiceClip } from '../../../src/model/document.js';
import { setLock } from '../../../src/model/locks.js';
import { addVersion, openContent } from '../../../src/model/versions.js';
import { sampleProject } from '../../model/fixtures.js';

const base = sampleProject();
const hash = (doc: ProjectDocument, id?: string) => contentHash(doc, id)!;
const withClip = (doc: ProjectDocument, fields: Partial<VoiceClip>): ProjectDocument => ({ ...doc, clips: doc.clips.map((clip) => (clip.id === 'c1' ? { ...clip, ...fields } : clip)) });

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 digests, and node:crypto\'s for lengths around each block edge', () => {
    assert.equal(sha256Hex(new Uint8Array()), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex(new TextEncoder().encode('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 1000, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 255);
      assert.equal(sha256Hex(bytes), createHash('sha256').update(bytes).digest('hex'), `${length} bytes`);
    }
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves undefined members out', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: null }], c: 'é' } }), '{"a":{"c":"é","d":[2,{"x":null,"z":1}]},"b":1}');
  });
});

describe('contentHash', () => {
  it('is 64 hex digits, the same for the same sound whatever the key order or the clips\' order', () => {
    assert.match(hash(base), /^[0-9a-f]{64}$/);
    const reverse = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(reverse) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reverse(inner)])) : value;
    const reordered = reverse(base) as ProjectDocument;
    assert.notEqual(Object.keys(reordered)[0], Object.keys(base)[0]);
    assert.equal(hash({ ...base, mix: { duckingReleaseMs: 400, duckingAttackMs: 80, duckingDepth: 9, musicLevel: -6, voiceLevel: 0 } }), hash(base));
    assert.equal(hash({ ...base, clips: [...base.clips].reverse() }), hash(base));
    assert.equal(hash(reordered), hash(base));
    assert.equal(contentHash(base, 'nope'), undefined);
  });

  it('changes with every field that changes the sound', () => {
    const changes: Record<string, ProjectDocument> = {
      duration: { ...base, duration: 15 },
      'clip start': withClip(base, { start: 2 }),
      'clip gain': withClip(base, { gain: -3 }),
      'clip trimIn': withClip(base, { trimIn: 0.2 }),
      'clip trimOut': withClip(base, { trimOut: 0.2 }),
      'clip fadeIn': withClip(base, { fadeIn: 0.1 }),
      'clip fadeOut': withClip(base, { fadeOut: 0.1 }),
      'clip take (asset)': withClip(base, { assetId: 'a-new-take' }),
      'clip removed': { ...base, clips: base.clips.slice(1) },
      'music removed': { ...base, music: null },
      'music track': { ...base, music: { ...base.music!, track: { track_id: 't-2', title: 'Other', style: 'pop' } } },
      'music asset': { ...base, music: { ...base.music!, assetId: 'm-asset' } },
      'music gain': { ...base, music: { ...base.music!, gain: -3 } },
      'music offset': { ...base, music: { ...base.music!, offset: 4 } },
      'music loop': { ...base, music: { ...base.music!, loop: false } },
      'music fadeIn': { ...base, music: { ...base.music!, fadeIn: 2 } },
      'music fadeOut': { ...base, music: { ...base.music!, fadeOut: 3 } },
      'mix voiceLevel': { ...base, mix: { ...base.mix, voiceLevel: -2 } },
      'mix musicLevel': { ...base, mix: { ...base.mix, musicLevel: -9 } },
      'mix duckingDepth': { ...base, mix: { ...base.mix, duckingDepth: 12 } },
      'mix duckingAttackMs': { ...base, mix: { ...base.mix, duckingAttackMs: 100 } },
      'mix duckingReleaseMs': { ...base, mix: { ...base.mix, duckingReleaseMs: 600 } },
      'voice muted': { ...base, tracks: { ...base.tracks, voice: { muted: true, solo: false } } },
      'music muted': { ...base, tracks: { ...base.tracks, music: { muted: true, solo: false } } },
      'mastering off': { ...base, mastering: { ...base.mastering, enabled: false } },
      'mastering preset': { ...base, mastering: { ...base.mastering, preset: 'podcast' } },
      'mastering target': { ...base, mastering: { ...base.mastering, target: -18 } },
      'mastering truePeak': { ...base, mastering: { ...base.mastering, truePeak: -2 } },
    };
    const seen = new Map<string, string>([[hash(base), 'the base']]);
    for (const [what, doc] of Object.entries(changes)) {
      const now = hash(doc);
      assert.ok(!seen.has(now), `${what} did not change the hash (or hashes as ${seen.get(now)})`);
      seen.set(now, what);
    }
  });

  it('does not change with labels, the campaign, comments, decisions, locks, the words before they are voiced, or URLs', () => {
    const two = addVersion(base, { id: 'v2', label: 'Alt' }, openContent(base));
    const same: Record<string, ProjectDocument> = {
      title: { ...base, title: 'Renamed' },
      'version label': { ...base, versions: base.versions.map((version) => ({ ...version, label: 'Main cut', adId: 'ABCD1234000H' })) },
      campaign: { ...base, campaign: { advertiser: 'Acme', campaign: 'Spring', adId: 'ABCD1234000H', isci: '', clearance: 'RC-123456' } },
      comments: {
        ...base,
        review: {
          comments: [{ id: 'k1', thread: 'k1', body: 'Louder', author: { id: 'u', name: 'U' }, at: '2026-05-01T09:30:00Z', anchor: { version: 'v1', start: 1, end: 2 } }],
          decisions: [{ id: 'd1', version: 'v1', reviewer: { id: 'u', name: 'U' }, at: '2026-05-01T09:30:00Z', label: 'approved', contentHash: 'x' }],
        },
      },
      'a clip locked': setLock(base, { kind: 'clip', id: 'c1' }, true, 'Legal'),
      'the length locked': setLock(base, { kind: 'duration' }, true),
      'script words': { ...base, script: { sections: base.script.sections.map((section) => ({ ...section, text: 'Other words' })) } },
      voice: { ...base, voice: { ...base.voice, voice: 'v-ben', speed: 1.1 } },
      pronunciations: { ...base, pronunciations: [{ text: 'Acme', say: 'ack-me' }] },
      'a clip URL signed anew': withClip(base, { url: 'https://cdn.example/a-c1.wav?sig=2' }),
      'a clip id (a split piece)': withClip(base, { id: 'c1-piece', sectionId: null }),
      'the library track URL': { ...base, music: { ...base.music!, url: 'https://cdn.example/t-1.mp3?sig=2' } },
      'delivery format and destinations': { ...base, delivery: { ...base.delivery, format: 'mp3', sampleRate: 44100, destinations: ['podcast'] } },
      'mute and solo as they sound': { ...base, tracks: { voice: { muted: false, solo: true }, music: { muted: false, solo: true } } },
    };
    for (const [what, doc] of Object.entries(same)) assert.equal(hash(doc), hash(base), `${what} changed the hash`);
    // Only the music heard, by muting the voice or soloing the music: one sound, one hash.
    assert.equal(hash({ ...base, tracks: { ...base.tracks, voice: { muted: true, solo: false } } }), hash({ ...base, tracks: { ...base.tracks, music: { muted: false, solo: true } } }));
    // Editing the open v2 leaves parked v1's hash as it was.
    assert.equal(hash(two, 'v1'), hash(base, 'v1'));
    const louder = { ...two, clips: two.clips.map((clip) => ({ ...clip, gain: -6 })) };
    assert.equal(hash(louder, 'v1'), hash(base, 'v1'));
    assert.notEqual(hash(louder, 'v2'), hash(base, 'v1'));
  });
});
