import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { EMPTY_PROJECT_CAMPAIGN, SCHEMA_VERSION, type ProjectDocument } from '../../../src/model/document.js';
import { createEditorStore, canUndo } from '../../../src/model/editor-state.js';
import { describeChange } from '../../../src/model/change.js';
import { readProject } from '../../../src/model/migrate.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { validateProject } from '../../../src/model/validate.js';
import { sampleProject, thrown } from '../../model/fixtures.js';
// The campaign fields' edit (campaign/set) comes with the versions' module, as Deliver and the versions bar load it;
// the destinations' and the stems' (delivery/…) with model/delivery-edits.ts, as Deliver loads it.
import '../../../src/model/versions.js';
import '../../../src/model/delivery-edits.js';

/** A v4 document as editor 0.1 wrote it: no campaign, delivery without destinations or stems. */
function v4(): Record<string, unknown> {
  const doc = JSON.parse(JSON.stringify(sampleProject())) as Record<string, unknown> & { delivery: Record<string, unknown> };
  delete doc['campaign'];
  delete doc.delivery['destinations'];
  delete doc.delivery['stems'];
  return { ...doc, schemaVersion: 4 };
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown> & { campaign: Record<string, unknown>; delivery: Record<string, unknown> };

describe('schema 5: campaign fields and the Deliver choice', () => {
  it('a new project has empty campaign fields, the streaming and client copies chosen, no stems', () => {
    const doc = sampleProject();
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.campaign).to.deep.equal({ advertiser: '', campaign: '', adId: '', isci: '' });
    expect(doc.versions).to.deep.equal([{ id: 'v1', label: '', adId: '', isci: '' }]);
    expect([...doc.delivery.destinations]).to.deep.equal(['streaming', 'client-approval']);
    expect(doc.delivery.stems).to.equal(false);
  });

  it('migrates a v4 draft: empty campaign, the default choice, its export format kept', () => {
    const old = v4();
    (old['delivery'] as Record<string, unknown>)['format'] = 'mp3';
    const doc = readProject(old);
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.campaign).to.deep.equal(EMPTY_PROJECT_CAMPAIGN);
    expect(doc.delivery).to.deep.equal({ format: 'mp3', sampleRate: 48000, destinations: ['streaming', 'client-approval'], stems: false });
    expect(doc.clips.length).to.equal(2);
  });

  it('migrates a v1 draft all the way to the current schema', () => {
    const doc = readProject({ schemaVersion: 1, id: 'ad-1', title: 'Old', duration: 15, script: ['One'], voice: null, music: null, musicGain: -6 });
    expect(doc.schemaVersion).to.equal(SCHEMA_VERSION);
    expect(doc.campaign.adId).to.equal('');
    expect(doc.delivery.stems).to.equal(false);
  });

  it('refuses a v4 draft without delivery by path', () => {
    const old = v4();
    delete old['delivery'];
    expect(thrown(() => readProject(old)).message).to.equal('project.delivery: expected an object, got undefined');
  });

  it('stores a loaded Ad-ID and ISCI trimmed and in capitals', () => {
    const doc = json(sampleProject());
    doc.campaign['adId'] = ' abcd1234000 ';
    doc.campaign['isci'] = 'abcd1234';
    const read = readProject(doc);
    expect(read.campaign.adId).to.equal('ABCD1234000');
    expect(read.campaign.isci).to.equal('ABCD1234');
  });

  const bad: Array<[string, (doc: ReturnType<typeof json>) => void, string, RegExp]> = [
    ['an HD Ad-ID', (d) => (d.campaign['adId'] = 'ABCD1234000H'), 'project.campaign.adId', /HD video; an audio ad's Ad-ID has 11 characters/],
    ['an Ad-ID starting with 0', (d) => (d.campaign['adId'] = '0BCD1234000'), 'project.campaign.adId', /does not start with 0/],
    ['a short Ad-ID', (d) => (d.campaign['adId'] = 'ABC'), 'project.campaign.adId', /has 3/],
    ['a wrong ISCI', (d) => (d.campaign['isci'] = 'AB123456'), 'project.campaign.isci', /4 letters, then 4 digits/],
    ['a long advertiser', (d) => (d.campaign['advertiser'] = 'x'.repeat(121)), 'project.campaign.advertiser', /at most 120 characters/],
    ['a long campaign', (d) => (d.campaign['campaign'] = 'x'.repeat(121)), 'project.campaign.campaign', /at most 120 characters/],
    ['a long version label', (d) => ((d as unknown as { versions: Array<Record<string, unknown>> }).versions[0]!['label'] = 'x'.repeat(61)), 'project.versions[0].label', /at most 60 characters/],
    ['a version label left in the campaign', (d) => (d.campaign['versionLabel'] = ':30'), 'project.campaign.versionLabel', /not a known field/],
    ['a number as advertiser', (d) => (d.campaign['advertiser'] = 7), 'project.campaign.advertiser', /holds text/],
    ['an unknown campaign field', (d) => (d.campaign['brand'] = 'x'), 'project.campaign.brand', /not a known field/],
    ['a missing campaign', (d) => delete (d as Record<string, unknown>)['campaign'], 'project.campaign', /expected an object/],
    ['a malformed destination id', (d) => (d.delivery['destinations'] = ['streaming', '../x']), 'project.delivery.destinations[1]', /destination id/],
    ['a duplicate destination', (d) => (d.delivery['destinations'] = ['podcast', 'podcast']), 'project.delivery.destinations[1]', /duplicate/],
    ['stems that are not a boolean', (d) => (d.delivery['stems'] = 'yes'), 'project.delivery.stems', /true or false/],
  ];
  for (const [name, spoil, path, message] of bad) {
    it(`refuses ${name} with a StudioProjectError naming ${path}`, () => {
      const doc = json(sampleProject());
      spoil(doc);
      const error = thrown(() => readProject(doc));
      expect(error.issues.map((issue) => issue.path)).to.deep.equal([path]);
      expect(error.issues[0]!.message).to.match(message);
    });
  }

  it('validateProject refuses a lower-case code (readProject is what normalises)', () => {
    const doc = json(sampleProject());
    doc.campaign['adId'] = 'abcd1234000';
    expect(thrown(() => validateProject(doc)).message).to.equal('project.campaign.adId: is stored trimmed and in capitals: "ABCD1234000"');
  });
});

describe('campaign and delivery actions', () => {
  const base = sampleProject();

  it('campaign/set sets the given fields, keeps the others, stores codes in capitals', () => {
    const once = projectReducer(base, { type: 'campaign/set', campaign: { advertiser: 'Acme', adId: ' abcd1234000' } });
    expect(once.campaign).to.deep.equal({ ...EMPTY_PROJECT_CAMPAIGN, advertiser: 'Acme', adId: 'ABCD1234000' });
    const twice = projectReducer(once, { type: 'campaign/set', campaign: { isci: 'WXYZ9876', versionLabel: ':30 main' } });
    expect(twice.campaign).to.deep.equal({ advertiser: 'Acme', campaign: '', adId: 'ABCD1234000', isci: 'WXYZ9876' });
    // The version label is the open version's (schema 6).
    expect(twice.versions[0]!.label).to.equal(':30 main');
    expect(() => validateProject(twice)).to.not.throw();
    expect(projectReducer(twice, { type: 'campaign/set', campaign: { adId: 'abcd1234000' } }) === twice).to.equal(true);
    expect(projectReducer(twice, { type: 'campaign/set', campaign: { adId: '' } }).campaign.adId).to.equal('');
  });

  it('campaign/set refuses a wrong code with a StudioProjectError naming the field and the reason, changing nothing', () => {
    const store = createEditorStore({ project: base });
    const error = thrown(() => store.dispatch({ type: 'campaign/set', campaign: { advertiser: 'Acme', adId: 'ABCD1234000D', isci: '1234ABCD' } }));
    expect(error.issues.map((issue) => issue.path)).to.deep.equal(['project.campaign.adId', 'project.campaign.isci']);
    expect(error.issues[0]!.message).to.match(/3D video/);
    expect(store.getState().project.campaign.advertiser).to.equal('');
    expect(canUndo(store.getState())).to.equal(false);
  });

  it('campaign/set sets the clearance number (trimmed, at most 40 characters; empty removes it) and refuses a wrong one', () => {
    const set = projectReducer(base, { type: 'campaign/set', campaign: { clearance: ' RC/123456/01 ' } });
    expect(set.campaign.clearance).to.equal('RC/123456/01');
    expect(() => validateProject(set)).to.not.throw();
    expect(projectReducer(set, { type: 'campaign/set', campaign: { clearance: 'RC/123456/01' } }) === set).to.equal(true);
    expect('clearance' in projectReducer(set, { type: 'campaign/set', campaign: { clearance: '' } }).campaign).to.equal(false);
    for (const wrong of ['x'.repeat(41), 'RC\n1', 7 as unknown as string]) {
      expect(thrown(() => projectReducer(base, { type: 'campaign/set', campaign: { clearance: wrong } })).issues[0]!.path).to.equal('project.campaign.clearance');
    }
  });

  it('campaign/set refuses text over its length', () => {
    expect(thrown(() => projectReducer(base, { type: 'campaign/set', campaign: { versionLabel: 'x'.repeat(61) } })).issues[0]!.path).to.equal('project.campaign.versionLabel');
  });

  it('delivery/destinations sets the choice, drops duplicates, refuses a malformed id', () => {
    const next = projectReducer(base, { type: 'delivery/destinations', destinations: ['podcast', 'broadcast-ebu-r128', 'podcast'] });
    expect([...next.delivery.destinations]).to.deep.equal(['podcast', 'broadcast-ebu-r128']);
    expect(next.delivery.format).to.equal(base.delivery.format);
    expect(projectReducer(next, { type: 'delivery/destinations', destinations: ['podcast', 'broadcast-ebu-r128'] }) === next).to.equal(true);
    expect(projectReducer(base, { type: 'delivery/destinations', destinations: [] }).delivery.destinations.length).to.equal(0);
    expect(thrown(() => projectReducer(base, { type: 'delivery/destinations', destinations: ['Podcast'] })).issues[0]!.path).to.equal('project.delivery.destinations[0]');
  });

  it('delivery/stems switches the stems', () => {
    const next = projectReducer(base, { type: 'delivery/stems', stems: true });
    expect(next.delivery.stems).to.equal(true);
    expect(projectReducer(next, { type: 'delivery/stems', stems: true }) === next).to.equal(true);
  });

  it('each is one undo step, reported as an edit', () => {
    const store = createEditorStore({ project: base });
    const actions = [
      { type: 'campaign/set', campaign: { advertiser: 'Acme' } },
      { type: 'delivery/destinations', destinations: ['podcast'] },
      { type: 'delivery/stems', stems: true },
    ] as const;
    for (const action of actions) {
      store.dispatch(action);
      expect(describeChange(store.getState(), action)?.source).to.equal('edit');
    }
    expect(store.getState().history.pastDepth).to.equal(3);
    const states: ProjectDocument[] = [];
    for (let i = 0; i < 3; i++) {
      store.dispatch({ type: 'history/undo' });
      states.push(store.getState().project);
    }
    expect(states.map((doc) => `${doc.campaign.advertiser}|${doc.delivery.destinations.join()}|${doc.delivery.stems}`)).to.deep.equal([
      'Acme|podcast|false',
      'Acme|streaming,client-approval|false',
      '|streaming,client-approval|false',
    ]);
  });
});
