// Schema 9's migration: a v8 script reads exactly as before, now that `[[...]]` is a mark of direction and `\[[` a
// literal; a take may record the SSML it was voiced from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readProject } from '../../../src/model/migrate.js';
import { validateProject } from '../../../src/model/validate.js';
import { scanDirection } from '../../../src/script/direction.js';
import { sampleProject } from '../../model/fixtures.js';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
const sections = (texts: readonly string[]) => texts.map((text, index) => ({ id: `s${index + 1}`, label: `Part ${index + 1}`, text }));

/** A v8 document: these sections open and in a parked `v2`. */
function v8(open: readonly string[], parked: readonly string[]): Record<string, unknown> {
  const doc = json(sampleProject());
  const content = { duration: 15, voice: doc['voice'], script: { sections: sections(parked) }, clips: [], music: null };
  return {
    ...doc,
    schemaVersion: 8,
    script: { sections: sections(open) },
    versions: [
      { id: 'v1', label: ':30', adId: '', isci: '' },
      { id: 'v2', label: ':15', adId: '', isci: '', parked: content },
    ],
  };
}

/** How schema 9 reads `text`: it must hold no mark and no malformed one; its words as written. */
function read(text: string): string {
  const { pieces, marks, faults } = scanDirection(text);
  assert.deepEqual(marks, [], `marks found in ${JSON.stringify(text)}`);
  assert.deepEqual(faults, [], `problems found in ${JSON.stringify(text)}`);
  return pieces.join('');
}

describe('schema 9: the migration from v8', () => {
  it('writes every "[[" of the open and the parked scripts as "\\[[", so each reads as the v8 text did', () => {
    const open = ['Call [[pause 1.0s]] now.', 'No brackets here, {{price}} stays a slot.', '[[[[ and [[[ and ]] and [[shout: hi]]', 'A v8 \\[[ backslash'];
    const parked = ['Only [[emphasis strong: Acme]].', 'Half [['];
    const doc = readProject(v8(open, parked));
    assert.equal(doc.schemaVersion, 9);
    const texts = doc.script.sections.map((section) => section.text);
    assert.deepEqual(texts, ['Call \\[[pause 1.0s]] now.', 'No brackets here, {{price}} stays a slot.', '\\[[\\[[ and \\[[[ and ]] and \\[[shout: hi]]', 'A v8 \\\\[[ backslash']);
    assert.deepEqual(texts.map(read), open);
    const kept = doc.versions.find((version) => version.id === 'v2')!.parked!.script.sections.map((section) => section.text);
    assert.deepEqual(kept.map(read), parked);
  });

  it("keeps a take's source text as it was voiced", () => {
    const doc = json(sampleProject());
    const clips = (doc['clips'] as Record<string, unknown>[]).map((clip) => ({ ...clip, source: { text: 'Said [[this]]', voice: 'v-anna', speed: 1 } }));
    if (clips.length === 0) return assert.fail('the sample project has no clip to test with');
    const read9 = readProject({ ...doc, schemaVersion: 8, clips });
    assert.equal(read9.clips[0]!.source!.text, 'Said [[this]]');
  });

  it("a v9 take keeps its source's ssml; an ssml that is not text is refused by its path", () => {
    const doc = json(sampleProject());
    const clips = doc['clips'] as Record<string, unknown>[];
    const ssml = '<speak>Hi<break time="1.0s"/></speak>';
    const withSsml = (value: unknown) => ({ ...doc, clips: clips.map((clip) => ({ ...clip, source: { text: 'Hi', voice: 'v-anna', speed: 1, ssml: value } })) });
    assert.equal(readProject(withSsml(ssml)).clips[0]!.source!.ssml, ssml);
    assert.throws(() => validateProject(withSsml(4)), /project\.clips\[0\]\.source\.ssml: expected a string/);
  });
});
