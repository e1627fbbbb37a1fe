// A script's read judged: the ad's (the Script step, the version chip) and a feed row's the same way. Before takes
// the read is the estimate (script/read-length.ts), fitted as the editor would fit it (faster up to
// `vocal.maxFitSpeed`) and judged at that speed; with takes it is the takes as voiced. So an ad and a feed row
// whose values give the same text get the same findings in the same words. Pure.
import type { ProjectDocument } from '../model/document.js';
import { atSpeed, documentRate, fitSpeed, readLength, type ReadLength } from '../script/read-length.js';
import { directedLength, saidSections } from '../script/said-length.js';
import type { SpokenLength } from '../script/spoken-length.js';
import type { RuleSubject } from './catalog.js';
import type { Finding } from './finding.js';
import { judgePace, type PaceLimits } from './pace.js';

/** A read as the judge saw it: the speed it is fitted to, the read at that speed, and the findings. */
export interface JudgedRead {
  /** The speed that makes it end within the ad (the voice's when it does). */
  readonly fit: number;
  /** As read at `fit`. */
  readonly fitted: ReadLength;
  readonly findings: readonly Finding[];
}

/**
 * `natural`, a read at the voice's `speed` in an ad of `target` seconds (`readLength`), fitted as the editor fits
 * it, and judged at that speed in `subject` against `limits` (`maxFitSpeed` judges the fit; a sheet's
 * words-a-second limit makes pace a problem; `keptSpeed`, the speed the user kept, is no fast read).
 */
export function judgeRead(natural: ReadLength, target: number, speed: number, subject: RuleSubject, limits: PaceLimits, keptSpeed?: number): JudgedRead {
  const fit = fitSpeed(natural, target, speed);
  const fitted = atSpeed(natural, speed, fit);
  return { fit, fitted, findings: judgePace({ ...fitted, keptSpeed }, subject, limits) };
}

/** The ad's spoken length (the open version of `doc`, or a `versionView`) as the Script step and `judgeAdRead` read it. */
export const adLength = (doc: ProjectDocument): SpokenLength => directedLength(doc, documentRate(doc));

/**
 * Words a second a delivered file of the ad reads at: those of its takes (`adLength`), the figure its pace findings
 * judge; `undefined` before any take (its file says no words). A file's words-a-second rule reads it (./file.ts).
 */
export const fileWordsPerSecond = (length: SpokenLength): number | undefined => (length.estimate ? undefined : length.wordsPerSecond);

/**
 * The ad's read (the open version of `doc`, or a `versionView`) judged in `subject`: its takes as voiced, or, before
 * any, its script's estimate with the samples in its slots and its direction said (`saidSections`), fitted as a feed
 * row's is. With its spoken length, which the views show beside the findings (the Script step's figure).
 */
export function judgeAdRead(doc: ProjectDocument, subject: RuleSubject, limits: PaceLimits): { readonly length: SpokenLength; readonly findings: readonly Finding[] } {
  const length = adLength(doc);
  if (!length.estimate) return { length, findings: judgePace(length, subject, { ...limits, maxFitSpeed: undefined }) };
  const natural = readLength(saidSections(doc, documentRate(doc)), doc.duration, doc.voice.speed);
  return { length, findings: judgeRead(natural, doc.duration, doc.voice.speed, subject, limits, doc.voice.keptSpeed).findings };
}
