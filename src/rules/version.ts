// Whether a version meets its destinations, on what is known without rendering it: its length against each
// destination's length rule and file size, and whether its speech ends within it (the takes' lengths are
// the service's). Loudness, true peak and the silence at the end are made by mastering at delivery and
// measured then; they are not judged here. Pure: no DOM, no audio.
import { checkDestination, fileFindings } from './file.js';
import type { DeliveryRuleResult, DestinationProfile } from '../delivery/types.js';
import { clipLength } from '../model/clip-layout.js';
import type { ProjectDocument } from '../model/document.js';
import { versionView } from '../model/versions.js';
import { finding, hasProblem, type Finding } from './finding.js';
import { speechPastEnd } from './limits.js';
import { fileWordsPerSecond, judgeAdRead } from './read.js';

/** Bytes of a file of `seconds` for `destination`, as its codec writes it (headers aside). */
export function expectedBytes(destination: DestinationProfile, seconds: number): number {
  const codec = destination.codec;
  if (codec.container === 'mp3') return Math.ceil((codec.bitrateKbps * 1000 * seconds) / 8);
  return Math.ceil(Math.round(seconds * destination.sampleRate) * destination.channels * (codec.bitDepth / 8));
}

/** Where the last take of `doc` ends, seconds (takes of unknown length are not counted). */
export function speechEnd(doc: ProjectDocument): number {
  return doc.clips.reduce((end, clip) => Math.max(end, clip.start + (clipLength(doc, clip) ?? 0)), 0);
}

/** The rules of one destination a version fails before rendering, with the destination. */
export interface VersionProblem {
  readonly destination: DestinationProfile;
  readonly rule: DeliveryRuleResult;
}

/** A version's status: its length, where its speech ends, and every rule it fails. */
export interface VersionStatus {
  readonly seconds: number;
  readonly speechEnd: number;
  /** Speech past the end, seconds (0 when it fits). */
  readonly speechCut: number;
  readonly problems: readonly VersionProblem[];
  /**
   * How its takes read (./pace.ts, the Script step's and a feed row's words): a fast read and words a second, a
   * warning, or a problem where a chosen destination's sheet limits words a second. Empty before any take.
   */
  readonly pace: readonly Finding[];
  /**
   * Every finding, in the order a reader needs them: speech past the end, each destination's failed rule (with its
   * sheet), then how it reads. What `judge({ kind: 'version' })` gives.
   */
  readonly findings: readonly Finding[];
  /** Meets every destination on what is known (its speech fits, and no pace finding is a problem). */
  readonly pass: boolean;
}

/**
 * The status of version `id` of `doc` against `destinations` (the chosen ones), with the rules of
 * ./file.ts on figures known without rendering: loudness and true peak as mastering will make them. Its read is
 * judged as the Script step judges the ad's, with the destinations' sheets and `maxFitSpeed` (`vocal.maxFitSpeed`).
 */
export function versionStatus(doc: ProjectDocument, id: string, destinations: readonly DestinationProfile[], maxFitSpeed: number): VersionStatus {
  const view = versionView(doc, id);
  const seconds = view.duration;
  const end = speechEnd(view);
  // Within a millisecond is a rounding difference, not a cut.
  const speechCut = speechPastEnd(end, seconds);
  const problems: VersionProblem[] = [];
  const findings: Finding[] = [];
  if (speechCut > 0) {
    const cut = finding('speech', 'version', {
      measured: speechCut,
      required: 'no speech past the end',
      limit: { value: 0 },
      message: `The speech runs ${Math.round(speechCut * 10) / 10} s past the end`,
      fix: 'extend the ad or shorten the script',
    });
    if (cut !== undefined) findings.push(cut);
  }
  const read = judgeAdRead(view, 'version', { sheets: destinations, maxFitSpeed });
  const context = { adSeconds: seconds, speechCut, wordsPerSecond: fileWordsPerSecond(read.length) };
  for (const destination of destinations) {
    const samples = Math.round(seconds * destination.sampleRate);
    const figures = { samples, seconds, sampleRate: destination.sampleRate, bytes: expectedBytes(destination, seconds), integrated: destination.loudness, truePeak: destination.truePeak, tailSilence: Infinity };
    // Speech past the end and words a second are said once, above and as its pace, not once a destination.
    const failed = checkDestination(destination, figures, context).filter((rule) => !rule.pass && rule.rule !== 'speech' && rule.rule !== 'words-per-second');
    for (const rule of failed) problems.push({ destination, rule });
    findings.push(...fileFindings(destination, failed, 'version', seconds));
  }
  const pace = read.findings;
  findings.push(...pace);
  return { seconds, speechEnd: end, speechCut, problems, pace, findings, pass: !hasProblem(findings) };
}
