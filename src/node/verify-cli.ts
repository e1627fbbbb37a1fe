// `npx studio-verify`: a delivered ZIP checked against the host's JWKS (`verifyDelivery`, src/review/): the flags,
// the printing and the exit code. The process comes in through `VerifyIo` (bin/studio-verify.mjs hands it over):
// this module imports nothing of Node, and a test runs it in process. Every value from the ZIP, the key set or
// an argument is printed escaped, one value at a time (`printable`): a manifest cannot clear the screen, turn a
// line around or start a line of its own.
import { printable, printableJson } from '../internal/printable.js';
import type { PublicJwks } from '../review/jws.js';
import { verifyDelivery, type DeliveryVerification } from '../review/verify-delivery.js';

/** What the command uses of its process. */
export interface VerifyIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** The bytes of a file (the ZIP, the key set). */
  readonly readFile: (path: string) => Promise<Uint8Array>;
}

export const VERIFY_EXIT = { verified: 0, failed: 1, usage: 2 } as const;

export const VERIFY_USAGE = `Usage: npx studio-verify delivery.zip --jwks keys.json [--require client,legal] [--heads heads.json] [--json]

Checks a delivery ZIP of the editor before it is trafficked: every file the manifest lists is in the ZIP with
its SHA-256, every review decision verifies against your public keys (the signature, what it signed, its place in
the version's chain), and each version has the approvals asked of its sound as delivered.

  --jwks FILE        your JSON Web Key Set (public keys, ES256 or EdDSA): what the editor has as review.publicKeys
  --require ROLES    the roles whose approval each version needs, comma-separated (review.require); default: at
                     least one verified approval, and no role's last decision "Changes required"
  --heads FILE       your records of the last decision you signed on each version: { "heads": { "<version>":
                     "<SHA-256 of its JWS>" } } (the demo host: GET /host/review/heads?project=<id>); each
                     version's chain must end there, so a copy that drops the newest decisions fails
  --json             print the result as JSON on stdout
  -h, --help         print this text

Exit code: 0 verified, 1 a problem (each named), 2 a usage error (a flag, a file that cannot be read). docs/review.md.
`;

class UsageError extends Error {}

/** A value from outside (an argument, a file, the ZIP) quoted on a line of ours. */
const quoted = (text: string): string => `"${printable(text)}"`;

interface Flags {
  zip: string;
  jwks: string;
  require: string[] | undefined;
  heads: string | undefined;
  json: boolean;
}

function readFlags(args: readonly string[]): Flags | 'help' {
  let zip: string | undefined;
  let jwks: string | undefined;
  let require: string[] | undefined;
  let heads: string | undefined;
  let json = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const value = () => {
      const next = args[++index];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${printable(arg)} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') return 'help';
    else if (arg === '--jwks') jwks = value();
    else if (arg === '--require') require = value().split(',').map((role) => role.trim()).filter((role) => role !== '');
    else if (arg === '--heads') heads = value();
    else if (arg === '--json') json = true;
    else if (arg.startsWith('-')) throw new UsageError(`unknown flag ${quoted(arg)}`);
    else if (zip === undefined) zip = arg;
    else throw new UsageError(`one ZIP at a time: ${quoted(zip)} and ${quoted(arg)}`);
  }
  if (zip === undefined) throw new UsageError('no delivery ZIP given');
  if (jwks === undefined) throw new UsageError('no key set given: --jwks keys.json');
  return { zip, jwks, require, heads, json };
}

/** The public keys of `bytes`, a JWKS; a usage error naming what is wrong. A private member (`d`) is refused. */
function readJwks(bytes: Uint8Array, file: string): PublicJwks {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new UsageError(`${quoted(file)} is not JSON (${printable(String(error))})`);
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new UsageError(`${quoted(file)} is not a JWKS: expected { "keys": [ ... ] } with at least one key`);
  if (keys.some((key: unknown) => typeof key === 'object' && key !== null && 'd' in key)) throw new UsageError(`${quoted(file)} holds a private key ("d"): give the public keys only, and keep the private key on the signing server`);
  return parsed as PublicJwks;
}

/** The heads of `bytes`: `{ heads: { version: link | null } }`, or the map itself; a usage error naming what is wrong. */
function readHeads(bytes: Uint8Array, file: string): Record<string, string | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new UsageError(`${quoted(file)} is not JSON (${printable(String(error))})`);
  }
  const heads = (parsed as { heads?: unknown } | null)?.heads ?? parsed;
  const valid = typeof heads === 'object' && heads !== null && !Array.isArray(heads) && Object.values(heads).every((link) => link === null || (typeof link === 'string' && /^[0-9a-f]{64}$/.test(link)));
  if (!valid) throw new UsageError(`${quoted(file)} is not a set of heads: expected { "heads": { "<version id>": "<SHA-256 in hex>" or null } }`);
  return heads as Record<string, string | null>;
}

/** The lines of a result, as a person reads them: each value from the ZIP or the command line on its own line of ours. */
function report(zip: string, result: DeliveryVerification): string {
  const lines = [`studio-verify ${printable(zip)}`];
  for (const version of result.versions) {
    const approvals = version.approvals.map((approval) => `${printable(approval.label)} by ${quoted(approval.reviewer)}${approval.role === undefined ? '' : ` (${printable(approval.role)})`}${approval.kid === undefined ? '' : ` [key ${printable(approval.kid)}]`}`);
    lines.push(`  version ${quoted(version.id)} (sound ${printable(version.contentHash.slice(0, 12))}): ${approvals.length === 0 ? 'no verified approval' : approvals.join('; ')}`);
  }
  // A problem's message quotes its values escaped already; `printable` keeps it one line whatever it holds.
  for (const problem of result.problems) lines.push(`  FAILED ${problem.code}: ${printable(problem.message)}`);
  lines.push(result.ok ? `verified: ${result.versions.length} version(s), every file and decision as delivered` : `NOT verified: ${result.problems.length} problem(s)`);
  return `${lines.join('\n')}\n`;
}

/** Runs `studio-verify` with `args`; resolves with the exit code. */
export async function runVerifyCli(args: readonly string[], io: VerifyIo): Promise<number> {
  let flags: Flags | 'help';
  let jwks: PublicJwks;
  let heads: Record<string, string | null> | undefined;
  let zip: Uint8Array;
  try {
    flags = readFlags(args);
    if (flags === 'help') {
      io.stdout.write(VERIFY_USAGE);
      return VERIFY_EXIT.verified;
    }
    const read = async (file: string) => {
      try {
        return await io.readFile(file);
      } catch (error) {
        throw new UsageError(`cannot read ${quoted(file)} (${printable((error as { code?: string }).code ?? String(error))})`);
      }
    };
    jwks = readJwks(await read(flags.jwks), flags.jwks);
    if (flags.heads !== undefined) heads = readHeads(await read(flags.heads), flags.heads);
    zip = await read(flags.zip);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`studio-verify: ${error.message}\n\n${VERIFY_USAGE}`);
    return VERIFY_EXIT.usage;
  }
  const result = await verifyDelivery(zip, { jwks, ...(flags.require === undefined ? {} : { require: flags.require }), ...(heads === undefined ? {} : { heads }) });
  // JSON too: a bidi override in a string is written \u202e, the same value, so the JSON stays text on a terminal.
  io.stdout.write(flags.json ? `${printableJson(result)}\n` : report(flags.zip, result));
  return result.ok ? VERIFY_EXIT.verified : VERIFY_EXIT.failed;
}
