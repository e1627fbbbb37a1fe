import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adIdProblem, isciProblem, normaliseCode } from '../../../src/delivery/codes.js';

describe('Ad-ID check', () => {
  it('accepts a well-formed 11-character Ad-ID, and an empty one (no code)', () => {
    assert.equal(adIdProblem('ABCD1234000'), null);
    assert.equal(adIdProblem('A1B2C3D4E5F'), null);
    assert.equal(adIdProblem(''), null);
    assert.equal(adIdProblem('   '), null);
  });

  it('accepts lower case and spaces around, as the upper-case code', () => {
    assert.equal(adIdProblem('  abcd1234000 '), null);
    assert.equal(normaliseCode('  abcd1234000 '), 'ABCD1234000');
  });

  it('refuses a 12th character H or D, saying it marks HD or 3D video', () => {
    const hd = adIdProblem('ABCD1234000H');
    assert.equal(hd?.code, 'ad-id-video-suffix');
    assert.match(hd!.message, /HD video/);
    assert.match(hd!.message, /ABCD1234000\./);
    const threeD = adIdProblem('abcd1234000d');
    assert.equal(threeD?.code, 'ad-id-video-suffix');
    assert.match(threeD!.message, /3D video/);
  });

  it('refuses a prefix that starts with 0', () => {
    assert.equal(adIdProblem('0BCD1234000')?.code, 'ad-id-prefix-zero');
  });

  it('refuses a wrong length, naming the count', () => {
    const short = adIdProblem('ABCD123400');
    assert.equal(short?.code, 'ad-id-length');
    assert.match(short!.message, /has 10/);
    assert.equal(adIdProblem('ABCD12340001')?.code, 'ad-id-length');
    assert.equal(adIdProblem('ABCD1234000X')?.code, 'ad-id-length');
  });

  it('refuses characters other than A to Z and 0 to 9', () => {
    assert.equal(adIdProblem('ABCD-234000')?.code, 'ad-id-characters');
    assert.equal(adIdProblem('ÄBCD1234000')?.code, 'ad-id-characters');
  });
});

describe('ISCI check', () => {
  it('accepts 4 letters then 4 digits, in either case, and an empty one', () => {
    assert.equal(isciProblem('ABCD1234'), null);
    assert.equal(isciProblem(' abcd1234 '), null);
    assert.equal(isciProblem(''), null);
  });

  it('refuses anything else', () => {
    for (const code of ['ABC12345', 'ABCD123', 'ABCD12345', '1234ABCD', 'ABCD123X', 'ABCDE234']) {
      assert.equal(isciProblem(code)?.code, 'isci-format', code);
    }
    assert.match(isciProblem('ABC12345')!.message, /4 letters, then 4 digits/);
  });
});
