import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adIdFormatFindings, creativeName, duplicateAdIdFindings, type Creative } from '../../../src/rules/identity.js';

const version = (name: string, adId: string): Creative => ({ kind: 'version', name, adId });
const row = (name: string, adId: string, of?: string): Creative => ({ kind: 'row', name, adId, ...(of === undefined ? {} : { version: of }) });

describe('creativeName', () => {
  it('names a version, a row, and a row of a version, quoting what the user typed', () => {
    assert.equal(creativeName(version(':30', '')), 'version ":30"');
    assert.equal(creativeName(row('A-1', '')), 'row "A-1"');
    assert.equal(creativeName(row('A-1', '', ':15')), 'row "A-1" of version ":15"');
    assert.equal(creativeName(row('A\u0007\u202e1', '')), 'row "A\\u0007\\u202e1"', 'control and bidi characters escaped');
  });
});

describe('adIdFormatFindings', () => {
  it('finds nothing for well-formed and empty Ad-IDs', () => {
    assert.deepEqual(adIdFormatFindings([version(':30', 'ACME1234000'), version(':15', ''), row('A-1', ' acme1234001 ')]), []);
  });

  it('finds each malformed Ad-ID, as an error naming its creative, with the fix', () => {
    const findings = adIdFormatFindings([row('A-1', 'ACME123'), row('A-2', 'ACME1234002'), row('A-3', '0CME1234003')]);
    assert.equal(findings.length, 2);
    assert.deepEqual(
      findings.map((finding) => [finding.rule, finding.severity, finding.code, finding.adId, finding.creatives[0]!.name]),
      [
        ['ad-id-format', 'problem', 'ad-id-length', 'ACME123', 'A-1'],
        ['ad-id-format', 'problem', 'ad-id-prefix-zero', '0CME1234003', 'A-3'],
      ],
    );
    assert.equal(findings[0]!.message, 'The Ad-ID of row "A-1" is not one: An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has 7. Correct it, or leave it empty for no code.');
  });
});

describe('duplicateAdIdFindings', () => {
  it('names both versions that share an Ad-ID, compared as stored (trimmed, upper case)', () => {
    const findings = duplicateAdIdFindings([version(':30', 'ACME1234000'), version(':15', ' acme1234000')]);
    assert.equal(findings.length, 1);
    const [finding] = findings;
    assert.equal(finding!.rule, 'ad-id-duplicate');
    assert.equal(finding!.severity, 'problem');
    assert.equal(finding!.adId, 'ACME1234000');
    assert.deepEqual(finding!.creatives.map((creative) => creative.name), [':30', ':15']);
    assert.equal(
      finding!.message,
      'Version ":30" and version ":15" have the same Ad-ID, "ACME1234000": an ad server rejects or merges two creatives with one Ad-ID, so give each its own (or leave one empty for no code).',
    );
  });

  it('names two rows, and a row and a version, each against the first that has the Ad-ID', () => {
    const findings = duplicateAdIdFindings([version(':30', 'ACME1234000'), row('A-1', 'ACME1234001', ':30'), row('A-2', 'ACME1234001', ':30'), row('A-3', 'ACME1234000', ':30')]);
    assert.deepEqual(
      findings.map((finding) => finding.creatives.map(creativeName)),
      [
        ['row "A-1" of version ":30"', 'row "A-2" of version ":30"'],
        ['version ":30"', 'row "A-3" of version ":30"'],
      ],
    );
  });

  it('takes empty Ad-IDs for no code, not duplicates, and leaves malformed ones to the format check', () => {
    assert.deepEqual(duplicateAdIdFindings([version(':30', ''), version(':15', ''), row('A-1', '  '), row('A-2', 'ACME12'), row('A-3', 'ACME12')]), []);
  });

  it('finds a third holder of one Ad-ID against the first', () => {
    const findings = duplicateAdIdFindings([row('A', 'ACME1234000'), row('B', 'ACME1234000'), row('C', 'ACME1234000')]);
    assert.deepEqual(findings.map((finding) => finding.creatives.map((creative) => creative.name)), [['A', 'B'], ['A', 'C']]);
  });
});
