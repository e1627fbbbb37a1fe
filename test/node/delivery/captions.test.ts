// An ad's words as captions and a transcript (src/script/captions.ts): each voice clip's words on the timeline,
// placed by the service's word timings where they are the clip's words one for one, else spread over the clip;
// cues of at most 2 lines of 42 characters and 7 s; WebVTT whose text is text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AssetMetadata } from '../../../src/api/contract.js';
import { wordTimings } from '../../../src/api/word-timings.js';
import { adWords, captionCues, transcriptText, webVtt } from '../../../src/script/captions.js';
import { DEFAULT_TRACKS, type VoiceClip } from '../../../src/model/document.js';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { deliverAd } from '../../../src/session/editor-deliver.js';
import { nodeDeliverHost } from '../delivery-make.js';
import { validate } from '../json-schema.js';
import { feedTemplate } from '../support/feed-template.js';

const clip = (id: string, start: number, text: string, trim: Partial<Pick<VoiceClip, 'trimIn' | 'trimOut'>> = {}) =>
  ({ id, sectionId: null, assetId: id, url: `mem:${id}`, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: { text, voice: 'v', speed: 1 }, ...trim }) as VoiceClip;
const asset = (id: string, duration: number, words?: [string, number, number][]): AssetMetadata => ({
  asset_id: id, kind: 'voice', url: `mem:${id}`, mime_type: 'audio/wav', duration_s: duration,
  ...(words === undefined ? {} : { words: words.map(([text, start_s, end_s]) => ({ text, start_s, end_s })) }),
});

describe('captions', () => {
  it('places each word where the take says it is heard, on the timeline, and cuts one a trim cuts', () => {
    const view = {
      duration: 10,
      tracks: DEFAULT_TRACKS,
      clips: [clip('b', 4, 'Call now.', { trimOut: 0.4 }), clip('a', 1, 'Fresh cold brew.')],
      assets: [asset('a', 2, [['Fresh', 0.1, 0.5], ['cold', 0.5, 0.9], ['brew.', 0.9, 1.6]]), asset('b', 1.5, [['Call', 0, 0.6], ['now.', 0.6, 1.5]])],
    };
    const { words, timed } = adWords(view);
    assert.equal(timed, true);
    assert.deepEqual(words, [
      { text: 'Fresh', start: 1.1, end: 1.5 },
      { text: 'cold', start: 1.5, end: 1.9 },
      { text: 'brew.', start: 1.9, end: 2.6 },
      { text: 'Call', start: 4, end: 4.6 },
    ], '"now." ends past the trim: not heard whole');
  });

  it("spreads a clip's words over it when the service gives no timings, or not the clip's words one for one", () => {
    const view = { duration: 30, tracks: DEFAULT_TRACKS, clips: [clip('a', 2, 'one two three four')], assets: [asset('a', 4, [['one', 0, 1]])] };
    const { words, timed } = adWords(view);
    assert.equal(timed, false);
    assert.deepEqual(words.map((word) => word.text), ['one', 'two', 'three', 'four']);
    assert.equal(words[0]!.start, 2);
    assert.equal(words.at(-1)!.end, 6);
    assert.ok(words.every((word, at) => at === 0 || word.start === words[at - 1]!.end), 'end to end');
    assert.deepEqual(adWords({ ...view, tracks: { ...DEFAULT_TRACKS, voice: { muted: true, solo: false } } }).words, [], 'a muted voice says nothing');
  });

  it('makes cues of at most 2 lines of 42 characters and 7 s, ending at a sentence or a pause', () => {
    const long = Array.from({ length: 40 }, (_, at) => ({ text: `word${at}`, start: at * 0.3, end: at * 0.3 + 0.3 }));
    const cues = captionCues(long);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      assert.ok(lines.length <= 2 && lines.every((line) => line.length <= 42), JSON.stringify(cue.text));
      assert.ok(cue.end - cue.start <= 7.0001, `${cue.start}..${cue.end}`);
    }
    assert.deepEqual(cues.flatMap((cue) => cue.text.split(/\s+/)), long.map((word) => word.text), 'every word, in order');
    const sentences = captionCues([
      { text: 'Hi.', start: 0, end: 0.4 },
      { text: 'Call', start: 0.5, end: 0.8 },
      { text: 'now', start: 2, end: 2.3 },
    ]);
    assert.deepEqual(sentences.map((cue) => cue.text), ['Hi.', 'Call', 'now'], 'a sentence ends a cue, and so does a pause of over 0.6 s');
  });

  it('writes WebVTT whose text is text: markup, an arrow and entities escaped', () => {
    const vtt = webVtt([{ start: 0.5, end: 62.25, text: '<b>Save</b> --> & more\n\nnow' }]);
    assert.equal(vtt, 'WEBVTT\n\n1\n00:00:00.500 --> 00:01:02.250\n&lt;b&gt;Save&lt;/b&gt; --&gt; &amp; more\nnow\n');
  });

  it('reads word timings whole or not at all', () => {
    assert.equal(wordTimings(undefined), undefined);
    assert.equal(wordTimings(asset('a', 2)), undefined);
    assert.deepEqual(wordTimings(asset('a', 2, [['a', 0, 1], ['b', 1, 2]])), [{ text: 'a', start: 0, end: 1 }, { text: 'b', start: 1, end: 2 }]);
    assert.equal(wordTimings(asset('a', 2, [['a', 1, 1.5], ['b', 0, 0.5]])), undefined, 'out of order');
    assert.equal(wordTimings(asset('a', 2, [['a', 0, 9]])), undefined, 'past the take');
    assert.equal(wordTimings({ duration_s: 2, words: [{ text: 'a', start_s: '0', end_s: 1 }] } as unknown as AssetMetadata), undefined, 'not a number');
  });

  it('writes a transcript: the title, then each clip heard, in time order', () => {
    const text = transcriptText({ title: 'Cold brew', tracks: DEFAULT_TRACKS, clips: [clip('b', 4, 'Call now.'), clip('a', 1, ' Fresh cold brew. ')] });
    assert.equal(text, 'Cold brew\n\nFresh cold brew.\n\nCall now.\n');
  });
});

describe('captions delivered with an ad', () => {
  it('puts its captions and transcript beside its file, lists them in the manifest, placed by the timings the service gave', async () => {
    const { project: made, sources } = feedTemplate(['broadcast-ebu-r128']);
    // The hook's take says when its words are heard; the others' say nothing (estimated).
    const project = { ...made, assets: made.assets.map((item) => (item.asset_id === 'template-hook' ? { ...item, voice: { voice_id: 'v-anna', name: 'Anna', language: 'en-US' }, words: ([['Ready', 0.05, 0.4], ['for', 0.4, 0.6], ['the', 0.6, 0.75], ['trail?', 0.75, 1.4]] as const).map(([text, start_s, end_s]) => ({ text, start_s, end_s })) } : item)) };
    const result = await deliverAd(nodeDeliverHost(() => project, sources), { destinations: ['broadcast-ebu-r128'], stems: false });
    const files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    const entry = result.manifest.captions?.[0];
    assert.ok(entry !== undefined, 'manifest.captions lists them');
    assert.deepEqual({ ...entry, captions: undefined, transcript: undefined }, { version: project.openVersion, captions: undefined, transcript: undefined, language: 'en-US', words: 21, timed: false });
    assert.match(entry.captions, /_captions\.vtt$/);
    const vtt = strFromU8(files[entry.captions]!);
    assert.match(vtt, /^WEBVTT\n\n1\n00:00:00\.550 --> 00:00:01\.900\nReady for the trail\?\n/, 'the hook where its timings put it, from its clip at 0.5 s');
    const ends = [...vtt.matchAll(/--> (\d\d):(\d\d):(\d\d\.\d{3})/g)].map(([, h, m, sec]) => Number(h) * 3600 + Number(m) * 60 + Number(sec));
    assert.ok(ends.every((end) => end <= project.duration), 'no cue past the ad');
    assert.equal(strFromU8(files[entry.transcript]!), 'Summer gear\n\nReady for the trail?\n\nGet Trail runner shoes for just 59.99 dollars at Acme Outdoors.\n\nVisit acme outdoors dot com today.\n');
    const report = strFromU8(files['report.html']!);
    assert.ok(report.includes('<h2>Transcript and captions</h2>') && report.includes(entry.captions), 'the report names the captions');
    assert.ok(report.includes('<p>Summer gear\n\nReady for the trail?'), 'and shows the transcript');
    const schema = JSON.parse(readFileSync(new URL('../../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Parameters<typeof validate>[1];
    assert.deepEqual(validate(JSON.parse(strFromU8(files['manifest.json']!)), schema), [], 'manifest.json validates against its schema');
  });
});
