// Ad-ID and ISCI codes, checked against their published structure. A code is read trimmed and upper-cased:
// Ad-IDs and ISCI codes are written in capitals, and a user typing "abcd1234000" means "ABCD1234000", so
// lower case is accepted and normalised (`normaliseCode`), never refused. An empty code is "no code": no problem.

/** Why a code is refused; the UI translates by this code, the message is the English words. */
export type CodeProblemCode =
  | 'ad-id-video-suffix'
  | 'ad-id-length'
  | 'ad-id-characters'
  | 'ad-id-prefix-zero'
  | 'isci-format';

/** A refused code: `code` for the UI's translation, `message` in plain English. */
export interface CodeProblem {
  readonly code: CodeProblemCode;
  readonly message: string;
}

/** A code as it is stored and checked: trimmed, upper case. */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase();
}

const AD_ID = /^[A-Z1-9][A-Z0-9]{3}[A-Z0-9]{7}$/;
const ALPHANUMERIC = /^[A-Z0-9]*$/;

/**
 * The problem with an Ad-ID, or `null` when it is empty or well formed. Published structure: 11 characters,
 * a 4-character prefix of letters or digits that does not start with 0, then 7 letters or digits. A 12th
 * character (H or D) marks an HD or 3D video Ad-ID, so an audio ad's Ad-ID never has one.
 */
export function adIdProblem(raw: string): CodeProblem | null {
  const code = normaliseCode(raw);
  if (code === '') return null;
  if (code.length === 12 && /[HD]$/.test(code) && AD_ID.test(code.slice(0, 11))) {
    return {
      code: 'ad-id-video-suffix',
      message: `A 12th character (${code[11]}) marks an Ad-ID for ${code[11] === 'H' ? 'HD' : '3D'} video; an audio ad's Ad-ID has 11 characters: ${code.slice(0, 11)}.`,
    };
  }
  if (code.length !== 11) {
    return { code: 'ad-id-length', message: `An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has ${code.length}.` };
  }
  if (!ALPHANUMERIC.test(code)) {
    return { code: 'ad-id-characters', message: 'An Ad-ID holds only letters A to Z and digits 0 to 9.' };
  }
  if (code.startsWith('0')) {
    return { code: 'ad-id-prefix-zero', message: "An Ad-ID's 4-character prefix does not start with 0." };
  }
  return null;
}

/** The problem with a legacy ISCI code, or `null` when it is empty or well formed: 4 letters, then 4 digits. */
export function isciProblem(raw: string): CodeProblem | null {
  const code = normaliseCode(raw);
  if (code === '' || /^[A-Z]{4}[0-9]{4}$/.test(code)) return null;
  return { code: 'isci-format', message: `An ISCI code is 4 letters, then 4 digits (like ABCD1234); this one is ${code.length > 12 ? `${code.length} characters` : `"${code}"`}.` };
}
