// The matrix of versions by destinations (issue 29) as FFmpeg reads it: four versions of one ad (:30, :15,
// :60 and a :30 alternate with its own Ad-ID) delivered by the editor's delivery (`deliverAd`, the pipeline's
// core on this thread) to two destinations; each of the 8 files is exactly its version's length to the
// sample, at its destination's loudness, named with its version's length and label, and the manifest and the
// report list every version.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { deliverAd } from '../../src/session/editor-deliver.js';
import type { DeliveryManifest } from '../../src/delivery/types.js';
import type { ProjectDocument, VersionContent } from '../../src/model/document.js';
import { projectReducer } from '../../src/model/reducer.js';
import { openContent } from '../../src/model/versions.js';
import { nodeDeliverHost, sampleProject } from './delivery-make.js';
import { validate } from './json-schema.js';
import { needTools } from './support/tools.js';

const run = promisify(execFile);
const DESTINATIONS = ['broadcast-ebu-r128', 'client-approval'];
const AD_ID = 'ACME0001000';
const ALT_AD_ID = 'ACME0002000';

/** Samples (FFmpeg's decode of the file, gapless MP3 trimmed) and integrated loudness (ebur128) of `file`. */
async function measure(file: string): Promise<{ samples: number; integrated: number }> {
  const decoded = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', '1', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 28 });
  const { stderr } = await run('ffmpeg', ['-nostats', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { maxBuffer: 1 << 26 });
  const integrated = Number([...stderr.matchAll(/I:\s+(-?[\d.]+) LUFS/g)].at(-1)![1]);
  return { samples: (decoded.stdout as Buffer).length / 4, integrated };
}

/** The sample ad as four versions: the :30, a :15 cutdown (the first voice only), a :60 (the bed looped) and a :30 alternate. */
function matrixProject(): { project: ProjectDocument; sources: ReturnType<typeof sampleProject>['sources'] } {
  const { project: base, sources } = sampleProject(30);
  const thirty: ProjectDocument = { ...base, campaign: { advertiser: 'Acme Coffee', campaign: 'Spring 2027', adId: AD_ID, isci: 'ACME1234' } };
  const main = projectReducer(thirty, { type: 'version/set', id: 'v1', label: ':30 main' });
  const content = openContent(main);
  const cutdown: VersionContent = { ...content, duration: 15, clips: [{ ...content.clips[0]!, start: 0.5 }] };
  const long: VersionContent = { ...content, duration: 60, music: { ...content.music!, loop: true } };
  const alternate: VersionContent = { ...content, clips: content.clips.map((clip, i) => ({ ...clip, start: i === 0 ? 16 : 1.5 })) };
  let project = projectReducer(main, { type: 'version/add', version: { id: 'v2', label: '' }, content: cutdown });
  project = projectReducer(project, { type: 'version/add', version: { id: 'v3', label: 'Long' }, content: long });
  project = projectReducer(project, { type: 'version/add', version: { id: 'v4', label: 'Alt CTA', adId: ALT_AD_ID }, content: alternate });
  return { project: projectReducer(project, { type: 'version/open', id: 'v1' }), sources };
}

describe('a 4 versions x 2 destinations matrix read by FFmpeg', () => {
  let dir = '';
  let manifest: DeliveryManifest;
  let files: Record<string, Uint8Array>;
  let project: ProjectDocument;
  let ready = false;

  before(async () => {
    needTools('ffmpeg'); // Missing, each test below fails saying so.
    dir = mkdtempSync(join(tmpdir(), 'studio-matrix-'));
    const made = matrixProject();
    project = made.project;
    const host = nodeDeliverHost(() => project, made.sources);
    const result = await deliverAd(host, { destinations: DESTINATIONS, stems: false });
    manifest = result.manifest;
    files = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    ready = true;
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every version and every file in the manifest (valid against its JSON Schema) and the report', async () => {
    needTools('ffmpeg');
    assert.ok(ready, 'the matrix was delivered (see the before hook)');
    assert.deepEqual(
      manifest.versions!.map((version) => [version.id, version.label, version.seconds, version.adId]),
      [
        // The campaign's Ad-ID is the first version's only: another version without its own has none.
        ['v1', ':30 main', 30, AD_ID],
        ['v2', '', 15, ''],
        ['v3', 'Long', 60, ''],
        ['v4', 'Alt CTA', 30, ALT_AD_ID],
      ],
    );
    assert.equal(manifest.files.length + manifest.excluded.length, 8);
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Parameters<typeof validate>[1];
    assert.deepEqual(validate(JSON.parse(strFromU8(files['manifest.json']!)), schema), [], 'manifest.json validates against its schema');
    const report = strFromU8(files['report.html']!);
    for (const name of [':30 main', ':15', 'Long', 'Alt CTA']) assert.ok(report.includes(`<td>${name}</td>`), `the report lists ${name}`);
  });

  it('names each file with its version’s length and label, and makes it its length to the sample at its loudness', async () => {
    needTools('ffmpeg');
    assert.ok(ready, 'the matrix was delivered (see the before hook)');
    const expected: Record<string, { seconds: number; name: RegExp }> = {
      v1: { seconds: 30, name: /_30s_30-main_/ },
      // No label, and the only 15 s version: its length tells it apart, once.
      v2: { seconds: 15, name: /_15s_(?!15s)/ },
      v3: { seconds: 60, name: /_60s_Long_/ },
      v4: { seconds: 30, name: /_30s_Alt-CTA_/ },
    };
    const all = [...manifest.files, ...manifest.excluded];
    assert.equal(new Set(all.map((file) => file.fileName)).size, 8, 'eight distinct names');
    for (const file of all) {
      const want = expected[file.version!]!;
      assert.match(file.fileName, want.name, file.fileName);
      if (file.version === 'v4' && file.destination.id === 'broadcast-ebu-r128') assert.ok(file.fileName.startsWith(ALT_AD_ID), `${file.fileName} carries the alternate's own Ad-ID`);
      const bytes = files[file.fileName];
      assert.ok(bytes, `${file.fileName} is in the ZIP (${file.pass ? 'pass' : file.rules.filter((rule) => !rule.pass).map((rule) => rule.rule).join(', ')})`);
      const path = join(dir, file.fileName);
      writeFileSync(path, bytes);
      const measured = await measure(path);
      assert.equal(measured.samples, Math.round(want.seconds * file.destination.sampleRate), `${file.fileName}: samples`);
      assert.ok(Math.abs(measured.integrated - file.destination.loudness) <= file.destination.tolerance, `${file.fileName}: ${measured.integrated} LUFS against ${file.destination.loudness}`);
    }
  });
});
