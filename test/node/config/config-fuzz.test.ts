import { describe, it, before } from 'node:test';
import { expect } from '../support/expect.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { StudioConfigError } from '../../../src/errors.js';
import { testAuth } from '../../support/auth.js';
import { prng } from '../../audio/signals.js';
import { loadStringKeys } from '../../../src/i18n/translate.js';
import { loadDestinationChecks } from '../../../src/config/delivery.js';

// Every key known and every check here, as create() makes sure of first (test/config/later-strings.test.ts and
// later-destinations.test.ts show the time before).
before(() => Promise.all([loadStringKeys(), loadDestinationChecks()]));

const RUNS = 3000;
/** Set `CONFIG_FUZZ_SEED=<n>` when running the tests to replay one seed. */
const given = process.env['CONFIG_FUZZ_SEED'] ? Number(process.env['CONFIG_FUZZ_SEED']) : undefined;
const SEED = given !== undefined && Number.isInteger(given) ? given >>> 0 : (Date.now() ^ (Math.random() * 2 ** 32)) >>> 0;


const validConfig = (): Record<string, unknown> => ({
  target: '#editor',
  auth: { ...testAuth(), userId: 'user-1', timeoutMs: 5000 },
  api: { baseUrl: 'https://api.example.com', paths: { job: '/v1/job/{job_id}' }, timeoutMs: 20_000, jobDeadlineMs: 60_000 },
  layout: { height: '640px', arrangement: 'auto', initialPanel: 'script', compact: false },
  project: { id: 'p-1', title: 'Summer sale', duration: 30, autosave: true },
  vocal: { voice: 'v1', speed: 1, mode: 'single' },
  music: { track: 't1', gain: -6, fadeIn: 0.5, fadeOut: 1.5, uploadMaxBytes: 1_000_000 },
  mastering: { preset: 'custom', target: -16, truePeak: -1 },
  delivery: {
    destinations: [
      {
        id: 'radio-x',
        label: 'Radio X',
        source: { title: 'Radio X sheet', url: 'https://radio-x.example/specs', unpublished: ['tolerance'] },
        codec: { container: 'mp3', bitrateKbps: 128 },
        sampleRate: 44100,
        channels: 1,
        loudness: -16,
        tolerance: 1,
        truePeak: -1,
        length: { kind: 'max', maxSeconds: 30 },
        maxBytes: 1_000_000,
        metadata: ['title', 'adId'],
        fileName: '{advertiser}_{title}',
      },
    ],
  },
  tools: { mix: true, deliver: true, export: { formats: ['wav16', 'mp3'] }, openInStudio: { urlTemplate: 'https://studio.example/p/{project_id}' } },
  theme: { mode: 'dark', density: 'compact', accent: '#ff0066', surface: '#ffffff', fontFamily: '"Inter", sans-serif', radius: '4px' },
  i18n: { locale: 'fr', strings: { 'panels.label': 'Étapes' } },
});

const HUGE = 'a'.repeat(1_000_000);
const STRINGS = [
  '', ' ', HUGE, 'a\u0000b', '\u202egnp.exe', '\u2066x\u2069', 'javascript:alert(1)', 'java\u0000script:alert(1)', ' \tjavascript:alert(1)',
  'JaVaScRiPt\n:alert(1)', 'data:text/html,<script>alert(1)</script>', 'data:\u0001image/svg+xml,<svg onload=alert(1)>', 'red;}body{background:url(x)',
  'red; background: url(javascript:alert(1))', 'expression(alert(1))', 'var(--x)', '#fff !important', '/* */red', '<img src=x onerror=alert(1)>',
  '</style><script>alert(1)</script>', '"><svg onload=alert(1)>', '10px;}', '1e999px', 'NaN', '__proto__', 'constructor', '{job_id}', '/v1/../x',
  'https://user:pw@evil.example', 'https://evil.example/?q=1#x', 'wav16', 'dark', 'en', '\ud800', 'x'.repeat(201),
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'polluted', 'toString', 'hasOwnProperty', 'apiKey', 'x-api-key', 'secret_key', '0', 'length', 'a.b', '\u202e', ''];

function hostileValue(random: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  switch (Math.floor(random() * 22)) {
    case 0: return pick(STRINGS);
    case 1: return pick([0, -0, -1, 1e308, Number.NaN, Infinity, -Infinity, 3.5, 2 ** 53, 1024]);
    case 2: return pick([null, undefined, true, false, 10n, Symbol('s')]);
    case 3: return pick([() => 'token', async () => ({ token: 'x' }), class X {}, Math.max]);
    case 4: return [];
    case 5: return {};
    case 6: return pick([new Date(), new Map([['a', 1]]), /re/, new String('red'), new Uint8Array(4), Object.create(null)]);
    case 7: return Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(STRINGS));
    case 8: return JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}') as unknown;
    case 9: {
      let deep: unknown = pick(STRINGS);
      for (let i = 0, n = 5 + Math.floor(random() * 60); i < n; i++) deep = random() < 0.5 ? { deep } : [deep];
      return deep;
    }
    case 10: {
      const cycle: Record<string, unknown> = { a: 1 };
      Object.defineProperty(cycle, random() < 0.5 ? 'self' : '__proto__', { value: random() < 0.5 ? cycle : [cycle], enumerable: true });
      return cycle;
    }
    case 11: {
      const { proxy, revoke } = Proxy.revocable(random() < 0.5 ? {} : [], {});
      revoke();
      return proxy;
    }
    case 12: {
      const trap = pick(['get', 'ownKeys', 'getOwnPropertyDescriptor', 'has', 'getPrototypeOf', 'isExtensible', 'defineProperty', 'set']);
      const thrown = pick<() => unknown>([() => new Error('trap'), () => 'a string', () => undefined, () => Object.create(null), () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      }]);
      return new Proxy(random() < 0.5 ? { accent: 'red', height: '1px' } : ['wav16'], { [trap]: () => { throw thrown(); } });
    }
    case 13: {
      const object = depth < 3 ? { inner: hostileValue(random, depth + 1) } : {};
      Object.defineProperty(object, pick(KEYS), {
        get: () => {
          throw random() < 0.5 ? new TypeError('getter') : Symbol('thrown');
        },
        enumerable: true,
      });
      return object;
    }
    case 14: {
      // A Proxy that lies: ownKeys says a key exists that getOwnPropertyDescriptor then refuses.
      return new Proxy({}, { ownKeys: () => ['ghost'], getOwnPropertyDescriptor: () => undefined });
    }
    case 15: return Array.from({ length: 20_000 }, (_, i) => i);
    case 16: return { [Symbol('hidden')]: 1, [pick(KEYS)]: depth < 3 ? hostileValue(random, depth + 1) : 1 };
    case 17: return new Proxy(validConfig()['theme'] as object, {});
    default: return depth < 3 ? { [pick(KEYS)]: hostileValue(random, depth + 1) } : pick(STRINGS);
  }
}

/** The plain objects of a config, which `mutate` may walk into (never a hostile value put there before). */
function plainObjects(value: unknown, found = new WeakSet<object>()): WeakSet<object> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    found.add(value);
    for (const inner of Object.values(value)) plainObjects(inner, found);
  }
  return found;
}

/** Puts a hostile value (or a throwing getter) somewhere in the config: replaces a value or adds a key. */
function mutate(config: Record<string, unknown>, random: () => number, plain: WeakSet<object>): void {
  let node: Record<string, unknown> = config;
  for (let depth = 0; depth < 3; depth++) {
    const children = Object.keys(node).filter((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(node, key)!;
      return 'value' in descriptor && plain.has(descriptor.value as object);
    });
    if (children.length === 0 || random() < 0.3) break;
    node = node[children[Math.floor(random() * children.length)]!] as Record<string, unknown>;
  }
  const existing = Object.keys(node);
  const key = random() < 0.75 && existing.length > 0 ? existing[Math.floor(random() * existing.length)]! : KEYS[Math.floor(random() * KEYS.length)]!;
  if (random() < 0.1) {
    Object.defineProperty(node, key, { get: () => { throw new Error('getter'); }, enumerable: true, configurable: true });
  } else {
    Object.defineProperty(node, key, { value: hostileValue(random, 0), enumerable: true, writable: true, configurable: true });
  }
}

/** Values another valid config could hold, by path: swapping any of them in keeps the config valid. */
const VALID_SWAPS: readonly (readonly [readonly string[], unknown])[] = [
  [['layout', 'arrangement'], 'stacked'],
  [['layout', 'height'], '480px'],
  [['layout', 'compact'], true],
  [['project', 'title'], 'Winter sale'],
  [['project', 'autosave'], false],
  [['vocal', 'mode'], 'per-section'],
  [['vocal', 'speed'], 1.1],
  [['music', 'gain'], -12],
  [['theme', 'mode'], 'light'],
  [['theme', 'density'], 'comfortable'],
  [['theme', 'accent'], '#0055ff'],
  [['i18n', 'locale'], 'en'],
  [['tools', 'mix'], false],
];

/** Puts a valid value in place of another (one of VALID_SWAPS). */
function swapIn(config: Record<string, unknown>, [path, value]: (typeof VALID_SWAPS)[number]): void {
  let node = config;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
}

/** Resolves one config: `resolved`, `refused` (a well-formed StudioConfigError), or what went wrong. */
function outcome(config: unknown, requireTarget: boolean): string {
  try {
    resolveConfig(config, { origin: 'https://host.example', requireTarget });
    return 'resolved';
  } catch (error) {
    if (!(error instanceof StudioConfigError)) return `threw ${Object.prototype.toString.call(error)} ${String((error as Error)?.message ?? error)}`;
    if (error.issues.length === 0) return 'a StudioConfigError without issues';
    const bad = error.issues.find((issue) => !/^config(?:$|[.[])/.test(issue.path) || !error.message.includes(issue.path) || issue.message === '');
    if (bad !== undefined) return `an issue without a config. path: ${JSON.stringify(bad).slice(0, 200)}`;
    if (error.message.length > 20_000) return `a message of ${error.message.length} characters`;
    return 'refused';
  }
}

const prototypeKeys = () => [Object.prototype, Array.prototype, Function.prototype].map((proto) => Reflect.ownKeys(proto).length);

describe('resolveConfig under fuzzing', () => {
  it('resolves the config the fuzzing starts from, and each valid swap of it', () => {
    expect(outcome(validConfig(), true)).to.equal('resolved');
    for (const swap of VALID_SWAPS) {
      const config = validConfig();
      swapIn(config, swap);
      expect(outcome(config, true), `${swap[0].join('.')} = ${JSON.stringify(swap[1])}`).to.equal('resolved');
    }
  });

  it(`gives a resolved config or a StudioConfigError naming a config. path, for ${RUNS} mutated configs`, function () {
    const random = prng(SEED);
    const before = prototypeKeys();
    let hostile = 0;
    let refused = 0;
    for (let run = 0; run < RUNS; run++) {
      const config = validConfig();
      const plain = plainObjects(config);
      const mutations = 1 + Math.floor(random() * 3);
      // Every tenth run only swaps valid values in: it must resolve. The others put hostile values in.
      const valid = run % 10 === 0;
      for (let i = 0; i < mutations; i++) {
        if (valid) swapIn(config, VALID_SWAPS[Math.floor(random() * VALID_SWAPS.length)]!);
        else mutate(config, random, plain);
      }
      const root = !valid && random() < 0.05 ? new Proxy(config, random() < 0.5 ? {} : { ownKeys: () => { throw new Error('root'); } }) : config;
      const result = outcome(root, random() < 0.5);
      const replay = `config fuzz seed ${SEED} (replay: CONFIG_FUZZ_SEED=${SEED}), run ${run}: ${result}`;
      if (valid) expect(result, `${replay}, valid values only`).to.equal('resolved');
      else expect(result, replay).to.be.oneOf(['resolved', 'refused']);
      if (!valid) hostile++;
      if (result === 'refused') refused++;
      expect(({} as Record<string, unknown>)['polluted'], `config fuzz seed ${SEED}, run ${run}: Object.prototype polluted`).to.equal(undefined);
    }
    expect(prototypeKeys(), `config fuzz seed ${SEED}: a prototype gained keys`).to.deep.equal(before);
    // Most hostile mutations are refused; a few (a hostile value that happens to be valid there, such as 'dark') resolve.
    expect(refused, `config fuzz seed ${SEED}`).to.be.within(hostile / 2, hostile);
  });
});
