import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { SCHEMA_VERSION, type ProjectDocument } from '../../../src/model/document.js';
import { canUndo, createEditorStore } from '../../../src/model/editor-state.js';
import { readProject } from '../../../src/model/migrate.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { validateProject } from '../../../src/model/validate.js';
import { openContent, versionCampaign, versionView } from '../../../src/model/versions.js';
import { sampleProject, thrown } from '../../model/fixtures.js';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** A v5 document as the Deliver release wrote it: the version label in the campaign, no versions. */
function v5(label: string): Record<string, unknown> {
  const doc = json(sampleProject());
  for (const key of ['versions', 'openVersion', 'locks', 'pronunciations']) delete doc[key];
  return { ...doc, schemaVersion: 5, campaign: { ...(doc['campaign'] as object), versionLabel: label } };
}

/** `doc` with a :15 cutdown added (its content: the open one, shortened, without clips). */
const withCutdown = (doc: ProjectDocument): ProjectDocument =>
  projectReducer(doc, { type: 'version/add', version: { id: 'v2', label: 'Cutdown' }, content: { ...openContent(doc), duration: 15, clips: [] } });

describe('schema 6: versions, locks and pronunciations', () => {
  it('migrates a v5 draft to one version that carries its label; no locks, no pronunciations', () => {
    const doc = readProject(v5(':30 main'));
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.versions).to.deep.equal([{ id: 'v1', label: ':30 main', adId: '', isci: '' }]);
    expect(doc.openVersion).to.equal('v1');
    expect('versionLabel' in doc.campaign).to.equal(false);
    expect(doc.locks).to.deep.equal({});
    expect(doc.pronunciations).to.deep.equal([]);
    expect(doc.clips.length).to.equal(sampleProject().clips.length);
  });

  it('version/add parks the open content, opens the new version, and one undo removes it', () => {
    const store = createEditorStore({ project: sampleProject() });
    const before = store.getState().project;
    store.dispatch({ type: 'version/add', version: { id: 'v2', label: 'Cutdown' }, content: { ...openContent(before), duration: 15, clips: [] } });
    const made = store.getState().project;
    expect(made.openVersion).to.equal('v2');
    expect(made.duration).to.equal(15);
    expect(made.clips.length).to.equal(0);
    expect(made.versions.map((v) => [v.id, v.parked === undefined])).to.deep.equal([['v1', false], ['v2', true]]);
    expect(made.versions[0]!.parked!.clips === before.clips).to.equal(true);
    expect(() => validateProject(JSON.parse(JSON.stringify(made)))).to.not.throw();
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project === before).to.equal(true);
    expect(canUndo(store.getState())).to.equal(false);
  });

  it('version/open swaps the content back and forth and shares every object (nothing is fetched again)', () => {
    const base = sampleProject();
    const cut = withCutdown(base);
    const back = projectReducer(cut, { type: 'version/open', id: 'v1' });
    expect(back.openVersion).to.equal('v1');
    expect(back.clips === base.clips).to.equal(true);
    expect(back.duration).to.equal(base.duration);
    expect(back.versions[1]!.parked!.duration).to.equal(15);
    expect(projectReducer(back, { type: 'version/open', id: 'v1' }) === back).to.equal(true);
    expect(projectReducer(back, { type: 'version/open', id: 'nope' }) === back).to.equal(true);
  });

  it('versionView shows a parked version without opening it; versionCampaign gives its label and own codes', () => {
    const cut = projectReducer(withCutdown(sampleProject()), { type: 'version/set', id: 'v2', adId: 'abcd1235000' });
    const main = versionView(cut, 'v1');
    expect(main.duration).to.equal(sampleProject().duration);
    expect(main.openVersion).to.equal('v1');
    expect(versionCampaign(cut, 'v2')).to.deep.include({ versionLabel: 'Cutdown', adId: 'ABCD1235000' });
    expect(versionCampaign(cut, 'v1').adId).to.equal('');
    expect(thrown(() => versionView(cut, 'v9')).message).to.match(/no version "v9"/);
  });

  it('version/remove opens the neighbour and never removes the last version', () => {
    const cut = withCutdown(sampleProject());
    const gone = projectReducer(cut, { type: 'version/remove', id: 'v2' });
    expect(gone.openVersion).to.equal('v1');
    expect(gone.versions.length).to.equal(1);
    expect(gone.duration).to.equal(sampleProject().duration);
    expect(projectReducer(gone, { type: 'version/remove', id: 'v1' }) === gone).to.equal(true);
  });

  it('refuses a wrong version label, code or id with the path', () => {
    const cut = withCutdown(sampleProject());
    expect(thrown(() => projectReducer(cut, { type: 'version/set', id: 'v2', label: 'x'.repeat(61) })).issues[0]!.path).to.equal('project.versions[1].label');
    expect(thrown(() => projectReducer(cut, { type: 'version/set', id: 'v2', adId: '0BCD1234000' })).issues[0]!.path).to.equal('project.versions[1].adId');
    expect(thrown(() => withCutdown(cut)).message).to.match(/already has a version "v2"/);
  });

  it('refuses a document with two open versions, or an openVersion that is parked', () => {
    const cut = json(withCutdown(sampleProject())) as { versions: Array<Record<string, unknown>>; openVersion: string };
    const twoOpen = json(cut) as typeof cut;
    delete twoOpen.versions[0]!['parked'];
    expect(thrown(() => readProject(twoOpen)).message).to.match(/exactly one version without parked content/);
    const wrong = json(cut) as typeof cut;
    wrong.openVersion = 'v1';
    expect(thrown(() => readProject(wrong)).issues[0]!.path).to.equal('project.openVersion');
  });

  it('lock/set locks and unlocks a clip, a section, the bed and the project settings, with a reason', () => {
    const base = sampleProject();
    const clipId = base.clips[0]!.id;
    let doc = projectReducer(base, { type: 'lock/set', target: { kind: 'clip', id: clipId }, locked: true, reason: 'Legal disclaimer' });
    expect(doc.clips[0]).to.deep.include({ locked: true, lockReason: 'Legal disclaimer' });
    doc = projectReducer(doc, { type: 'lock/set', target: { kind: 'duration' }, locked: true, reason: 'Sold as a :30' });
    expect(doc.locks).to.deep.equal({ duration: { reason: 'Sold as a :30' } });
    expect(() => validateProject(json(doc))).to.not.throw();
    doc = projectReducer(doc, { type: 'lock/set', target: { kind: 'clip', id: clipId }, locked: false });
    expect('locked' in doc.clips[0]! || 'lockReason' in doc.clips[0]!).to.equal(false);
    expect(thrown(() => projectReducer(doc, { type: 'lock/set', target: { kind: 'bed' }, locked: true, reason: 'x'.repeat(201) })).message).to.match(/at most 200/);
    const bad = json(doc) as { clips: Array<Record<string, unknown>> };
    bad.clips[0]!['locked'] = false;
    expect(thrown(() => readProject(bad)).issues[0]!.path).to.equal('project.clips[0].locked');
  });

  it('pronunciations/set replaces the list; empty, long or duplicate entries are refused by entry', () => {
    const base = sampleProject();
    const doc = projectReducer(base, { type: 'pronunciations/set', entries: [{ text: 'acme-coffee.com', say: 'acme coffee dot com' }] });
    expect(doc.pronunciations).to.deep.equal([{ text: 'acme-coffee.com', say: 'acme coffee dot com' }]);
    const error = thrown(() =>
      projectReducer(base, {
        type: 'pronunciations/set',
        entries: [
          { text: 'Acme', say: 'ack me' },
          { text: 'ACME', say: 'ak mee' },
          { text: ' ', say: 'x' },
          { text: 'y', say: 'z'.repeat(201) },
        ],
      }),
    );
    expect(error.issues.map((issue) => issue.path)).to.deep.equal(['project.pronunciations[1].text', 'project.pronunciations[2].text', 'project.pronunciations[3].say']);
    expect(error.issues[0]!.message).to.match(/already said by entry 1/);
    const many = Array.from({ length: 1001 }, (_, i) => ({ text: `w${i}`, say: 'x' }));
    expect(thrown(() => projectReducer(base, { type: 'pronunciations/set', entries: many })).message).to.match(/at most 1000 entries/);
  });
});
