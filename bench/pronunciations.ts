// Benchmark of pronunciation matching as the script editor runs it on each keystroke: a 1,000-entry list over
// one section of a long script (about 600 characters), first with the list compiled (the first keystroke
// after the list changed), then per keystroke (the list compiled once and cached), against a naive peer that
// compiles the list again on every keystroke.
// Run: node --import tsx bench/pronunciations.ts
import { matchPronunciations } from '../src/brand/match.js';
import type { PronunciationEntry } from '../src/brand/pronunciations.js';

const ENTRIES = 1000;
const KEYSTROKES = 200;

const words = ['acme', 'coffee', 'roast', 'brew', 'bean', 'cup', 'morning', 'fresh', 'kit', 'order'];
const entries: PronunciationEntry[] = Array.from({ length: ENTRIES }, (_, i) => ({
  text: i % 10 === 0 ? `${words[i % words.length]}-${i}.com` : `${words[i % words.length]}${i}`,
  say: `say ${i}`,
  ...(i % 7 === 0 ? { caseSensitive: true } : {}),
}));
entries.push({ text: 'acme-coffee.com', say: 'acme coffee dot com' });
const base = 'Wake up to Acme. Fresh roast, brewed your way: order the cold brew kit at acme-coffee.com today, and bean10 coffee1 arrives tomorrow morning. '.repeat(4);

const time = (run: () => void): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

const list = [...entries];
const first = time(() => matchPronunciations(base, list));
let found = 0;
const perKey = time(() => {
  for (let i = 0; i < KEYSTROKES; i++) found += matchPronunciations(base.slice(0, base.length - (i % 40)), list).length;
}) / KEYSTROKES;
const again = time(() => matchPronunciations(base, [...entries]));
const naive = time(() => {
  for (let i = 0; i < 20; i++) matchPronunciations(base.slice(0, base.length - i), [...entries]);
}) / 20;

console.log(`${ENTRIES + 1} entries over ${base.length} characters (${found / KEYSTROKES} matches per keystroke):`);
console.log(`  first match after the list changed (compiles it): ${first.toFixed(2)} ms`);
console.log(`  the same for another list, the code warm:          ${again.toFixed(2)} ms`);
console.log(`  each keystroke after (the compiled list cached):  ${perKey.toFixed(3)} ms`);
console.log(`  naive peer, compiling on every keystroke:         ${naive.toFixed(2)} ms`);
