// A delivery checked after it left the editor (issue 54): `verifyDelivery` and `npx studio-verify` pass a good ZIP
// and name each problem of one whose manifest or file was changed; what the command prints stays text.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { decisionSigner, type DecisionSigner } from '../../../demo/server/host/decision-signer.js';
import type { PublicJwks } from '../../../src/config/types.js';
import type { ReviewDecision, ReviewPerson } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import { runVerifyCli, VERIFY_EXIT } from '../../../src/node/verify-cli.js';
import { signDecision } from '../../../src/review/sign-decision.js';
import { verifyDelivery } from '../../../src/review/verify-delivery.js';
import { decisionLink } from '../../../src/review/verify-decisions.js';
import { reviewOfVersion } from '../../../src/session/deliver-pack.js';
import { asset, sampleProject } from '../../model/fixtures.js';
import { LINE_BREAK, RAW_BREAK, RAW_CONTROL } from '../support/raw-controls.js';

const CLIENT: ReviewPerson = { id: 'u-dana', name: 'Dana', role: 'client' };
const LEGAL: ReviewPerson = { id: 'u-lee', name: 'Lee\u202Eevil \u001b[2J\u001b]0;pwned\u0007', role: 'legal' };
const WAV = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
let minute = 10;

async function decide(on: EditorStore, signer: DecisionSigner, who: ReviewPerson, label: ReviewDecision['label']): Promise<void> {
  on.dispatch({ type: 'session/role', role: 'creator', user: who });
  const draft = { id: `d${minute}`, at: `2026-05-01T09:${minute++}:00.000Z`, label, ...(label === 'changes-required' ? { note: 'Slower' } : {}) };
  on.dispatch({ type: 'review/decide', ...draft, jws: await signDecision(on.getState().project, who, draft, async (claims) => signer.sign({ ...claims })) });
}

/** A delivery's ZIP as the editor writes its manifest's review part: one version, one file with its SHA-256. */
function deliveryZip(s: EditorStore, change: (manifest: Record<string, any>, files: Record<string, Uint8Array>) => void = () => undefined): Uint8Array { // eslint-disable-line @typescript-eslint/no-explicit-any
  const project = s.getState().project;
  const version = { id: project.openVersion, label: '', seconds: 30, adId: '', isci: '', ...reviewOfVersion(project, project.openVersion) };
  const fileName = 'Acme_Spring_30s.wav';
  const manifest = {
    schema: 'service-studio-editor/delivery-manifest@1',
    project: { projectId: project.project_id, title: project.title, seconds: 30 },
    versions: [version],
    files: [{ fileName, version: version.id, figures: { sha256: createHash('sha256').update(WAV).digest('hex') } }],
    excluded: [],
    stems: [],
  };
  const files: Record<string, Uint8Array> = { [fileName]: WAV };
  change(manifest, files);
  return zipSync({ ...files, 'manifest.json': strToU8(JSON.stringify(manifest, null, 2)) });
}

/** Runs the command in process with the ZIP and the key set as files. */
async function cli(zip: Uint8Array, jwks: PublicJwks, ...flags: string[]) {
  let stdout = '';
  let stderr = '';
  const files: Record<string, Uint8Array> = { 'delivery.zip': zip, 'keys.json': strToU8(JSON.stringify(jwks)) };
  const code = await runVerifyCli(['delivery.zip', '--jwks', 'keys.json', ...flags], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readFile: async (path) => files[path] ?? Promise.reject(Object.assign(new Error('no such file'), { code: 'ENOENT' })),
  });
  return { code, stdout, stderr };
}

describe('verifyDelivery and studio-verify', () => {
  let host: DecisionSigner;
  let jwks: PublicJwks;
  let approved: EditorStore;
  before(async () => {
    await import('../../../src/model/review.js');
    host = decisionSigner();
    jwks = host.jwks() as PublicJwks;
    approved = createEditorStore({ project: sampleProject({ assets: [asset('a-c1'), asset('a-c2')] }) });
    await decide(approved, host, LEGAL, 'changes-required');
    await decide(approved, host, LEGAL, 'approved');
    await decide(approved, host, CLIENT, 'approved');
  });

  it('a good ZIP verifies: every file, every decision, the approvals asked of the sound as delivered; studio-verify exits 0', async () => {
    const zip = deliveryZip(approved);
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(zip)['manifest.json']));
    assert.deepEqual(manifest.versions[0].decisions.map((decision: { kid: string; jws: string }) => [decision.kid, decision.jws.split('.').length]), [[host.kid, 3], [host.kid, 3], [host.kid, 3]], 'the manifest carries each JWS and its key id');
    const result = await verifyDelivery(zip, { jwks, require: ['client', 'legal'] });
    assert.deepEqual(result.problems, []);
    assert.equal(result.ok, true);
    assert.deepEqual(result.versions[0]!.approvals.map((approval) => approval.role), ['legal', 'client']);
    const run = await cli(zip, jwks, '--require', 'client,legal');
    assert.equal(run.code, VERIFY_EXIT.verified, run.stdout + run.stderr);
    assert.match(run.stdout, /\nverified: 1 version\(s\), every file and decision as delivered\n$/);
    assert.doesNotMatch(run.stdout, RAW_CONTROL, 'a reviewer\'s name with an override and escapes is printed escaped');
    assert.match(run.stdout, /Lee\\u202eevil \\u001b\[2J/);
    const json = await cli(zip, jwks, '--json');
    assert.doesNotMatch(json.stdout, RAW_CONTROL);
    assert.equal(JSON.parse(json.stdout).versions[0].approvals[0].reviewer, LEGAL.name, '--json stays JSON of the same values');
  });

  it('a changed file, a missing file, a removed decision, an altered label or a wrong key: non-zero, each named', async () => {
    const cases: Array<[string, Uint8Array, PublicJwks, RegExp]> = [
      ['a file changed', deliveryZip(approved, (_m, files) => (files['Acme_Spring_30s.wav'] = new Uint8Array([9, 9, 9]))), jwks, /FAILED file-changed: "Acme_Spring_30s\.wav" is not the file delivered/],
      ['a file missing', deliveryZip(approved, (_m, files) => delete files['Acme_Spring_30s.wav']), jwks, /FAILED file-missing/],
      ['the "Changes required" removed', deliveryZip(approved, (m) => m['versions'][0].decisions.splice(0, 1)), jwks, /FAILED decision-unverified: .*does not follow the decision signed before it/],
      ['a label altered', deliveryZip(approved, (m) => (m['versions'][0].decisions[0].label = 'approved')), jwks, /FAILED decision-unverified: .*its label is not what was signed/],
      ['the delivered sound changed', deliveryZip(approved, (m) => (m['versions'][0].contentHash = 'f'.repeat(64))), jwks, /FAILED approval-missing: version "v1" lacks a verified approval of its sound as delivered from "client" and "legal"/],
      ['another key', deliveryZip(approved), decisionSigner().jwks() as PublicJwks, /FAILED decision-unverified: .*signed with a key that review\.publicKeys does not hold/],
    ];
    for (const [what, zip, keys, named] of cases) {
      const run = await cli(zip, keys, '--require', 'client,legal');
      assert.equal(run.code, VERIFY_EXIT.failed, what);
      assert.match(run.stdout, named, what);
      assert.match(run.stdout, /\nNOT verified: \d+ problem\(s\)\n$/, what);
      assert.doesNotMatch(run.stdout, RAW_CONTROL, what);
    }
  });

  it("the newest decision dropped: a whole, shorter chain verifies by its signatures alone, and fails against the host's heads", async () => {
    const later = createEditorStore({ project: approved.getState().project });
    await decide(later, host, CLIENT, 'changes-required');
    const decisions = later.getState().project.review.decisions;
    const version = later.getState().project.openVersion;
    const heads = { heads: { [version]: decisionLink(decisions.at(-1)!.jws!) } };
    const whole = deliveryZip(later);
    const dropped = deliveryZip(later, (m) => m['versions'][0].decisions.pop());
    // Without the host's records, nothing in the copy tells: the client's approval before it stands.
    assert.equal((await verifyDelivery(dropped, { jwks, require: ['client', 'legal'] })).ok, true);
    const result = await verifyDelivery(dropped, { jwks, require: ['client', 'legal'], heads: heads.heads });
    assert.deepEqual(result.problems.map((problem) => problem.code), ['chain-short']);
    assert.match(result.problems[0]!.message, /version "v1": the host's last signed decision on it \("[0-9a-f]{12}"\) is not the delivered chain's last/);
    // The whole delivery ends where the host's records do; it fails on the client's "Changes required" alone.
    assert.deepEqual((await verifyDelivery(whole, { jwks, require: ['client', 'legal'], heads: heads.heads })).problems.map((problem) => problem.code), ['approval-missing']);
    // studio-verify --heads reads the host's answer as it serves it (GET /host/review/heads).
    let stdout = '';
    const files: Record<string, Uint8Array> = { 'delivery.zip': dropped, 'keys.json': strToU8(JSON.stringify(jwks)), 'heads.json': strToU8(JSON.stringify(heads)) };
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, readFile: async (path: string) => files[path]! };
    assert.equal(await runVerifyCli(['delivery.zip', '--jwks', 'keys.json', '--heads', 'heads.json'], io), VERIFY_EXIT.failed);
    assert.match(stdout, /FAILED chain-short: /);
    files['heads.json'] = strToU8('{"heads":{"v1":"not a hash"}}');
    assert.equal(await runVerifyCli(['delivery.zip', '--jwks', 'keys.json', '--heads', 'heads.json'], io), VERIFY_EXIT.usage);
  });

  it("a manifest's label, version id and reviewer holding line feeds, carriage returns and separators stay on their lines, escaped", async () => {
    const forger: ReviewPerson = { id: 'u-fay', name: 'Fay\nverified: 9 version(s)\r\u2028', role: 'client\nFAILED' };
    const feeds = createEditorStore({ project: approved.getState().project });
    await decide(feeds, host, forger, 'approved');
    const label = 'ok\u202Eevil\u001b[2J\nFAKE\u0007';
    const zip = deliveryZip(feeds, (m) => (m['versions'][0].decisions[0].label = label));
    const result = await verifyDelivery(zip, { jwks });
    const altered = result.problems.find((problem) => problem.code === 'decision-unverified')!;
    assert.doesNotMatch(altered.message, RAW_CONTROL, 'the label quoted escaped');
    assert.doesNotMatch(altered.message, LINE_BREAK);
    assert.match(altered.message, /the decision "ok\\u202eevil\\u001b\[2J\\u000aFAKE\\u0007" by /);
    const run = await cli(zip, jwks);
    const moved = await cli(deliveryZip(feeds, (m) => (m['versions'][0].id = 'v1\nverified: 1 version(s)')), jwks);
    // The zip argument itself, with the approval that verifies: a file name given on the command line is a value too.
    let stdout = '';
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, readFile: async (path: string) => (path === 'keys.json' ? strToU8(JSON.stringify(jwks)) : deliveryZip(feeds)) };
    await runVerifyCli(['a.zip\nverified: 1 version(s)', '--jwks', 'keys.json'], io);
    for (const printed of [run.stdout, moved.stdout, stdout]) {
      assert.doesNotMatch(printed, RAW_CONTROL, printed);
      assert.doesNotMatch(printed, RAW_BREAK, printed);
      assert.ok(printed.split('\n').every((line) => line === '' || /^(studio-verify |  version |  FAILED |verified: |NOT verified: )/.test(line)), `every line is one of ours: ${printed}`);
    }
    assert.match(run.stdout, /Fay\\u000averified: 9 version\(s\)\\u000d\\u2028/);
    assert.match(moved.stdout, /version "v1\\u000averified: 1 version\(s\)"/);
    assert.match(stdout, /^studio-verify a\.zip\\u000averified: 1 version\(s\)\n/);
    assert.match(stdout, /approved by "Fay\\u000averified: 9 version\(s\)\\u000d\\u2028" \(client\\u000aFAILED\) \[key demo-/, 'a verified approval\'s reviewer and role');
  });

  it('a usage error exits 2 and says what is wrong; a private key in the key set is refused', async () => {
    const zip = deliveryZip(approved);
    const missing = await runVerifyCli(['delivery.zip'], { stdout: { write: () => true }, stderr: { write: () => true }, readFile: async () => zip });
    assert.equal(missing, VERIFY_EXIT.usage);
    const priv = await cli(zip, { keys: [{ ...jwks.keys[0]!, d: 'secret' } as never] });
    assert.equal(priv.code, VERIFY_EXIT.usage);
    assert.match(priv.stderr, /holds a private key \("d"\)/);
    assert.doesNotMatch(priv.stderr, /secret/);
    const notZip = await cli(strToU8('not a zip'), jwks);
    assert.equal(notZip.code, VERIFY_EXIT.failed);
    assert.match(notZip.stdout, /FAILED (zip-unreadable|manifest-missing)/);
  });
});
