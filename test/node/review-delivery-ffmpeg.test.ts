// Review and delivery (issue 42): with review.require, Deliver refuses a version without a fresh approval of each
// required role, naming the version and the missing roles (a feed's template too), and delivers once approved;
// the delivery carries the approval: manifest.json names each decision with its hash and whether it was fresh
// (valid against its schema), report.html shows them and the clearance number, and ffprobe reads the clearance in
// the WAV's bext Description.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { resolveConfig } from '../../src/config/validate.js';
// config.review's checks, a chunk of their own that create() loads: without them a review stays unchecked.
import '../../src/config/review.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import type { ReviewDecision, ReviewPerson } from '../../src/model/document.js';
import type { StudioError } from '../../src/errors.js';
import { contentHash } from '../../src/model/content-hash.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { projectReducer } from '../../src/model/reducer.js';
import { deliverAd } from '../../src/session/editor-deliver.js';
import { deliverFeed } from '../../src/session/feed-deliver.js';
import { feedHost } from './support/feed-template.js';
import { nodeDeliverHost, sampleProject } from './delivery-make.js';
import { validate } from './json-schema.js';
import { needTools } from './support/tools.js';

const run = promisify(execFile);

const CLIENT: ReviewPerson = { id: 'u-dana', name: 'Dana Client', role: 'client' };
const LEGAL: ReviewPerson = { id: 'u-lee', name: 'Lee Counsel', role: 'legal' };
const REQUIRE = { require: ['client', 'legal'] };
let made = 0;

/** `doc` with `who`'s decision on `version` as it sounds now. */
function decided(doc: ProjectDocument, who: ReviewPerson, label: ReviewDecision['label'], version = doc.openVersion): ProjectDocument {
  const decision: ReviewDecision = { id: `d${++made}`, version, reviewer: who, at: `2026-05-0${made % 9 || 1}T09:30:00.000Z`, label, ...(label === 'changes-required' ? { note: 'Slower' } : {}), contentHash: contentHash(doc, version)! };
  return { ...doc, review: { ...doc.review, decisions: [...doc.review.decisions, decision] } };
}

async function refusal(run: Promise<unknown>): Promise<StudioError> {
  return run.then(
    () => assert.fail('delivered'),
    (error: StudioError) => error,
  );
}

describe('review.require in Deliver', () => {
  before(() => needTools('ffmpeg'));

  it('refuses a version without a fresh approval of each required role, naming it and the missing roles; delivers once approved', async () => {
    const { project: base, sources } = sampleProject(30);
    let project = projectReducer({ ...base, campaign: { ...base.campaign, clearance: 'RC/123456/01' } }, { type: 'version/set', id: 'v1', label: ':30 main' });
    const host = nodeDeliverHost(() => project, sources, REQUIRE);
    const deliver = () => deliverAd(host, { destinations: ['streaming'], stems: false });

    let error = await refusal(deliver());
    assert.equal(error.code, 'review-required');
    assert.equal(error.recoverable, true);
    assert.match(error.message, /version "v1" \(:30 main\) lacks a fresh approval from "client" and "legal"/);
    project = decided(project, CLIENT, 'approved');
    error = await refusal(deliver());
    assert.match(error.message, /version "v1" \(:30 main\) lacks a fresh approval from "legal"\./);
    project = decided(project, LEGAL, 'approved-with-changes');
    // A creator's change of the sound after the approvals: both stale.
    const approved = project;
    project = projectReducer(project, { type: 'clip/gain', id: 'a1', gain: -1 });
    error = await refusal(deliver());
    assert.match(error.message, /lacks a fresh approval from "client" and "legal"/);
    project = approved;
    const result = await deliver();
    assert.equal(result.manifest.files.length, 1);
    assert.deepEqual(result.manifest.versions![0]!.decisions!.map((decision) => [decision.reviewer.role, decision.label, decision.fresh]), [
      ['client', 'approved', true],
      ['legal', 'approved-with-changes', true],
    ]);
    // Without review.require, nothing is asked.
    project = base;
    assert.equal((await deliverAd(nodeDeliverHost(() => project, sources), { destinations: ['streaming'], stems: false })).manifest.files.length, 1);
  });

  it('refuses a feed whose template version lacks an approval', async () => {
    const { host } = feedHost();
    const config = () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' }, review: { require: ['legal'] } });
    const error = await refusal(deliverFeed({ ...host, config }, { destinations: ['streaming'] }));
    assert.equal(error.code, 'review-required');
    assert.match(error.message, /version "v1" lacks a fresh approval from "legal"/);
  });
});

describe('the delivery carries the approval', () => {
  let files: Record<string, Uint8Array> = {};
  let dir = '';
  let hashes: { delivered: string; before: string };

  before(async () => {
    needTools('ffmpeg');
    const { project: base, sources } = sampleProject(30);
    let project: ProjectDocument = { ...base, title: 'Spring Sale', campaign: { ...base.campaign, advertiser: 'Acme', clearance: 'RC/123456/01' } };
    project = decided(project, CLIENT, 'approved');
    const before = contentHash(project)!;
    project = projectReducer(project, { type: 'mix/set', mix: { duckingDepth: 12 } });
    project = decided(project, CLIENT, 'approved');
    project = decided(project, LEGAL, 'changes-required');
    project = decided(project, LEGAL, 'approved');
    hashes = { delivered: contentHash(project)!, before };
    const result = await deliverAd(nodeDeliverHost(() => project, sources, REQUIRE), { destinations: ['broadcast-ebu-r128'], stems: false });
    files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    dir = mkdtempSync(join(tmpdir(), 'studio-review-'));
  });

  it('manifest.json names each decision on the version (who, role, when, label, hash, fresh at delivery) and the clearance, valid against its schema', () => {
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as DeliveryManifest;
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../docs/delivery-manifest.schema.json', import.meta.url)), 'utf8')) as Parameters<typeof validate>[1];
    assert.deepEqual(validate(manifest, schema), [], 'manifest.json validates against its schema');
    assert.equal(manifest.campaign.clearance, 'RC/123456/01');
    const [version] = manifest.versions!;
    assert.equal(version!.contentHash, hashes.delivered);
    assert.deepEqual(
      version!.decisions!.map((decision) => [decision.reviewer.name, decision.reviewer.role, decision.label, decision.contentHash, decision.fresh]),
      [
        ['Dana Client', 'client', 'approved', hashes.before, false],
        ['Dana Client', 'client', 'approved', hashes.delivered, true],
        ['Lee Counsel', 'legal', 'changes-required', hashes.delivered, true],
        ['Lee Counsel', 'legal', 'approved', hashes.delivered, true],
      ],
    );
    assert.ok(version!.decisions!.every((decision) => /^2026-05-0\dT09:30:00.000Z$/.test(decision.at)));
    assert.equal(version!.decisions![2]!.note, 'Slower');
  });

  it('report.html shows the clearance and each decision, fresh or stale', () => {
    const report = strFromU8(files['report.html']!);
    assert.match(report, /<dt>Clearance<\/dt><dd>RC\/123456\/01<\/dd>/);
    assert.match(report, /<h2>Review<\/h2>/);
    assert.ok(report.includes(hashes.delivered), 'the delivered hash');
    assert.equal(report.match(/Fresh: this sound/g)?.length, 3);
    assert.equal(report.match(/Stale: the sound changed since/g)?.length, 1);
    assert.match(report, /Lee Counsel<\/td><td>legal<\/td>/);
    assert.match(report, /Changes required: Slower/);
  });

  it('the WAV\'s bext Description carries the clearance number, first (ffprobe)', async () => {
    const wav = files[Object.keys(files).find((name) => name.endsWith('.wav'))!]!;
    // The bext chunk's Description: its first 256 bytes (EBU Tech 3285).
    const text = strFromU8(wav);
    const at = text.indexOf('bext');
    assert.ok(at > 0, 'a bext chunk');
    assert.match(text.slice(at + 8, at + 8 + 256), /^Clearance RC\/123456\/01; Spring Sale\0/);
    // FFmpeg reads the bext Description as the "comment" tag, which LIST/INFO's ICMT (the loudness figures) then
    // replaces: with the LIST chunk renamed JUNK, ffprobe shows the Description.
    const hidden = wav.slice();
    const list = text.indexOf('LIST');
    hidden.set([0x4a, 0x55, 0x4e, 0x4b], list);
    const path = join(dir, 'spot.wav');
    writeFileSync(path, hidden);
    try {
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', path]);
      const tags = (JSON.parse(stdout) as { format: { tags: Record<string, string> } }).format.tags;
      assert.match(tags['comment'] ?? '', /^Clearance RC\/123456\/01; Spring Sale/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
