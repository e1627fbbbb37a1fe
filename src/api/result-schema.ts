// What each operation's result must hold, as a schema in one place: the typed results of ./contract.ts, read
// at run time from the service's answer (or an adapter's, `api.operations`). A wrong shape is one `contract`
// error naming the operation and the path of each wrong field. Part of the calls chunk (./calls.ts).
import type { ApiOperation } from './contract.js';

/** A field of a result and what it must be. */
type Schema =
  | { readonly t: 'string' | 'url' | 'bool' | 'any' }
  | { readonly t: 'number'; readonly min?: number; readonly max?: number }
  | { readonly t: 'enum'; readonly of: readonly string[] }
  | { readonly t: 'array'; readonly of: Schema }
  | { readonly t: 'object'; readonly fields: Readonly<Record<string, Schema>>; readonly optional: readonly string[] }
  | { readonly t: 'record'; readonly of: Schema };

const str: Schema = { t: 'string' };
const url: Schema = { t: 'url' };
const bool: Schema = { t: 'bool' };
const any: Schema = { t: 'any' };
const num = (min?: number, max?: number): Schema => ({ t: 'number', ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });
const oneOf = (...of: string[]): Schema => ({ t: 'enum', of });
const list = (of: Schema): Schema => ({ t: 'array', of });
/** An object with `fields`; those named in `optional` may be absent. Fields not named are kept as they came. */
const obj = (fields: Record<string, Schema>, optional: string[] = []): Schema => ({ t: 'object', fields, optional });

const usage = obj({ credits_used: num(0), credits_remaining: num() }, ['credits_remaining']);
const voiceFields = { voice_id: str, name: str, language: str, accent: str, gender: oneOf('female', 'male', 'neutral'), speed: num(0) };
const voiceOptional = ['accent', 'gender', 'speed'];
const musicFields = { track_id: str, title: str, style: str, mood: str, tempo_bpm: num(0), duration_s: num(0), loopable: bool };
const musicOptional = ['mood', 'tempo_bpm', 'duration_s', 'loopable'];
const voice = obj(voiceFields, voiceOptional);
const music = obj(musicFields, musicOptional);
const asset = obj(
  { asset_id: str, kind: oneOf('voice', 'music', 'mix', 'ad'), url, mime_type: str, duration_s: num(0), sample_rate: num(1), voice, music },
  ['sample_rate', 'voice', 'music'],
);
const section = obj({ id: str, label: str, text: { t: 'string' } });
const recommendation = obj(
  { recommendation_id: str, title: str, script: obj({ sections: list(section) }), voice, music, duration_s: num(0), target_duration_s: num(0) },
  ['target_duration_s'],
);
const recommended = obj({ recommendations: list(recommendation), usage }, ['usage']);
const priceRule = obj({ base: num(0), per_recommendation: num(0), per_25_words: num(0), per_section: num(0), minimum: num(0) }, [
  'base',
  'per_recommendation',
  'per_25_words',
  'per_section',
  'minimum',
]);

/** The typed result of each operation (`OperationResults`), as checked. */
const RESULTS: Record<ApiOperation, Schema> = {
  recommendUrl: recommended,
  recommendProduct: recommended,
  format: obj(
    {
      sections: list(section),
      estimated_duration_s: num(0),
      changes: list(obj({ section_id: str, label: str, before_s: num(0), after_s: num(0) })),
      summary: str,
      usage,
    },
    ['changes', 'summary', 'usage'],
  ),
  voiceover: obj({ asset, section_id: str, usage }, ['section_id', 'usage']),
  mix: obj({ asset, usage }, ['usage']),
  generate: obj({ asset, voiceovers: list(asset), music: asset, usage }, ['music', 'usage']),
  job: obj(
    { state: oneOf('pending', 'succeeded', 'failed', 'cancelled'), progress: num(0, 1), stage: str, result: any, message: str, code: str, job_id: str },
    ['progress', 'stage', 'result', 'message', 'code', 'job_id'],
  ),
  voices: obj({ voices: list(obj({ ...voiceFields, sample_url: url, words_per_minute: num(1) }, voiceOptional)) }),
  music: obj({ tracks: list(obj({ ...musicFields, url, preview_url: url }, musicOptional)) }),
  pricing: obj({ operations: { t: 'record', of: priceRule } }),
};

/** One wrong field: its path from `result` and what was expected of it. */
export interface ContractIssue {
  readonly path: string;
  readonly expected: string;
  readonly got: string;
}

/** At most this many wrong fields are collected from one answer. */
const MAX_ISSUES = 20;

/**
 * What a value is, in words that never repeat it: a string the service or an adapter sent may hold anything,
 * a token included, and the words end up in errors and reports. Numbers and booleans are said as they are.
 */
export function kindOf(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === 'string') return value === '' ? 'an empty string' : `a string of ${value.length} characters`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

function walk(schema: Schema, value: unknown, path: string, issues: ContractIssue[]): void {
  if (issues.length >= MAX_ISSUES) return;
  const wrong = (expected: string) => void issues.push({ path, expected, got: kindOf(value) });
  switch (schema.t) {
    case 'any':
      return value === undefined ? wrong('a value') : undefined;
    case 'string':
      return typeof value === 'string' ? undefined : wrong('a string');
    case 'url':
      return isHttpUrl(value) ? undefined : wrong('an absolute http(s) URL');
    case 'bool':
      return typeof value === 'boolean' ? undefined : wrong('true or false');
    case 'number': {
      const range = schema.min === undefined ? '' : schema.max === undefined ? ` of at least ${schema.min}` : ` from ${schema.min} to ${schema.max}`;
      const fits = typeof value === 'number' && Number.isFinite(value) && value >= (schema.min ?? -Infinity) && value <= (schema.max ?? Infinity);
      return fits ? undefined : wrong(`a number${range}`);
    }
    case 'enum':
      return typeof value === 'string' && schema.of.includes(value) ? undefined : wrong(`one of ${schema.of.join(', ')}`);
    case 'array':
      if (!Array.isArray(value)) return wrong('an array');
      value.forEach((item, index) => walk(schema.of, item, `${path}[${index}]`, issues));
      return;
    case 'record':
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong('an object');
      const record = value as Record<string, unknown>;
      if (schema.t === 'record') {
        for (const [key, item] of Object.entries(record)) walk(schema.of, item, `${path}.${key}`, issues);
        return;
      }
      for (const [key, field] of Object.entries(schema.fields)) {
        if (record[key] === undefined && schema.optional.includes(key)) continue;
        walk(field, record[key], `${path}.${key}`, issues);
      }
    }
  }
}

/** Every wrong field (up to `MAX_ISSUES`) of `value` as the result of `operation`; none when it fits. */
export function resultIssues(operation: ApiOperation, value: unknown): ContractIssue[] {
  const issues: ContractIssue[] = [];
  walk(RESULTS[operation], value, 'result', issues);
  return issues;
}
