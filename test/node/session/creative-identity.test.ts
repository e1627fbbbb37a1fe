// One identity per creative in the runs (session/creative-identity.ts): two versions, two rows, or a row and a
// version with one Ad-ID refused before anything is voiced or rendered, naming both; each row's ad carrying its own
// Ad-ID from its version's column, a malformed one a problem of that row; a VAST destination without an impression
// URL refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { AudioEngine } from '../../../src/audio/engine.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { StudioError } from '../../../src/errors.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { createProject } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { openContent, versionCampaign } from '../../../src/model/versions.js';
import { StudioAdIdError } from '../../../src/session/creative-identity.js';
import { vastSettingsOf } from '../../../src/session/deliver-vast.js';
import { deliverAd } from '../../../src/session/editor-deliver.js';
import { deliverFeed } from '../../../src/session/feed-deliver.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { feedHost } from '../support/feed-template.js';

const WAV = ['broadcast-ebu-r128'];
const config = resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' } });

/** A :30 with the campaign's Ad-ID and a :15 with `cutAdId` of its own. */
function twoVersions(cutAdId: string): ProjectDocument {
  const base = { ...createProject({ projectId: 'p1', title: 'Spring Sale', duration: 30 }), campaign: { advertiser: 'Acme', campaign: 'Spring', adId: 'ACME1234000', isci: 'ACME1234' } };
  const cut = projectReducer(base, { type: 'version/add', version: { id: 'v2', label: '', adId: cutAdId }, content: { ...openContent(base), duration: 15 } });
  return projectReducer(cut, { type: 'version/open', id: 'v1' });
}

describe('versionCampaign', () => {
  it('gives the campaign\'s Ad-ID and ISCI to the first version only; another has its own or none', () => {
    const doc = twoVersions('');
    assert.deepEqual([versionCampaign(doc, 'v1').adId, versionCampaign(doc, 'v1').isci], ['ACME1234000', 'ACME1234']);
    assert.deepEqual([versionCampaign(doc, 'v2').adId, versionCampaign(doc, 'v2').isci], ['', '']);
    const own = projectReducer(doc, { type: 'version/set', id: 'v2', adId: 'ACME1234015', isci: 'ACME0015' });
    assert.deepEqual([versionCampaign(own, 'v2').adId, versionCampaign(own, 'v2').isci], ['ACME1234015', 'ACME0015']);
    // Opened, the :15 is still not the first version: the campaign's codes stay the :30's.
    assert.equal(versionCampaign(projectReducer(doc, { type: 'version/open', id: 'v2' }), 'v2').adId, '');
  });
});

describe('deliver(): two versions with one Ad-ID', () => {
  it('is refused with ad-id-duplicate (recoverable), naming both, before the engine renders anything', async () => {
    let rendered = 0;
    const engine = { deliver: async () => (rendered++, Promise.reject(new Error('not here'))) } as unknown as AudioEngine;
    const project = twoVersions('acme1234000');
    const host = { config: () => config, engine: async () => engine, project: () => project, dispatch: () => undefined, emitError: () => undefined };
    const error = await deliverAd(host, { destinations: WAV }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof StudioAdIdError && error instanceof StudioError);
    assert.equal(error.code, 'ad-id-duplicate');
    assert.equal(error.recoverable, true);
    assert.equal(
      error.message,
      'Not delivered: Version ":30" and version ":15" have the same Ad-ID, "ACME1234000": an ad server rejects or merges two creatives with one Ad-ID, so give each its own (or leave one empty for no code).',
    );
    assert.deepEqual(error.findings.map((finding) => finding.creatives.map((creative) => creative.name)), [[':30', ':15']]);
    assert.equal(rendered, 0, 'nothing rendered');
    // Delivered alone, each version is fine.
    const alone = await deliverAd(host, { destinations: WAV, versions: ['v2'] }).then(
      () => 'delivered',
      (thrown: StudioError) => thrown.code,
    );
    assert.notEqual(alone, 'ad-id-duplicate');
  });
});

describe('vast-audio without an impression URL', () => {
  it('is refused before anything is rendered, saying where to give one; with one, it is taken', () => {
    const vast = BUILTIN_DESTINATIONS.filter((destination) => destination.id === 'vast-audio');
    assert.throws(
      () => vastSettingsOf(vast, { mediaBaseUrl: 'https://cdn.example.com/ads/' }),
      (error: StudioError) => error.code === 'deliver-vast' && /"vast-audio" destination writes a vast\.xml, .*give at least one impression URL \(the Deliver panel's impression URLs/.test(error.message),
    );
    assert.throws(() => vastSettingsOf(vast, { mediaBaseUrl: 'https://cdn.example.com/ads/', impressionUrls: [] }), /give at least one impression URL/);
    const settings = vastSettingsOf(vast, { mediaBaseUrl: 'https://cdn.example.com/ads/', impressionUrls: ['https://t.example.com/i'] });
    assert.deepEqual(settings.get('vast-audio')?.impressionUrls, ['https://t.example.com/i']);
  });
});

/**
 * The feed with an `ad_id_<version>` column for each of `versions`, mapped to that version's Ad-ID: `ids` by row key
 * (none: empty) in the first, the same with a last digit 9 in the others.
 */
const withAdIds =
  (ids: Readonly<Record<string, string>>, versions: readonly string[] = ['v1']) =>
  (project: ProjectDocument): ProjectDocument => {
    const feed = project.feed!;
    const idOf = (row: readonly string[], at: number) => (at === 0 ? (ids[row[0]!] ?? '') : (ids[row[0]!] ?? '').replace(/0$/, '9'));
    return {
      ...project,
      feed: {
        ...feed,
        columns: [...feed.columns, ...versions.map((version) => `ad_id_${version}`)],
        rows: feed.rows.map((row) => [...row, ...versions.map((_, at) => idOf(row, at))]),
        mapping: [...feed.mapping, ...versions.map((version) => ({ column: `ad_id_${version}`, slot: `__ad_id__${version}` }))],
      },
    };
  };

describe('deliverFeed(): each row its own Ad-ID', () => {
  it('carries each row\'s Ad-ID from its column into its files\' manifest and tags, and no ISCI of the version\'s', async () => {
    const { host } = feedHost({ destinations: WAV, change: (project) => withAdIds({ 'TR-100': 'ACME1000100', 'HJ-300': 'ACME1000300', 'WB-600': 'ACME1000600' })({ ...project, campaign: { ...project.campaign, adId: 'ACME9999000', isci: 'ACME9999' } }) });
    const result = await deliverFeed(host, { rows: ['TR-100', 'HJ-300'] });
    const files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    const names = Object.keys(files).filter((name) => name.endsWith('.wav')).sort();
    assert.equal(names.length, 2);
    // The WAV's bext OriginatorReference is the row's own Ad-ID.
    const originator = (name: string): string[] => strFromU8(files[name]!).match(/ACME\d{7}/g) ?? [];
    assert.ok(originator(names[0]!).includes('ACME1000300') && !originator(names[0]!).includes('ACME9999000'), `${names[0]}: ${originator(names[0]!).join(',')}`);
    assert.ok(originator(names[1]!).includes('ACME1000100') && !originator(names[1]!).includes('ACME9999000'), `${names[1]}: ${originator(names[1]!).join(',')}`);
    for (const name of names) assert.ok(!strFromU8(files[name]!).includes('ACME9999'), `${name}: neither the version's Ad-ID nor its ISCI`);
    assert.match(names[0]!, /^HJ-300\/HJ-300_ACME1000300_/, 'the file name\'s {adId} is the row\'s');
  });

  it('refuses two rows with one Ad-ID, and a row with the version\'s, before anything is voiced, naming both', async () => {
    const twice = feedHost({ destinations: WAV, change: withAdIds({ 'TR-100': 'ACME1000100', 'HJ-300': 'ACME1000100' }) });
    await assert.rejects(deliverFeed(twice.host, { rows: ['TR-100', 'HJ-300'] }), (error: StudioAdIdError) => error.code === 'ad-id-duplicate' && /Row "TR-100" and row "HJ-300" have the same Ad-ID, "ACME1000100"/.test(error.message));
    assert.equal(twice.requests.length, 0, 'nothing voiced');
    const version = feedHost({ destinations: WAV, change: (project) => withAdIds({ 'HJ-300': 'ACME1234000' })({ ...project, campaign: { ...project.campaign, adId: 'ACME1234000' } }) });
    await assert.rejects(deliverFeed(version.host, {}), /Version ".*" and row "HJ-300" have the same Ad-ID, "ACME1234000"/);
    assert.equal(version.requests.length, 0, 'nothing voiced');
  });

  it('gives each row one Ad-ID per version from that version\'s column; one column for two versions is refused', async () => {
    const twoVersionsOf = (project: ProjectDocument) => {
      const alternate = { ...openContent(project), script: { sections: project.script.sections.map((section) => (section.id === 'hook' ? { ...section, text: 'Summer is calling.' } : section)) } };
      return projectReducer(projectReducer(project, { type: 'version/add', version: { id: 'v2', label: 'Alt hook' }, content: alternate }), { type: 'version/open', id: 'v1' });
    };
    const own = feedHost({ destinations: WAV, change: (project) => withAdIds({ 'TR-100': 'ACME1000100', 'HJ-300': 'ACME1000300' }, ['v1', 'v2'])(twoVersionsOf(project)) });
    const result = await deliverFeed(own.host, { rows: ['HJ-300'], versions: ['v1', 'v2'] });
    assert.deepEqual(result.manifest.feed.rows.map((row) => row.status), ['delivered']);
    const shared = feedHost({
      destinations: WAV,
      change: (project) => {
        const two = withAdIds({ 'TR-100': 'ACME1000100', 'HJ-300': 'ACME1000300' })(twoVersionsOf(project));
        return { ...two, feed: { ...two.feed!, mapping: [...two.feed!.mapping, { column: 'ad_id_v1', slot: '__ad_id__v2' }] } };
      },
    });
    await assert.rejects(deliverFeed(shared.host, { rows: ['HJ-300'], versions: ['v1', 'v2'] }), /Row "HJ-300" of version ":30" and row "HJ-300" of version "Alt hook" have the same Ad-ID, "ACME1000300"/);
    assert.equal(shared.requests.length, 0);
  });

  it('fails a row whose Ad-ID is malformed with its reason, and voices nothing for it', async () => {
    const { host, requests } = feedHost({ destinations: WAV, change: withAdIds({ 'TR-100': 'ACME1000100', 'HJ-300': 'ACME10003' }) });
    const result = await deliverFeed(host, { rows: ['TR-100', 'HJ-300'] });
    const row = result.manifest.feed.rows.find((entry) => entry.key === 'HJ-300')!;
    assert.equal(row.status, 'failed');
    assert.deepEqual(row.reasons, ['ad_id_v1: The Ad-ID of row "HJ-300" is not one: An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has 9. Correct it, or leave it empty for no code.']);
    assert.ok(!requests.some((request) => request.text.includes('Hiking jacket')), 'nothing voiced for HJ-300');
  });
});
