// Schema 7's migration: a v6 script reads exactly as before, now that `{{name}}` is a slot and `\{{` a literal.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCHEMA_VERSION } from '../../../src/model/document.js';
import { readProject } from '../../../src/model/migrate.js';
import { fillSlots, parseSlots } from '../../../src/script/slots.js';
import { sampleProject } from '../../model/fixtures.js';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** A v6 document: the sample project without schema 7's fields, with these sections open and in a parked `v2`. */
function v6(open: readonly string[], parked: readonly string[]): Record<string, unknown> {
  const doc = json(sampleProject());
  for (const key of ['slots', 'feed', 'review']) delete doc[key];
  const sections = (texts: readonly string[]) => texts.map((text, index) => ({ id: `s${index + 1}`, label: `Part ${index + 1}`, text }));
  const content = { duration: 15, voice: doc['voice'], script: { sections: sections(parked) }, clips: [], music: null };
  return {
    ...doc,
    schemaVersion: 6,
    script: { sections: sections(open) },
    versions: [
      { id: 'v1', label: ':30', adId: '', isci: '' },
      { id: 'v2', label: ':15', adId: '', isci: '', parked: content },
    ],
  };
}

/** How schema 7 reads `text` when no slot has a value: it must have no slot and no problem. */
function read(text: string): string {
  const template = parseSlots(text);
  assert.deepEqual(template.slots, [], `slots found in ${JSON.stringify(text)}`);
  assert.deepEqual(template.problems, [], `problems found in ${JSON.stringify(text)}`);
  return fillSlots(template, {});
}

describe('schema 7: the migration from v6', () => {
  it('writes every "{{" of the open and the parked scripts as "\\{{", so each reads as the v6 text did', () => {
    const open = ['Save {{10%}} today.', 'No braces here.', '{{{{ and {{{ and }}'];
    const parked = ['Only {{price}} at {{store}}.', 'Half {{'];
    const doc = readProject(v6(open, parked));
    assert.equal(doc.schemaVersion, SCHEMA_VERSION);
    const texts = doc.script.sections.map((section) => section.text);
    assert.deepEqual(texts, ['Save \\{{10%}} today.', 'No braces here.', '\\{{\\{{ and \\{{{ and }}']);
    assert.deepEqual(texts.map(read), open);
    const kept = doc.versions.find((version) => version.id === 'v2')!.parked!.script.sections.map((section) => section.text);
    assert.deepEqual(kept, ['Only \\{{price}} at \\{{store}}.', 'Half \\{{']);
    assert.deepEqual(kept.map(read), parked);
  });

  it('writes a v6 "\\{{" (a backslash, then braces) as "\\\\{{": schema 7 reads the backslash, then a literal "{{"', () => {
    const doc = readProject(v6(['Type \\{{name}} to escape.'], []));
    const text = doc.script.sections[0]!.text;
    assert.equal(text, 'Type \\\\{{name}} to escape.');
    assert.equal(read(text), 'Type \\{{name}} to escape.');
  });

  it('reads any v6 text of braces and backslashes as it was (2,000 random texts)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ['{', '{', '}', '\\', 'a', ' '];
    const texts = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    // A script holds at most 500 sections: 500 open and 500 parked, twice.
    for (const at of [0, 1000]) {
      const doc = readProject(v6(texts.slice(at, at + 500), texts.slice(at + 500, at + 1000)));
      const migrated = [...doc.script.sections, ...doc.versions[1]!.parked!.script.sections].map((section) => section.text);
      assert.deepEqual(migrated.map(read), texts.slice(at, at + 1000));
    }
  });

  it("leaves the takes' source text as it was voiced, and adds no slots, no feed and an empty review", () => {
    const before = v6(['Save {{10%}}'], []);
    (before['clips'] as { source: { text: string } }[])[0]!.source.text = 'Save {{10%}}';
    const doc = readProject(before);
    assert.equal(doc.clips[0]!.source!.text, 'Save {{10%}}');
    assert.deepEqual(doc.slots, []);
    assert.equal(doc.feed, null);
    assert.deepEqual(doc.review, { comments: [], decisions: [] });
    assert.equal('clearance' in doc.campaign, false);
  });

  it('does not touch a schema 7 document: its {{slots}} stay slots', () => {
    const doc = readProject(json(sampleProject({ script: { sections: [{ id: 's1', label: 'Hook', text: 'Only {{price}}, \\{{literal}}.' }] } })));
    assert.equal(doc.script.sections[0]!.text, 'Only {{price}}, \\{{literal}}.');
    assert.deepEqual(
      parseSlots(doc.script.sections[0]!.text).slots.map((slot) => slot.name),
      ['price'],
    );
  });

  it('migrates a v1 draft through every schema to the current one, its paragraphs\' "{{" made literal', () => {
    const doc = readProject({ schemaVersion: 1, id: 'ad-1', title: 'Old', duration: 20, script: ['Hi {{there}}', 'Bye'], voice: 'v-anna', music: null, musicGain: -6 });
    assert.equal(doc.schemaVersion, SCHEMA_VERSION);
    assert.equal(SCHEMA_VERSION, 9);
    assert.deepEqual(
      doc.script.sections.map((section) => section.text),
      ['Hi \\{{there}}', 'Bye'],
    );
    assert.equal(read(doc.script.sections[0]!.text), 'Hi {{there}}');
    assert.deepEqual(doc.versions, [{ id: 'v1', label: '', adId: '', isci: '' }]);
    assert.deepEqual([doc.slots, doc.feed, doc.review], [[], null, { comments: [], decisions: [] }]);
    assert.equal(doc.mastering.enabled, true);
  });
});
