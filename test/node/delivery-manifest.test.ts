// manifest.json of a delivery: built from the pipeline's files (a failed rule never passes), written as JSON
// that validates against docs/delivery-manifest.schema.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildManifest, DELIVERY_MANIFEST_SCHEMA, manifestJson, manifestText } from '../../src/delivery/manifest.js';
import { sampleInput, sampleManifest } from '../delivery/sample-manifest.js';
import { validate } from './json-schema.js';

const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const asJson = (value: unknown): unknown => JSON.parse(manifestJson(value as ReturnType<typeof sampleManifest>));

describe('delivery manifest', () => {
  it('is a draft 2020-12 schema', () => {
    assert.equal(schema['$schema'], 'https://json-schema.org/draft/2020-12/schema');
  });

  it('a built manifest validates, hostile strings and silence (-Infinity written as null) too', () => {
    for (const hostile of [false, true]) {
      const json = asJson(sampleManifest(hostile));
      assert.deepEqual(validate(json, schema), []);
    }
    const text = manifestJson(sampleManifest());
    assert.match(text, /"values": \[\n\s+null,/, 'the silent lead-in of the curve is null');
    assert.ok(text.endsWith('}\n'));
  });

  it('is written a few files at a time (manifestText) as the very text manifestJson writes at once', async () => {
    let pauses = 0;
    const pause = async () => void pauses++;
    for (const manifest of [sampleManifest(), sampleManifest(true), { ...sampleManifest(), excluded: [] }, { ...sampleManifest(), files: [], excluded: [] }]) {
      assert.equal(await manifestText(manifest, pause), manifestJson(manifest));
    }
    assert.equal(pauses, 0, 'a few files: no pause');
    const many = sampleManifest();
    const files = Array.from({ length: 120 }, (_, i) => ({ ...many.files[0]!, fileName: `row-${i}.mp3`, row: `R-${i}` }));
    const big = { ...many, files, excluded: files.slice(0, 30) };
    assert.equal(await manifestText(big, pause), manifestJson(big));
    assert.equal(pauses, 4 + 1, '120 files: a pause every 25; 30 excluded: one');
  });

  it('the validator rejects what the schema forbids (it can fail)', () => {
    const json = asJson(sampleManifest()) as Record<string, unknown> & { files: Record<string, unknown>[] };
    assert.deepEqual(validate({ ...json, schema: 'other@2' }, schema), ['$.schema: is "other@2", not "service-studio-editor/delivery-manifest@1"']);
    const file = json.files[0]!;
    const broken = { ...json, files: [{ ...file, fileName: '../x.mp3', figures: { ...(file['figures'] as object), sha256: 'xyz' }, extra: 1 }] };
    const errors = validate(broken, schema);
    assert.ok(errors.some((e) => e.startsWith('$.files[0].fileName:')), errors.join('\n'));
    assert.ok(errors.some((e) => e.startsWith('$.files[0].figures.sha256:')), errors.join('\n'));
    assert.ok(errors.includes('$.files[0].extra: no value is allowed here'), errors.join('\n'));
    const codec = { ...json, files: [{ ...file, destination: { ...(file['destination'] as object), codec: { container: 'mp3', bitDepth: 16 } } }] };
    assert.ok(validate(codec, schema).some((e) => e.includes('matches 0 of the oneOf')));
    const { credits: _credits, ...missing } = json;
    assert.deepEqual(validate(missing, schema), ['$: misses "credits"']);
  });

  it('holds every figure the issue lists for each file', () => {
    const file = sampleManifest().files[0]!;
    const keys = ['samples', 'seconds', 'sampleRate', 'channels', 'bytes', 'sha256', 'integrated', 'range', 'truePeak', 'samplePeak', 'dc', 'tailSilence'];
    for (const key of keys) assert.equal(typeof file.figures[key as keyof typeof file.figures], key === 'sha256' ? 'string' : 'number', key);
    assert.equal(file.figures.bitrateKbps, 128);
    assert.equal(file.destination.codec.container, 'mp3');
    assert.equal(file.rules.length, 5);
  });

  it('recomputes pass from the rules: nothing passes with a failed rule', () => {
    const input = sampleInput();
    const lying = { ...input.files[2]!, pass: true, includedAnyway: undefined };
    const manifest = buildManifest({ ...input, files: [input.files[0]!, lying], excluded: [{ ...input.excluded[0]!, pass: true, includedAnyway: true }] });
    assert.equal(manifest.files[0]!.pass, true);
    assert.equal(manifest.files[0]!.includedAnyway, undefined);
    assert.equal(manifest.files[1]!.pass, false, 'a failed rule fails the file');
    assert.equal(manifest.files[1]!.includedAnyway, true, 'a failed file in the ZIP was included anyway');
    assert.equal(manifest.excluded[0]!.pass, false);
    assert.equal(manifest.excluded[0]!.includedAnyway, undefined, 'an excluded file is not in the ZIP');
  });

  it('takes the date, the version, the campaign, plain assets and credits', () => {
    const input = sampleInput();
    const manifest = buildManifest({
      ...input,
      createdAt: new Date(Date.UTC(2026, 10, 26, 7, 30)),
      assets: [...input.assets, 'not an object', null, { asset_id: 'x', kind: 'voice', duration_s: Infinity, dropped: undefined }],
      credits: Number.NaN,
    });
    assert.equal(manifest.schema, DELIVERY_MANIFEST_SCHEMA);
    assert.equal(manifest.createdAt, '2026-11-26T07:30:00.000Z');
    assert.equal(manifest.editorVersion, '0.1.0');
    assert.equal(manifest.campaign.adId, 'ACME0000001');
    assert.equal(manifest.assets.length, 3);
    assert.deepEqual(manifest.assets[2], { asset_id: 'x', kind: 'voice', duration_s: null });
    assert.equal(manifest.credits, null);
    assert.throws(() => buildManifest({ ...input, createdAt: 'yesterday' }), /createdAt is not a date/);
    assert.throws(() => buildManifest({ ...input, excluded: [input.files[0]!] }), /both delivered and excluded/);
  });
});
