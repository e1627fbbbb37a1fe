// `vast` of a host's destination profile (`config.delivery.destinations[i].vast`): where the host will serve the
// delivered files and what the ad reports to. Every URL is checked as the document needs it
// (`vastUrlProblem`, `src/delivery/vast.ts`); a refusal names its key path.

import { VAST_LIMITS, vastTextProblem, vastUrlProblem, type VastProfile } from '../delivery/vast.js';
import { describe, field, readObject, type Check } from './checks.js';

const url =
  (options: { base?: boolean } = {}): Check<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') return issues.add(path, `expected an absolute http(s) URL, got ${describe(value)}`);
    // The value is not repeated: a URL may carry a password or a token.
    const problem = vastUrlProblem(value, options);
    return problem === null ? value : issues.add(path, problem);
  };

const urls: Check<string[]> = (value, path, issues) => {
  if (!Array.isArray(value)) return issues.add(path, `expected an array of absolute http(s) URLs, got ${describe(value)}`);
  if (value.length > VAST_LIMITS.impressionUrls) return issues.add(path, `expected at most ${VAST_LIMITS.impressionUrls} URLs, got ${value.length}`);
  const before = issues.items.length;
  const list = value.map((item, index) => url()(item, `${path}[${index}]`, issues));
  return issues.items.length > before ? undefined : (list as string[]);
};

const adSystem: Check<string> = (value, path, issues) => {
  if (typeof value !== 'string') return issues.add(path, `expected the name of an ad system, got ${describe(value)}`);
  const problem = vastTextProblem(value, VAST_LIMITS.adSystem);
  return problem === null ? value : issues.add(path, problem);
};

/**
 * `vast: { mediaBaseUrl?, impressionUrls?, adSystem?, errorUrl? }`, whole; `undefined` (with its issues) when any
 * part is wrong. Without `mediaBaseUrl`, each delivery gives it (the Deliver panel asks for it).
 */
export const vastSettings: Check<VastProfile> = (value, path, issues) => {
  const object = readObject(value, path, issues, ['mediaBaseUrl', 'impressionUrls', 'adSystem', 'errorUrl']);
  if (object === undefined) return undefined;
  const before = issues.items.length;
  const mediaBaseUrl = field(object, 'mediaBaseUrl', path, issues, url({ base: true }), undefined);
  const impressionUrls = field(object, 'impressionUrls', path, issues, urls, undefined);
  const system = field(object, 'adSystem', path, issues, adSystem, undefined);
  const errorUrl = field(object, 'errorUrl', path, issues, url(), undefined);
  if (issues.items.length > before) return undefined;
  return {
    ...(mediaBaseUrl === undefined ? {} : { mediaBaseUrl }),
    ...(impressionUrls === undefined ? {} : { impressionUrls }),
    ...(system === undefined ? {} : { adSystem: system }),
    ...(errorUrl === undefined ? {} : { errorUrl }),
  };
};
