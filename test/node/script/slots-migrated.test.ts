// A v6 project's takes stay up to date through schema 7's migration: its every `{{` becomes `\{{` in the
// script, the takes keep the text they were voiced from, and the text as spoken (`\{{` read `{{`) is that text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readProject } from '../../../src/model/migrate.js';
import { sectionSpokenText, staleSections } from '../../../src/script/voiceover.js';
import { sampleProject } from '../../model/fixtures.js';

describe('takes of a v6 script with braces, after the migration to schema 7', () => {
  it('are not out of date: the text as spoken is the text they were voiced from', () => {
    const texts = ['Save {{10%}} today', 'Type \\{{ or {{{ or {{price}}'];
    const project = sampleProject();
    const { slots: _slots, feed: _feed, review: _review, ...v6 } = {
      ...project,
      schemaVersion: 6,
      voice: { ...project.voice, voice: 'v-anna' },
      script: { sections: project.script.sections.map((section, index) => ({ ...section, text: texts[index]! })) },
      clips: project.clips.map((clip, index) => ({ ...clip, source: { ...clip.source!, text: texts[index]! } })),
    };
    const migrated = readProject(JSON.parse(JSON.stringify(v6)));
    assert.deepEqual(
      migrated.script.sections.map((section) => section.text),
      ['Save \\{{10%}} today', 'Type \\\\{{ or \\{{{ or \\{{price}}'],
    );
    assert.deepEqual(migrated.script.sections.map((section) => sectionSpokenText(migrated, section)), texts);
    assert.deepEqual([...staleSections(migrated)], []);
  });
});
