import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { MAX_CONFIG_DEPTH, snapshotConfig } from '../../../src/config/snapshot.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { StudioConfigError } from '../../../src/errors.js';
import { testAuth } from '../../support/auth.js';

/** The message of the StudioConfigError that `run` throws; fails on anything else. */
function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error instanceof StudioConfigError, `${String(error)} is a StudioConfigError`).to.equal(true);
    return (error as Error).message;
  }
  throw new Error('expected a StudioConfigError');
}

const throwing = (trap: keyof ProxyHandler<object>) => new Proxy({ accent: 'red' }, { [trap]: () => { throw new Error(`${trap} trap`); } });

describe('snapshotConfig', () => {
  it('copies plain data, keeps functions by identity, and freezes every level', () => {
    const auth = testAuth();
    const onReady = () => undefined;
    const given = { auth, onReady, tools: { export: { formats: ['wav16'] } } };
    const copy = snapshotConfig(given) as unknown as typeof given;
    expect(copy).to.not.equal(given);
    expect(copy.auth).to.not.equal(auth);
    expect(copy.auth.getToken).to.equal(auth.getToken);
    expect(copy.onReady).to.equal(onReady);
    expect(copy.tools.export.formats).to.deep.equal(['wav16']);
    expect(Array.isArray(copy.tools.export.formats)).to.equal(true);
    expect([copy, copy.auth, copy.tools, copy.tools.export, copy.tools.export.formats].every(Object.isFrozen)).to.equal(true);
    given.tools.export.formats.push('mp3');
    expect(copy.tools.export.formats).to.deep.equal(['wav16']);
    expect(snapshotConfig(copy)).to.equal(copy);
  });

  it('materialises getters once, drops symbol keys, inherited and non-enumerable keys', () => {
    let reads = 0;
    const proto = { inherited: 1 };
    const given = Object.create(proto, {
      layout: { get: () => ({ height: `${++reads * 100}px` }), enumerable: true },
      hidden: { value: 1, enumerable: false },
    }) as Record<string | symbol, unknown>;
    given[Symbol('s')] = 'symbol';
    const copy = snapshotConfig(given) as unknown as Record<string, unknown>;
    expect(reads).to.equal(1);
    expect(Object.getPrototypeOf(copy)).to.equal(Object.prototype);
    expect(Reflect.ownKeys(copy)).to.deep.equal(['layout']);
    expect(Object.getOwnPropertyDescriptor(copy, 'layout')).to.have.property('value').that.deep.equals({ height: '100px' });
  });

  it('reads each property of the caller exactly once in resolveConfig', () => {
    const reads = new Map<string, number>();
    const counted = <T extends object>(target: T, path: string): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          if (typeof key === 'string') reads.set(`${path}.${key}`, (reads.get(`${path}.${key}`) ?? 0) + 1);
          return Reflect.get(object, key, receiver) as unknown;
        },
      });
    const config = counted({ auth: counted(testAuth(), 'auth'), theme: counted({ accent: '#123456' }, 'theme') }, 'config');
    const resolved = resolveConfig(config, { origin: 'https://host.example' });
    expect(resolved.theme.tokens['--studio-accent']).to.equal('#123456');
    expect([...reads.values()].every((count) => count === 1), JSON.stringify([...reads])).to.equal(true);
    expect(reads.get('theme.accent')).to.equal(1);
  });

  it('keeps "__proto__" and "constructor" as plain own keys without touching any prototype', () => {
    const given = JSON.parse('{"theme": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}') as object;
    const copy = snapshotConfig(given) as unknown as { theme: Record<string, unknown> };
    expect(Object.getPrototypeOf(copy.theme)).to.equal(Object.prototype);
    expect(Object.keys(copy.theme)).to.deep.equal(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).to.equal(undefined);
    const message = configError(() => resolveConfig({ auth: testAuth(), ...given }, { origin: 'https://host.example' }));
    expect(message).to.include('config.theme.__proto__: unknown key');
    expect(message).to.include('config.theme.constructor: unknown key');
  });

  const hostile: Array<[string, () => object, string]> = [
    ['a throwing getter', () => ({ theme: Object.defineProperty({}, 'accent', { get: () => { throw new Error('boom'); }, enumerable: true }) }), 'config.theme.accent: could not be read (Error: boom)'],
    ['a getter throwing a non-error', () => ({ layout: Object.defineProperty({}, 'height', { get: () => { throw Object.create(null); }, enumerable: true }) }), 'config.layout.height: could not be read (object)'],
    ['a Proxy throwing on get', () => ({ theme: throwing('get') }), 'config.theme.accent: could not be read (Error: get trap)'],
    ['a Proxy throwing on ownKeys', () => ({ theme: throwing('ownKeys') }), 'config.theme: could not be read (Error: ownKeys trap)'],
    ['a Proxy throwing on getOwnPropertyDescriptor', () => ({ theme: throwing('getOwnPropertyDescriptor') }), 'config.theme: could not be read (Error: getOwnPropertyDescriptor trap)'],
    ['a revoked Proxy', () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return { theme: { tokens: proxy } };
    }, 'config.theme.tokens: could not be read (TypeError:'],
    ['a cycle', () => {
      const theme: Record<string, unknown> = {};
      theme['self'] = { back: theme };
      return { theme };
    }, 'config.theme.self.back: refers back to config.theme (a cycle)'],
    ['absurd nesting', () => {
      let deep: object = {};
      for (let i = 0; i < 100; i++) deep = { deep };
      return { theme: deep };
    }, `nested more than ${MAX_CONFIG_DEPTH} levels deep`],
  ];
  for (const [name, make, expected] of hostile) {
    it(`turns ${name} into a StudioConfigError naming the path`, () => {
      const message = configError(() => snapshotConfig({ auth: testAuth(), ...make() }));
      expect(message).to.include(expected);
      expect(configError(() => resolveConfig({ auth: testAuth(), ...make() }))).to.include(expected);
    });
  }

  it('refuses a root Proxy that is revoked', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(configError(() => resolveConfig(proxy))).to.match(/^config: could not be read \(TypeError/);
  });

  it('escapes odd key names in paths', () => {
    const message = configError(() => resolveConfig({ auth: testAuth(), theme: { 'a\u202eb\u0000': 1 } }));
    expect(message).to.include('config.theme["a\\u202eb\\u0000"]: unknown key');
  });

  it('keeps strings as strings, however long', () => {
    const long = 'x'.repeat(1_000_000);
    const copy = snapshotConfig({ project: { title: long } }) as unknown as { project: { title: string } };
    expect(copy.project.title).to.equal(long);
  });
});
