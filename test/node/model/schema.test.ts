import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { SCHEMA_VERSION } from '../../../src/model/document.js';
import { readProject } from '../../../src/model/migrate.js';
import { StudioProjectError, validateProject } from '../../../src/model/validate.js';
import { sampleProject } from '../../model/fixtures.js';

function refusal(value: unknown): StudioProjectError {
  try {
    readProject(value);
  } catch (error) {
    if (error instanceof StudioProjectError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('project schema', () => {
  it('accepts a current document and returns a deep copy', () => {
    const doc = sampleProject();
    const read = readProject(doc);
    expect(read).to.deep.equal(doc);
    expect(read.clips[0] === doc.clips[0]).to.equal(false);
  });

  const bad: Array<[string, (doc: Record<string, unknown>) => void, string]> = [
    ['a number as section text', (d) => ((d['script'] as { sections: Array<Record<string, unknown>> }).sections[1]!['text'] = 4), 'project.script.sections[1].text: expected a string, got 4'],
    ['a clip start out of range', (d) => ((d['clips'] as Array<Record<string, unknown>>)[0]!['start'] = -2), 'project.clips[0].start: expected a number from 0 to 3600 (seconds), got -2'],
    ['an unknown preset', (d) => ((d['mastering'] as Record<string, unknown>)['preset'] = 'loud'), 'project.mastering.preset: expected one of "streaming", "podcast", "aes-ads", "ebu-r128", "atsc-a85", "custom", got "loud"'],
    ['a duplicate clip id', (d) => ((d['clips'] as Array<Record<string, unknown>>)[1]!['id'] = 'c1'), 'project.clips[1].id: is a duplicate of an earlier id: "c1"'],
    ['an unknown field', (d) => (d['colour'] = 'red'), 'project.colour: is not a known field of the project document'],
    ['a mastering switch that is not a boolean', (d) => ((d['mastering'] as Record<string, unknown>)['enabled'] = 'yes'), 'project.mastering.enabled: expected true or false, got "yes"'],
    ['a missing mastering switch', (d) => delete (d['mastering'] as Record<string, unknown>)['enabled'], 'project.mastering.enabled: expected true or false, got undefined'],
    ['a missing mix', (d) => delete d['mix'], 'project.mix: expected an object, got undefined'],
    ['NaN duration', (d) => (d['duration'] = Number.NaN), 'project.duration: expected a number (seconds), got NaN'],
  ];
  for (const [name, spoil, message] of bad) {
    it(`refuses ${name}, naming the path`, () => {
      const doc = JSON.parse(JSON.stringify(sampleProject())) as Record<string, unknown>;
      spoil(doc);
      const error = refusal(doc);
      expect(error.code).to.equal('project-invalid');
      expect(error.recoverable).to.equal(true);
      expect(error.message).to.equal(message);
    });
  }

  it('takes a long-form project of up to 10 minutes, not longer', () => {
    expect(readProject({ ...sampleProject(), duration: 600 }).duration).to.equal(600);
    expect(refusal({ ...sampleProject(), duration: 601 }).message).to.equal('project.duration: expected a number from 5 to 600 (seconds), got 601');
  });

  it('lists every problem at once', () => {
    const doc = JSON.parse(JSON.stringify(sampleProject())) as Record<string, unknown>;
    doc['title'] = 7;
    doc['duration'] = 1;
    expect(refusal(doc).issues.map((issue) => issue.path)).to.deep.equal(['project.title', 'project.duration']);
  });

  it('refuses a document from a newer editor, and one without a version', () => {
    const future = refusal({ ...sampleProject(), schemaVersion: SCHEMA_VERSION + 1 });
    expect(future.code).to.equal('project-too-new');
    expect(future.message).to.include(`saved by a newer editor (schema ${SCHEMA_VERSION + 1}; this editor reads up to ${SCHEMA_VERSION})`);
    expect(refusal({ title: 'x' }).message).to.equal(`project.schemaVersion: expected a schema version (a whole number from 1 to ${SCHEMA_VERSION}), got undefined`);
    expect(refusal('{').message).to.equal('project: expected a project document (an object), got "{"');
  });

  it('keeps service objects exactly as returned, unknown fields included', () => {
    const doc = sampleProject({ assets: [{ asset_id: 'a1', kind: 'voice', url: 'u', mime_type: 'audio/wav', duration_s: 1, vendor: { x: [1, { y: null }] } }] });
    expect(readProject(JSON.parse(JSON.stringify(doc))).assets[0]!['vendor']).to.deep.equal({ x: [1, { y: null }] });
  });

  it('validateProject passes a valid document through', () => {
    const doc = sampleProject();
    expect(validateProject(doc)).to.equal(doc);
  });
});

describe('migrations', () => {
  const v1 = { schemaVersion: 1, id: 'ad-7', title: 'Old ad', duration: 20, script: ['Hook here.', 'Body here.', 'Buy now.', 'P.S.'], voice: 'v-anna', music: 't-9', musicGain: -8 };

  it('migrates a v1 document to the current schema', () => {
    const doc = readProject(v1);
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.mastering.enabled).to.equal(true);
    expect(doc.project_id).to.equal('ad-7');
    expect(doc.script.sections.map((s) => `${s.id}:${s.label}:${s.text}`)).to.deep.equal(['s1:Hook:Hook here.', 's2:Body:Body here.', 's3:Call to action:Buy now.', 's4:Part 4:P.S.']);
    expect(doc.voice.voice).to.equal('v-anna');
    expect(doc.music!.track!.track_id).to.equal('t-9');
    expect(doc.mix.musicLevel).to.equal(-8);
  });

  it('migrates a v1 document without music to no bed', () => {
    expect(readProject({ ...v1, music: null }).music).to.equal(null);
  });

  /** A v2 document as editor 0.1 wrote it: mastering without its switch. */
  const v2 = () => {
    const doc = JSON.parse(JSON.stringify(sampleProject())) as Record<string, unknown> & { mastering: Record<string, unknown> };
    delete doc.mastering['enabled'];
    return { ...doc, schemaVersion: 2, mastering: { ...doc.mastering, preset: 'ebu-r128', target: -23, truePeak: -1 } };
  };

  it('migrates a v2 document to v3 with mastering on, keeping its preset and numbers', () => {
    const doc = readProject(v2());
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.mastering).to.deep.equal({ enabled: true, preset: 'ebu-r128', target: -23, truePeak: -1 });
    expect(doc.clips.length).to.equal(sampleProject().clips.length);
  });

  it('migrates a v3 document to v4 with every track heard, and refuses bad track settings by path', () => {
    const v3 = JSON.parse(JSON.stringify(sampleProject())) as Record<string, unknown>;
    delete v3['tracks'];
    const doc = readProject({ ...v3, schemaVersion: 3 });
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.tracks).to.deep.equal({ voice: { muted: false, solo: false }, music: { muted: false, solo: false } });
    const bad = refusal({ ...sampleProject(), tracks: { voice: { muted: 'yes', solo: false }, music: { muted: false, solo: false } } });
    expect(bad.issues.map((issue) => issue.path)).to.deep.equal(['project.tracks.voice.muted']);
  });

  it('refuses a v2 document without mastering by path, loading nothing', () => {
    const { mastering: _gone, ...doc } = v2();
    expect(refusal(doc).message).to.equal('project.mastering: expected an object, got undefined');
  });

  it('refuses a corrupt v1 document with the v1 path, loading nothing', () => {
    const error = refusal({ ...v1, script: ['ok', 3] });
    expect(error.message).to.equal('project.script[1]: expected a string, got 3');
  });
});
