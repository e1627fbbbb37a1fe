// A feed row's checks in several versions made one, as the Feed step's grid shows them (issue 51, "Versions in a
// feed"): the worst status, a problem every version has once and without a version, any other named with its
// version, and each version's estimate; and the versions a run delivers (the open one unless others are chosen).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combineRowChecks } from '../../../src/components/studio-feed-panel/feed-check-task.js';
import { runVersions } from '../../../src/components/studio-feed-panel/feed-versions.js';
import { shownKey } from '../../../src/components/studio-feed-panel/feed-words.js';
import type { FeedProblem, FeedRowCheck } from '../../../src/rules/row.js';

const key: FeedProblem = { column: 'sku', kind: 'key-control', rule: 'key-control', severity: 'problem', message: 'The key holds a control character' };
const price: FeedProblem = { column: 'price', kind: 'missing', rule: 'missing', severity: 'problem', message: '"price" is empty' };
const pace: FeedProblem = { column: null, kind: 'pace', rule: 'words-per-second', severity: 'warning', message: 'It reads 3.3 words a second' };

const check = (problems: FeedProblem[], seconds: number): FeedRowCheck => ({
  row: 2,
  key: 'GL-7',
  status: problems.some((problem) => problem.severity === 'problem') ? 'problem' : problems.length > 0 ? 'warning' : 'ok',
  problems,
  length: { seconds, speed: 1, wordsPerSecond: 2.5 },
});

describe('a feed row checked against several versions', () => {
  it('is the one version\'s check as it is, with one version', () => {
    const only = check([price], 28);
    assert.equal(combineRowChecks([{ name: ':30', check: only }]), only);
  });

  it('says a problem of every version once, names the version of any other, and keeps each version\'s estimate', () => {
    const row = combineRowChecks([
      { name: ':30', check: check([key, price], 28) },
      { name: 'Alt CTA', check: check([key, pace], 14) },
    ]);
    assert.equal(row.status, 'problem');
    assert.deepEqual(
      row.problems.map((problem) => [problem.version ?? null, problem.rule]),
      [
        [null, 'key-control'],
        [':30', 'missing'],
        ['Alt CTA', 'words-per-second'],
      ],
    );
    assert.deepEqual(
      row.lengths?.map(({ version, length }) => [version, length?.seconds]),
      [
        [':30', 28],
        ['Alt CTA', 14],
      ],
    );
  });

  it('is a warning when one version warns and none has a problem', () => {
    const row = combineRowChecks([
      { name: ':30', check: check([], 28) },
      { name: ':15', check: check([pace], 14) },
    ]);
    assert.equal(row.status, 'warning');
    assert.equal(row.problems[0]!.version, ':15');
  });
});

describe('the versions a feed run delivers', () => {
  const versions = [
    { id: 'v1', name: ':30' },
    { id: 'v2', name: ':15' },
    { id: 'v3', name: 'Alt CTA' },
  ];
  it('is the open one until others are chosen, then those the project still has, in its order', () => {
    assert.deepEqual(runVersions(versions, undefined, 'v2'), [versions[1]]);
    assert.deepEqual(runVersions(versions, ['v3', 'v1'], 'v2'), [versions[0], versions[2]]);
    assert.deepEqual(runVersions(versions, ['v9'], 'v1'), [versions[0]], 'a chosen version removed since: the open one');
  });
});

describe('a row\'s key as shown', () => {
  it('writes out its control and bidirectional characters, and leaves the rest as it is', () => {
    assert.equal(shownKey('GL-7\u0007'), 'GL-7\\u0007');
    assert.equal(shownKey('A\u202eB\u2066'), 'A\\u202eB\\u2066');
    assert.equal(shownKey('Café-1 <b>'), 'Café-1 <b>');
  });
});
