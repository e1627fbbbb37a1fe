// A delivered ZIP checked after delivery (issue 54): its files against the hashes its manifest names, and each
// version's decisions against the host's public keys: the signatures, the chain, and the approvals of the content
// hash as delivered. A host's pipeline runs it before trafficking; `npx studio-verify` runs it from a terminal.

import { unzipSync } from 'fflate';
import { sha256Hex } from '../audio/deliver/sha256.js';
import type { DeliveryManifest, ManifestDecision } from '../delivery/types.js';
import { printable } from '../internal/printable.js';
import type { PublicJwks } from './jws.js';
import { decisionLink, unverifiedText, verifyDecisions } from './verify-decisions.js';

/** What a check found wrong, by kind. */
export type DeliveryProblemCode =
  | 'zip-unreadable'
  | 'manifest-missing'
  | 'manifest-unreadable'
  | 'file-missing'
  | 'file-changed'
  | 'decision-unverified'
  | 'approval-missing'
  | 'chain-short';

/** One thing wrong with a delivery: its kind, and a line of English that names it (values from the ZIP escaped). */
export interface DeliveryProblem {
  readonly code: DeliveryProblemCode;
  readonly message: string;
  /** The version it is about, when it is about one. */
  readonly version?: string;
  /** The file it is about, when it is about one. */
  readonly file?: string;
}

/** A version's approvals that hold: verified, and made on the content hash as delivered. */
export interface VerifiedVersion {
  readonly id: string;
  readonly contentHash: string;
  readonly approvals: readonly { readonly role: string | undefined; readonly reviewer: string; readonly label: ManifestDecision['label']; readonly at: string; readonly kid: string | undefined }[];
}

/** What `verifyDelivery` found: `ok` when nothing is wrong. */
export interface DeliveryVerification {
  readonly ok: boolean;
  readonly problems: readonly DeliveryProblem[];
  readonly versions: readonly VerifiedVersion[];
}

export interface VerifyDeliveryOptions {
  /** The host's public keys (`review.publicKeys`): a JWKS of ES256 or EdDSA keys. */
  readonly jwks: PublicJwks;
  /**
   * The roles whose approval each version needs (`review.require`): the last verified decision on the delivered
   * sound of a reviewer of each role says yes. Default: at least one verified approval of the sound as delivered,
   * and no role's last verified decision on it "Changes required".
   */
  readonly require?: readonly string[];
  /**
   * The link (`decisionLink`: the SHA-256, hex, of the JWS) of the last decision the host signed on each version,
   * by version id, from the host's own records (the demo host serves them at `GET /host/review/heads`). Given, a
   * version's delivered chain must end there: a copy that drops its newest decisions (a "Changes required" at
   * the very end) is a whole, shorter chain that the signatures alone cannot tell from the real one. A version
   * the host signed nothing on is absent (or `null`).
   */
  readonly heads?: Readonly<Record<string, string | null>>;
}

const quoted = (text: unknown): string => `"${printable(String(text))}"`;

/** The bytes of a ZIP given as bytes, a buffer or a Blob. */
async function bytesOf(zip: Uint8Array | ArrayBuffer | Blob): Promise<Uint8Array> {
  if (zip instanceof Uint8Array) return zip;
  if (zip instanceof ArrayBuffer) return new Uint8Array(zip);
  return new Uint8Array(await zip.arrayBuffer());
}

/** Checks the files the manifest lists (delivered files and stems) against their SHA-256. */
async function fileProblems(manifest: DeliveryManifest, entries: Record<string, Uint8Array>): Promise<DeliveryProblem[]> {
  const listed = [...(manifest.files ?? []), ...(manifest.stems ?? [])];
  const problems: DeliveryProblem[] = [];
  for (const { fileName, figures } of listed) {
    const bytes = entries[fileName];
    if (bytes === undefined) problems.push({ code: 'file-missing', file: fileName, message: `${quoted(fileName)} is in the manifest but not in the ZIP` });
    else if ((await sha256Hex(bytes)) !== figures?.sha256) problems.push({ code: 'file-changed', file: fileName, message: `${quoted(fileName)} is not the file delivered: its SHA-256 differs from the manifest's` });
  }
  return problems;
}

/** The approvals of one version that hold, and what is wrong with its decisions. */
async function versionReview(projectId: string, version: NonNullable<DeliveryManifest['versions']>[number], options: VerifyDeliveryOptions): Promise<{ verified: VerifiedVersion; problems: DeliveryProblem[] }> {
  const decisions = (version.decisions ?? []).map((decision) => ({ ...decision, version: version.id }));
  const { verdicts } = await verifyDecisions(projectId, decisions, options.jwks);
  const problems: DeliveryProblem[] = [];
  const held: { decision: ManifestDecision; kid: string | undefined }[] = [];
  decisions.forEach((decision, index) => {
    const verdict = verdicts[index]!;
    if (!verdict.verified) {
      problems.push({ code: 'decision-unverified', version: version.id, message: `version ${quoted(version.id)}: the decision ${quoted(decision.label)} by ${quoted(decision.reviewer.name)} (${quoted(decision.reviewer.role ?? '')}) at ${quoted(decision.at)} is unverified: ${unverifiedText(verdict)}` });
    } else if (decision.contentHash === version.contentHash) held.push({ decision, kid: verdict.kid });
  });
  const head = options.heads?.[version.id] ?? null;
  const signed = decisions.filter((decision) => decision.jws !== undefined).at(-1);
  const end = signed === undefined ? null : decisionLink(signed.jws!);
  if (options.heads !== undefined && end !== head) {
    problems.push({
      code: 'chain-short',
      version: version.id,
      message: `version ${quoted(version.id)}: the host's last signed decision on it (${head === null ? 'none' : quoted(head.slice(0, 12))}) is not the delivered chain's last (${end === null ? 'none' : quoted(end.slice(0, 12))}): a decision was dropped, or the host's records are another project's`,
    });
  }
  const last = (role: string | undefined) => held.filter(({ decision }) => decision.reviewer.role === role).at(-1)?.decision;
  const yes = (decision: ManifestDecision | undefined) => decision !== undefined && decision.label !== 'changes-required';
  const roles = options.require ?? [...new Set(held.map(({ decision }) => decision.reviewer.role))];
  const missing = roles.filter((role) => !yes(last(role)));
  if (missing.length > 0 || (options.require === undefined && held.length === 0)) {
    const whose = missing.length === 0 ? 'anyone' : missing.map((role) => quoted(role ?? '')).join(' and ');
    problems.push({ code: 'approval-missing', version: version.id, message: `version ${quoted(version.id)} lacks a verified approval of its sound as delivered from ${whose}` });
  }
  const approvals = held.filter(({ decision }) => yes(decision)).map(({ decision, kid }) => ({ role: decision.reviewer.role, reviewer: decision.reviewer.name, label: decision.label, at: decision.at, kid }));
  return { verified: { id: version.id, contentHash: version.contentHash ?? '', approvals }, problems };
}

/**
 * Checks a delivered ZIP (`manifest.json`, `report.html` and the files): every file the manifest lists is in the
 * ZIP with the SHA-256 it names; every decision on each delivered version verifies against `options.jwks` (its
 * signature, its claims against the manifest's project, version and fields, its place in the version's chain);
 * and each version has the approvals `options.require` asks of its content hash as delivered. Never throws for
 * a bad ZIP: each problem is named in `problems`.
 */
export async function verifyDelivery(zip: Uint8Array | ArrayBuffer | Blob, options: VerifyDeliveryOptions): Promise<DeliveryVerification> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(await bytesOf(zip));
  } catch (error) {
    return { ok: false, problems: [{ code: 'zip-unreadable', message: `not a ZIP that can be read (${printable(String(error))})` }], versions: [] };
  }
  const text = entries['manifest.json'];
  if (text === undefined) return { ok: false, problems: [{ code: 'manifest-missing', message: 'the ZIP has no manifest.json' }], versions: [] };
  let manifest: DeliveryManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(text)) as DeliveryManifest;
    if (typeof manifest !== 'object' || manifest === null || typeof manifest.project?.projectId !== 'string' || !Array.isArray(manifest.versions)) throw new Error('no project id or versions');
  } catch (error) {
    return { ok: false, problems: [{ code: 'manifest-unreadable', message: `manifest.json is not a delivery manifest with versions (${printable(String(error))})` }], versions: [] };
  }
  const problems = await fileProblems(manifest, entries);
  const versions: VerifiedVersion[] = [];
  for (const version of manifest.versions!) {
    const review = await versionReview(manifest.project.projectId, version, options);
    versions.push(review.verified);
    problems.push(...review.problems);
  }
  return { ok: problems.length === 0, problems, versions };
}
