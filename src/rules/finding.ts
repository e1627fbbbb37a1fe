// What the judge found: one rule's verdict on one subject, with its figure and its words. Pure.
import type { LaterKey } from '../i18n/en-later.js';
import { severityOf, type RuleId, type RuleSubject, type Severity } from './catalog.js';

/** The values of a key's placeholders: text quoted and escaped as in the English words, numbers as figures. */
export type SaidValues = Readonly<Record<string, string | number>>;

/** One rule's failure on a subject. */
export interface Finding {
  readonly rule: RuleId;
  readonly severity: Severity;
  /** What was measured or estimated, in the rule's unit. */
  readonly measured: number;
  /** What the rule asks, in words ("at most 3 words a second"). */
  readonly required: string;
  /**
   * What is wrong, in words: the same for the same figures wherever it is judged (the ad, a version, a feed row);
   * values from a file are quoted and escaped.
   */
  readonly message: string;
  /** How to fix it, in words; it may name what is to blame where the subject has it (a row's slot). */
  readonly fix?: string;
  /** `fix` as words of src/i18n/*-later.ts and their values, where it has them: what a view in another language says. */
  readonly advice?: { readonly key: LaterKey; readonly values: SaidValues };
  /** The limit the figure is held to (± `tolerance` for a target), and the sheet that sets it when one does: what a view in another language says. */
  readonly limit?: { readonly value: number; readonly sheet?: string; readonly tolerance?: number };
}

/**
 * A finding of rule `id` in `subject`, at the severity the catalog gives it there (`severity` overrides it where
 * a destination's sheet makes an advice a limit); `undefined` where the rule is not judged in `subject`.
 */
export function finding(id: RuleId, subject: RuleSubject, fields: Omit<Finding, 'rule' | 'severity'>, severity?: Severity): Finding | undefined {
  const level = severity ?? severityOf(id, subject);
  return level === undefined ? undefined : { rule: id, severity: level, ...fields };
}

/** `-16`, `-23.5`, `0.5`: a figure as a sheet states it (at most two decimals, no trailing zeros). */
export const figure = (value: number): string => String(Math.round(value * 100) / 100);

/** `1.16x`: a speed as the editor says it, two decimals. */
export const times = (value: number): string => `${value.toFixed(2)}x`;

/** A finding's words as one sentence: what is wrong, then how to fix it. */
export const findingText = (item: Finding): string => (item.fix === undefined ? item.message : `${item.message}; ${item.fix}`);

/** Whether any finding is a problem. */
export const hasProblem = (findings: readonly Finding[]): boolean => findings.some((item) => item.severity === 'problem');
