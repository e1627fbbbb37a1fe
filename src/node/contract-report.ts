// What the contract check reports (`contractCheck`, printed by ./contract-check-cli.ts): a step per operation, in
// the order they run, each ok, failed (and why) or skipped; the secrets it met replaced. Types and constants only.
import type { ApiOperation } from '../api/contract.js';
import type { ContractIssue } from '../api/result-schema.js';

/** The order of the operations: later ones use what earlier ones gave. */
export const CHECK_ORDER = ['voices', 'music', 'pricing', 'recommendUrl', 'job', 'recommendProduct', 'format', 'voiceover', 'mix', 'generate'] as const satisfies readonly ApiOperation[];

/** What the report prints in place of the key, a token, or a header that carries one. */
export const REDACTED = '<redacted>';

/** Why a step failed: the error's code and words; for a `contract` error each field it could not read, and where to fix it. */
export interface CheckFailure {
  readonly code: string;
  readonly message: string;
  readonly status?: number;
  readonly fields?: readonly ContractIssue[];
  /** The adapter to fix: `api.operations.<op>.response` or `.request`. */
  readonly fix?: string;
}

/** A request as the editor would send it (`--dry-run`). */
export interface DryRequest {
  readonly method: string;
  readonly url: string;
  /** Lower-case names; `x-api-key` and `authorization` are `<redacted>`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body, parsed; absent for a GET (its query is in `url`). */
  readonly body?: unknown;
}

export interface StepReport {
  /** An operation, or `token` (`POST /v1/auth/token`, which the editor never calls itself). */
  readonly step: ApiOperation | 'token';
  readonly outcome: 'ok' | 'fail' | 'skipped';
  /** The status of each answer, in order (a job's start, then its polls). */
  readonly statuses: readonly number[];
  readonly ms: number;
  readonly failure?: CheckFailure;
  /** Why it was skipped. */
  readonly skipped?: string;
  /** `--dry-run` only. */
  readonly request?: DryRequest;
}

export interface ContractReport {
  readonly baseUrl: string;
  readonly userId: string;
  readonly dryRun: boolean;
  readonly token: StepReport;
  readonly operations: readonly StepReport[];
  /** Operations that passed (in a dry run: whose request was built). */
  readonly passed: number;
  readonly total: number;
}
