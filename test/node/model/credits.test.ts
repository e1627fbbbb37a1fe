import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { Usage } from '../../../src/api/contract.js';
import { creditsOf, usageReceived } from '../../../src/model/credits.js';
import type { UsageEntry } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { validateProject } from '../../../src/model/validate.js';
import { sampleProject } from '../../model/fixtures.js';

/** A usage record of a call sent at second `sent` and answered at second `at` of one minute. */
const record = (credits_used: number, credits_remaining: number | undefined, sent: number | undefined, at: number): UsageEntry => ({
  operation: 'voiceover',
  at: `2026-12-01T10:00:${String(at).padStart(2, '0')}.000Z`,
  ...(sent === undefined ? {} : { sent: `2026-12-01T10:00:${String(sent).padStart(2, '0')}.000Z` }),
  usage: { credits_used, ...(credits_remaining === undefined ? {} : { credits_remaining }) } as Usage,
});

describe('creditsOf: what the project used and what the account has left', () => {
  it('nothing reported: both unknown', () => {
    expect(creditsOf([])).to.deep.equal({ used: undefined, left: undefined });
  });

  it('one call after another: the sum used, the last balance', () => {
    expect(creditsOf([record(1, 9, 0, 1), record(2, 7, 2, 3)])).to.deep.equal({ used: 3, left: 7 });
  });

  it('two calls in flight together, the first charged answering last: the lower balance is the latest', () => {
    // B sent at 1 after A at 0; the service charged A (9 left), then B (8 left); B answered at 2, A at 3.
    expect(creditsOf([record(1, 8, 1, 2), record(1, 9, 0, 3)])).to.deep.equal({ used: 2, left: 8 });
    // Three at once, answered in any order: still the lowest of them.
    expect(creditsOf([record(1, 7, 2, 4), record(1, 9, 0, 5), record(1, 8, 1, 6)]).left).to.equal(7);
  });

  it('a top-up between two calls that did not overlap shows', () => {
    // A answered at 1 (2 left); the account was topped up; B, sent at 5, says 99.
    expect(creditsOf([record(1, 2, 0, 1), record(1, 99, 5, 6)]).left).to.equal(99);
  });

  it('records of earlier versions (no `sent`, `at` empty) are taken in the order they arrived', () => {
    const old = (used: number, left: number): UsageEntry => ({ operation: 'voiceover', at: '', usage: { credits_used: used, credits_remaining: left } as Usage });
    expect(creditsOf([old(1, 8), old(1, 9)])).to.deep.equal({ used: 2, left: 9 });
    // A new record overlaps no old one: its own balance.
    expect(creditsOf([old(1, 3), record(1, 9, 0, 1)]).left).to.equal(9);
  });

  it('a record without a balance adds to what was used and leaves the balance to the others', () => {
    expect(creditsOf([record(1, 5, 0, 1), record(2, undefined, 2, 3)])).to.deep.equal({ used: 3, left: 5 });
  });
});

describe('usageReceived: a record with its times, kept by the document', () => {
  it('records the time the call was sent and the time it answered; a loaded document keeps them', () => {
    const sent = new Date(Date.now() - 1000).toISOString();
    const action = usageReceived('voiceover', { credits_used: 1, credits_remaining: 4 }, sent);
    const doc = projectReducer(sampleProject(), action);
    const entry = doc.usage.at(-1)!;
    expect(entry.sent).to.equal(sent);
    expect(Date.parse(entry.at) >= Date.parse(sent)).to.equal(true);
    expect(() => validateProject(JSON.parse(JSON.stringify(doc)))).not.to.throw();
  });

  it('a `sent` that is not text is refused by name', () => {
    const doc = projectReducer(sampleProject(), { type: 'usage/received', operation: 'format', usage: { credits_used: 1 }, at: '2026-12-01T10:00:00.000Z' });
    const broken = { ...doc, usage: [{ ...doc.usage[0]!, sent: 5 }] };
    expect(() => validateProject(broken)).to.throw(/usage\[0\]\.sent/);
  });
});
