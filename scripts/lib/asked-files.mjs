// The test files a web-test-runner command line asks for (`--files a b`), and whether a file matches them, for a
// config that starts a browser only when its files are in the run.

/** The patterns after `--files` (up to the next option) or in `--files=a`, or undefined when the whole suite runs. */
export function askedFiles(argv) {
  const joined = argv.filter((arg) => arg.startsWith('--files=')).map((arg) => arg.slice('--files='.length));
  const at = argv.indexOf('--files');
  if (at < 0) return joined.length > 0 ? joined : undefined;
  const end = argv.findIndex((arg, index) => index > at && arg.startsWith('--'));
  return [...argv.slice(at + 1, end < 0 ? undefined : end), ...joined];
}

/** A glob (`*`, `**`, `?`) as a regular expression over a path relative to the project. */
const globToRegExp = (glob) =>
  new RegExp(
    `^${glob
      .replace(/^\.\//, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\/|\*\*|\*|\?/g, (token) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[token])}$`,
  );

/** Whether `file` (relative to the project) matches one of the patterns that are not negations. */
export const matchesAny = (file, patterns) => patterns.some((pattern) => !pattern.startsWith('!') && globToRegExp(pattern).test(file));
