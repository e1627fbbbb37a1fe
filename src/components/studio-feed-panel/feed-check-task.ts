import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { feedChecker, type FeedCheckInput, type FeedRowCheck } from '../../rules/row.js';
import type { SlotSyntaxProblem } from '../../script/slots.js';

/** The time a slice of checks may take before it yields to the page, ms. */
const SLICE_MS = 8;
/** How often the host hears of the progress while the rows are checked in the background, ms. */
const REPORT_MS = 120;

/** The rows of each status, as checked so far. */
export interface FeedTally {
  readonly ok: number;
  readonly warning: number;
  readonly problem: number;
}

type Checker = ReturnType<typeof feedChecker>;

/**
 * One version a run delivers, as the grid checks it: its feed's input, its name, and what a row's check adds (its
 * Ad-IDs: `withAdIdProblems`), told apart by `key` (an input whose key is the same checks alike).
 */
export type FeedVersionInput = FeedCheckInput & {
  readonly id: string;
  readonly name: string;
  readonly extra?: { readonly key: string; row(index: number, check: FeedRowCheck): FeedRowCheck };
};

/** What the task checks: each row against each version a run delivers (`combineRowChecks`). */
export interface FeedTaskInput {
  readonly versions: readonly FeedVersionInput[];
}

/** Whether two versions' inputs check alike: the same feed, slots and script (by identity), length, speeds and rates. */
function sameVersion(a: FeedVersionInput, b: FeedVersionInput): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.feed === b.feed &&
    a.extra?.key === b.extra?.key &&
    a.slots === b.slots &&
    a.duration === b.duration &&
    a.speed === b.speed &&
    a.keptSpeed === b.keptSpeed &&
    a.maxFitSpeed === b.maxFitSpeed &&
    (a.sheets ?? []).length === (b.sheets ?? []).length &&
    (a.sheets ?? []).every((sheet, index) => sheet === b.sheets![index]) &&
    a.sections.length === b.sections.length &&
    a.sections.every((section, index) => {
      const other = b.sections[index]!;
      return section.text === other.text && section.label === other.label && section.wordsPerMinute === other.wordsPerMinute;
    })
  );
}

/** Whether two inputs check alike: the same versions, each alike. */
function sameInput(a: FeedTaskInput | undefined, b: FeedTaskInput | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.versions.length === b.versions.length && a.versions.every((version, index) => sameVersion(version, b.versions[index]!));
}

/** A problem of a row in the grid: with the version it is of, when a run delivers several and not every one has it. */
export type FeedGridProblem = FeedRowCheck['problems'][number] & { readonly version?: string };

/** A row's check in every version a run delivers: with several, each version's estimate. */
export interface FeedGridRow extends FeedRowCheck {
  readonly problems: readonly FeedGridProblem[];
  /** With several versions, each one's name and estimate, in order; absent with one. */
  readonly lengths?: readonly { readonly version: string; readonly length: FeedRowCheck['length'] }[];
}

const sameProblem = (a: FeedGridProblem, b: FeedGridProblem) => a.column === b.column && a.rule === b.rule && a.severity === b.severity && a.message === b.message;

/**
 * One row's checks in several versions made one, as a run judges it (`blockingIn`): its worst status; a problem
 * every version has (its key's, a missing value) once, any other with its version's name; the first version's
 * estimate, and each version's.
 */
export function combineRowChecks(checks: readonly { readonly name: string; readonly check: FeedRowCheck }[]): FeedGridRow {
  const first = checks[0]!.check;
  if (checks.length === 1) return first;
  const everywhere = first.problems.filter((problem) => checks.every(({ check }) => check.problems.some((other) => sameProblem(problem, other))));
  const own = checks.flatMap(({ name, check }) => check.problems.filter((problem) => !everywhere.some((other) => sameProblem(problem, other))).map((problem) => ({ ...problem, version: name })));
  const statuses = checks.map(({ check }) => check.status);
  const status = statuses.includes('problem') ? 'problem' : statuses.includes('warning') ? 'warning' : 'ok';
  return { ...first, status, problems: [...everywhere, ...own], lengths: checks.map(({ name, check }) => ({ version: name, length: check.length })) };
}

/**
 * Every row of a feed checked (`rules/row.ts`) in slices of a few milliseconds, so that a 5,000-row
 * feed keeps the page responsive: the checker is built in a task of its own, then a row asked for
 * (`row(index)`, the grid's page) is checked at once, the rest in the background while the host is shown. A new input starts again; a late slice of an old one is
 * dropped (a run counter). The host re-renders as the count moves on, a few times a second at most.
 */
export class FeedCheckTask implements ReactiveController {
  readonly #host: ReactiveControllerHost & { hidden: boolean };
  #input: FeedTaskInput | undefined;
  #checker: { readonly template: Checker['template']; row(index: number): FeedGridRow } | undefined;
  #rows: (FeedGridRow | undefined)[] = [];
  #checked = 0;
  #tally = { ok: 0, warning: 0, problem: 0 };
  #next = 0;
  #run = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reported = 0;

  constructor(host: ReactiveControllerHost & { hidden: boolean }) {
    this.#host = host;
    host.addController(this);
  }

  /** The input to check; an equal one changes nothing, another starts again. `undefined`: no feed. */
  set(input: FeedTaskInput | undefined): void {
    if (sameInput(this.#input, input)) return;
    this.#stop();
    this.#run += 1;
    this.#input = input;
    this.#checker = undefined;
    this.#rows = input === undefined ? [] : new Array<FeedGridRow | undefined>(input.versions[0]?.feed.rows.length ?? 0);
    this.#checked = 0;
    this.#tally = { ok: 0, warning: 0, problem: 0 };
    this.#next = 0;
  }

  /** The rows of the feed. */
  get total(): number {
    return this.#rows.length;
  }

  /** Rows checked so far. */
  get checked(): number {
    return this.#checked;
  }

  get done(): boolean {
    return this.#checked === this.#rows.length;
  }

  /** The rows of each status so far. */
  get tally(): FeedTally {
    return this.#tally;
  }

  /**
   * Whether the checker is built: it reads the script and compares every key first, which for 5,000 rows is a
   * task of its own (the first of the background's); until then the host shows no row.
   */
  get ready(): boolean {
    return this.#checker !== undefined || (this.#input !== undefined && this.#input.versions.length > 0 && this.#rows.length === 0 && this.#ensureChecker() !== undefined);
  }

  /** The script's malformed placeholders (every row has a problem while any); none known until `ready`. */
  get template(): readonly SlotSyntaxProblem[] {
    return this.#checker?.template ?? [];
  }

  /** Row `index` (from 0), checked now if it was not yet. */
  row(index: number): FeedGridRow {
    const known = this.#rows[index];
    if (known !== undefined) return known;
    const check = this.#ensureChecker().row(index);
    this.#rows[index] = check;
    this.#checked += 1;
    this.#tally = { ...this.#tally, [check.status]: this.#tally[check.status] + 1 };
    return check;
  }

  /** The row checked at `index`, or `undefined` while it is not (no work done). */
  peek(index: number): FeedGridRow | undefined {
    return this.#rows[index];
  }

  /** The indexes of the rows checked so far whose status is one of `statuses`, in order. */
  indexes(statuses: readonly FeedRowCheck['status'][]): number[] {
    const found: number[] = [];
    this.#rows.forEach((row, index) => {
      if (row !== undefined && statuses.includes(row.status)) found.push(index);
    });
    return found;
  }

  #ensureChecker(): { readonly template: Checker['template']; row(index: number): FeedGridRow } {
    if (this.#checker === undefined) {
      const checkers = this.#input!.versions.map((version) => {
        const checker = feedChecker(version);
        const { extra } = version;
        return { name: version.name, template: checker.template, row: extra === undefined ? checker.row : (index: number) => extra.row(index, checker.row(index)) };
      });
      // The template's placeholders are the feed's, alike in every version that has them: the first's are shown.
      const template = checkers.find((checker) => checker.template.length > 0)?.template ?? [];
      this.#checker = { template, row: (index) => combineRowChecks(checkers.map(({ name, row }) => ({ name, check: row(index) }))) };
    }
    return this.#checker;
  }

  hostUpdated(): void {
    // The rest of the rows in the background, while the panel is shown.
    if (this.#timer === undefined && !this.done && !this.#host.hidden) this.#schedule();
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #schedule(): void {
    const run = this.#run;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (run !== this.#run || this.#host.hidden) return;
      this.#slice();
    }, 0);
  }

  #slice(): void {
    if (this.#checker === undefined) {
      this.#ensureChecker();
      // The rows in the next task, which shows them at once (the host has none to show yet).
      this.#reported = -Infinity;
      this.#schedule();
      return;
    }
    const end = performance.now() + SLICE_MS;
    while (this.#next < this.#rows.length && performance.now() < end) {
      this.row(this.#next);
      this.#next += 1;
    }
    const now = performance.now();
    if (this.done || now - this.#reported > REPORT_MS) {
      this.#reported = now;
      this.#host.requestUpdate();
    }
    if (!this.done) this.#schedule();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
