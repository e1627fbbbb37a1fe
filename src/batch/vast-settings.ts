// The VAST settings of a batch (issue 41 in Node): where the host will serve each row's files and what its ad
// reports to, from the `--vast-*` flags, the config file's `vast` or `renderBatch({ vast })`. They are read with
// the editor's own checks for a profile's `vast` (src/config/vast.ts: `vastUrlProblem`, at most 10 impression
// URLs), so a batch refuses what the editor refuses, in its words, naming the flag or key and never repeating a
// URL (it may carry a token). A job of a VAST destination carries them (plain data), so they are part of its id.
import { IssueList } from '../config/checks.js';
import { vastSettings } from '../config/vast.js';
import { judge } from '../rules/judge.js';
import type { DestinationProfile } from '../delivery/types.js';
import type { VastProfile, VastSettings } from '../delivery/vast.js';
import { StudioConfigError, StudioError } from '../errors.js';
import { vastSettingsOf, vastSubjects } from '../session/deliver-vast.js';

/** A batch's `vast`: `{ mediaBaseUrl?, impressionUrls?, adSystem?, errorUrl? }`, each key over the VAST destination profile's. */
export type BatchVast = VastProfile;

/** `value` read as a batch's `vast` at `path` (`renderBatch`'s `vast`, `<file>: vast`); a `StudioConfigError` naming each wrong key. */
export function readBatchVast(value: unknown, path: string): BatchVast {
  const issues = new IssueList();
  const vast = vastSettings(value, path, issues);
  if (vast === undefined) throw new StudioConfigError(issues.items);
  return vast;
}

/** The flag of each key, as `studio-batch render` and `enqueue` take them. */
const VAST_FLAGS = { mediaBaseUrl: '--vast-base-url', impressionUrls: '--vast-impression', adSystem: '--vast-ad-system', errorUrl: '--vast-error-url' } as const;

/** The `--vast-*` flags for `parseArgs` (`--vast-impression` repeatable). */
export const VAST_FLAG_OPTIONS = {
  'vast-base-url': { type: 'string' },
  'vast-impression': { type: 'string', multiple: true },
  'vast-ad-system': { type: 'string' },
  'vast-error-url': { type: 'string' },
} as const;

/** What `parseArgs` gives for `VAST_FLAG_OPTIONS`. */
export interface VastFlagValues {
  readonly 'vast-base-url'?: string | undefined;
  readonly 'vast-impression'?: readonly string[] | undefined;
  readonly 'vast-ad-system'?: string | undefined;
  readonly 'vast-error-url'?: string | undefined;
}

/** The settings the `--vast-*` flags give, or undefined without any; a `StudioConfigError` names each wrong flag (`--vast-impression #2`). */
export function vastOfFlags(values: VastFlagValues): BatchVast | undefined {
  const given = Object.fromEntries(
    Object.entries({ mediaBaseUrl: values['vast-base-url'], impressionUrls: values['vast-impression'], adSystem: values['vast-ad-system'], errorUrl: values['vast-error-url'] }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(given).length === 0) return undefined;
  try {
    return readBatchVast(given, 'vast');
  } catch (error) {
    if (!(error instanceof StudioConfigError)) throw error;
    const flagOf = (path: string) =>
      path.replace(/^vast\.(\w+)(?:\[(\d+)\])?$/, (_, key: keyof typeof VAST_FLAGS, index: string | undefined) => `${VAST_FLAGS[key]}${index === undefined ? '' : ` #${Number(index) + 1}`}`);
    throw new StudioConfigError(error.issues.map((issue) => ({ ...issue, path: flagOf(issue.path) })));
  }
}

/** `vast` when it gives anything, else undefined: a job carries no empty settings (its id stays what it was without). */
export const givenVast = (vast: BatchVast | undefined): BatchVast | undefined => (vast === undefined || Object.keys(vast).length === 0 ? undefined : vast);

/**
 * The settings of each VAST destination among `destinations` for a batch: its profile's, with `given` over them key
 * by key (the ad system and error URL too, which the editor's `deliver({ vast })` leaves to the profile). Refused,
 * naming where to give it, when one has no media base URL or no impression URL.
 */
export function batchVastSettings(destinations: readonly DestinationProfile[], given: BatchVast | undefined): Map<string, VastSettings> {
  // The judge's verdict on the settings (src/rules/vast.ts), in the batch's words where something is missing.
  const found = judge({ kind: 'vast', destinations: vastSubjects(destinations, given) });
  const unplaced = found.find((item) => item.rule === 'vast-media-base-required');
  if (unplaced !== undefined) {
    throw new StudioError(
      'deliver-vast',
      `The "${unplaced.destination}" destination writes each row's vast.xml, which points at the row's files where you will serve them: give that address with --vast-base-url URL (studio-batch render or enqueue), vast.mediaBaseUrl in the config file, or renderBatch({ vast: { mediaBaseUrl } }).`,
      { recoverable: true },
    );
  }
  const uncounted = found.find((item) => item.rule === 'vast-impression-required');
  if (uncounted !== undefined) {
    throw new StudioError('deliver-vast', `${uncounted.message} with --vast-impression URL (studio-batch render or enqueue), vast.impressionUrls in the config file, or renderBatch({ vast: { impressionUrls } }).`, { recoverable: true });
  }
  const { adSystem, errorUrl, ...overProfile } = given ?? {};
  const settings = vastSettingsOf(destinations, overProfile);
  const extra = { ...(adSystem === undefined ? {} : { adSystem }), ...(errorUrl === undefined ? {} : { errorUrl }) };
  return new Map([...settings].map(([id, vast]) => [id, { ...vast, ...extra }]));
}
