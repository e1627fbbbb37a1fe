// A small JSON Schema (draft 2020-12) validator for the keywords docs/*.schema.json use, so a test can check a
// document against a schema without a dependency. An unknown keyword throws: the schema cannot outgrow it silently.

type Schema = Readonly<Record<string, unknown>> | boolean;

const ANNOTATIONS = new Set(['$schema', '$id', '$defs', 'title', 'description', 'format', 'examples', 'default']);
const KNOWN = new Set([
  ...ANNOTATIONS,
  ...['type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'pattern', '$ref', 'oneOf', 'anyOf'],
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every place `value` breaks `schema` (`root` resolves `#/$defs/...`), as `path: reason`; empty when valid. */
export function validate(value: unknown, schema: Schema, root: Schema = schema, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value is allowed here`];
  const errors: string[] = [];
  const fail = (reason: string): void => void errors.push(`${path}: ${reason}`);
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) throw new Error(`validate: keyword "${keyword}" at ${path} is not supported`);
  const s = schema as Record<string, unknown>;
  if (typeof s['$ref'] === 'string') {
    const ref = s['$ref'];
    if (!ref.startsWith('#/')) throw new Error(`validate: only local $ref, not ${ref}`);
    const target = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
    if (target === undefined) throw new Error(`validate: ${ref} resolves to nothing`);
    errors.push(...validate(value, target as Schema, root, path));
  }
  const type = typeOf(value);
  if (s['type'] !== undefined) {
    const types = Array.isArray(s['type']) ? (s['type'] as string[]) : [s['type'] as string];
    if (!types.some((t) => t === type || (t === 'number' && type === 'integer'))) fail(`is ${type}, not ${types.join(' or ')}`);
  }
  if ('const' in s && !equal(value, s['const'])) fail(`is ${JSON.stringify(value)}, not ${JSON.stringify(s['const'])}`);
  if (Array.isArray(s['enum']) && !s['enum'].some((option) => equal(option, value))) fail(`${JSON.stringify(value)} is not one of ${JSON.stringify(s['enum'])}`);
  if (typeof value === 'number') {
    if (typeof s['minimum'] === 'number' && value < s['minimum']) fail(`${value} < minimum ${s['minimum']}`);
    if (typeof s['maximum'] === 'number' && value > s['maximum']) fail(`${value} > maximum ${s['maximum']}`);
    if (typeof s['exclusiveMinimum'] === 'number' && value <= s['exclusiveMinimum']) fail(`${value} <= exclusiveMinimum ${s['exclusiveMinimum']}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s['minLength'] === 'number' && length < s['minLength']) fail(`shorter than ${s['minLength']}`);
    if (typeof s['maxLength'] === 'number' && length > s['maxLength']) fail(`longer than ${s['maxLength']}`);
    if (typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(value)) fail(`${JSON.stringify(value)} does not match ${s['pattern']}`);
  }
  if (Array.isArray(value)) {
    if (typeof s['minItems'] === 'number' && value.length < s['minItems']) fail(`fewer than ${s['minItems']} items`);
    if (typeof s['maxItems'] === 'number' && value.length > s['maxItems']) fail(`more than ${s['maxItems']} items`);
    if (s['items'] !== undefined) value.forEach((item, i) => errors.push(...validate(item, s['items'] as Schema, root, `${path}[${i}]`)));
  }
  if (type === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (s['properties'] ?? {}) as Record<string, Schema>;
    for (const key of (s['required'] ?? []) as string[]) if (!(key in object)) fail(`misses "${key}"`);
    for (const [key, item] of Object.entries(object)) {
      if (key in properties) errors.push(...validate(item, properties[key]!, root, `${path}.${key}`));
      else if (s['additionalProperties'] !== undefined) errors.push(...validate(item, s['additionalProperties'] as Schema, root, `${path}.${key}`));
    }
  }
  for (const [keyword, wanted] of [['oneOf', 1], ['anyOf', 0]] as const) {
    const options = s[keyword] as Schema[] | undefined;
    if (!options) continue;
    const matching = options.filter((option) => validate(value, option, root, path).length === 0).length;
    if (wanted === 1 ? matching !== 1 : matching === 0) fail(`matches ${matching} of the ${keyword} schemas`);
  }
  return errors;
}
