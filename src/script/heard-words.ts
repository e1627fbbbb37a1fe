// A section's words as they are now against the words its take says (the take's `source.text`): while a section
// is edited and not yet voiced again, its old take plays, and a reader is shown which words are not in it.
// Pure: two texts in, runs of words out.

/** A run of the words as they are now: `fresh` when its words are not in the take. */
export interface WordRun {
  readonly text: string;
  readonly fresh: boolean;
}

/**
 * The words of `now` in runs, those not in `heard` marked `fresh`: the longest common sequence of words (case and
 * the punctuation around a word aside) is what the take already says. A section is a few sentences, so the
 * table of `heard` by `now` words stays small.
 */
export function heardRuns(heard: string, now: string): WordRun[] {
  const key = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const old = heard.split(/\s+/).filter(Boolean).map(key);
  const words = now.split(/\s+/).filter(Boolean);
  const keys = words.map(key);
  // common[i][j]: the longest common sequence of keys[i..] and old[j..].
  const common = Array.from({ length: keys.length + 1 }, () => new Array<number>(old.length + 1).fill(0));
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    for (let j = old.length - 1; j >= 0; j -= 1) {
      common[i]![j] = keys[i] === old[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const runs: { text: string; fresh: boolean }[] = [];
  const add = (word: string, fresh: boolean) => {
    const last = runs.at(-1);
    if (last?.fresh === fresh) last.text += ` ${word}`;
    else runs.push({ text: word, fresh });
  };
  // Down the table: a word both say is heard; else the step that keeps the longer common sequence.
  let [i, j] = [0, 0];
  while (i < words.length) {
    if (j < old.length && keys[i] === old[j]) {
      add(words[i]!, false);
      [i, j] = [i + 1, j + 1];
    } else if (j < old.length && common[i]![j + 1]! > common[i + 1]![j]!) j += 1;
    else {
      add(words[i]!, true);
      i += 1;
    }
  }
  return runs;
}
