// Writes src/i18n/later-keys.ts: the keys of src/i18n/en-later.ts with their `{placeholders}`. Config
// validation checks `config.i18n.strings` at create() against every key, but the words of en-later.ts are
// a chunk loaded after the first paint, so it reads their keys from this table. A node test
// (test/node/i18n-keys.test.ts) fails when the table and en-later.ts differ: run `node scripts/i18n-keys.mjs`.
import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

/** `key{a}{b}` for each key of `words`, in order, space-separated. */
export function laterKeys(words) {
  return Object.entries(words)
    .map(([key, text]) => key + [...new Set(text.match(/\{\w+\}/g) ?? [])].join(''))
    .join(' ');
}

export function laterKeysModule(words) {
  const table = laterKeys(words);
  const lines = [];
  for (let at = 0; at < table.length; ) {
    // Lines under 120 characters, cut between keys.
    let end = Math.min(table.length, at + 110);
    if (end < table.length) end = table.lastIndexOf(' ', end) + 1;
    lines.push(`  '${table.slice(at, end)}'`);
    at = end;
  }
  return [
    '// Written by scripts/i18n-keys.mjs from en-later.ts: do not edit.',
    '/** The keys of `en-later.ts`, each followed by its `{placeholders}`, separated by spaces. */',
    'export const LATER_KEYS =',
    `${lines.join(' +\n')};`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { enLater } = await tsImport('../src/i18n/en-later.ts', import.meta.url);
  writeFileSync(new URL('../src/i18n/later-keys.ts', import.meta.url), laterKeysModule(enLater));
  console.log('src/i18n/later-keys.ts written.');
}
