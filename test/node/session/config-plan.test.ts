import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { planConfig, reappliedDefaults, type ConfigPlan } from '../../../src/session/config-plan.js';
import type { ResolvedConfig, StudioConfig } from '../../../src/config/types.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { createEditorStore, initFromConfig } from '../../../src/model/editor-state.js';
import { testAuth } from '../../support/auth.js';

const auth = testAuth();
const resolve = (config: Partial<StudioConfig> = {}): ResolvedConfig =>
  resolveConfig({ api: { baseUrl: 'https://api.example' }, ...config, auth: { ...auth, userId: 'u1', ...config.auth } }, { origin: 'https://host.example' });

describe('planConfig', () => {
  const base = resolve({ project: { id: 'p1' } });
  const running = { running: true, switching: false };
  const cases: Array<[string, ResolvedConfig | undefined, ResolvedConfig, { running: boolean; switching: boolean }, ConfigPlan]> = [
    ['the first config starts a session', undefined, base, { running: false, switching: false }, 'start'],
    ['a config equal in content (a new object) does nothing', base, resolve({ project: { id: 'p1' } }), running, 'same'],
    ['the same content does nothing even while a switch saves', base, resolve({ project: { id: 'p1' } }), { running: true, switching: true }, 'same'],
    ['new auth callbacks (a new inline object) are swapped in live, with no restart', base, resolve({ project: { id: 'p1' }, auth: { ...testAuth(), userId: 'u1' } }), running, 'live'],
    ['a new config with no session running starts one', base, resolve({ project: { id: 'p1' }, i18n: { locale: 'fr' } }), { running: false, switching: false }, 'start'],
    ['another project switches', base, resolve({ project: { id: 'p2' } }), running, 'switch'],
    ['another user switches', base, resolve({ project: { id: 'p1' }, auth: { userId: 'u2' } as StudioConfig['auth'] }), running, 'switch'],
    ['another service switches', base, resolve({ project: { id: 'p1' }, api: { baseUrl: 'https://other.example' } }), running, 'switch'],
    ['autosave turned off switches', base, resolve({ project: { id: 'p1', autosave: false } }), running, 'switch'],
    ['a language changes live', base, resolve({ project: { id: 'p1' }, i18n: { locale: 'fr' } }), running, 'live'],
    ['a theme changes live', base, resolve({ project: { id: 'p1' }, theme: { mode: 'dark' } }), running, 'live'],
    ['a live change while a switch saves goes with the switch', base, resolve({ project: { id: 'p1' }, theme: { mode: 'dark' } }), { running: true, switching: true }, 'switch'],
  ];
  for (const [name, previous, next, state, plan] of cases) {
    it(name, () => {
      expect(planConfig(previous, next, state)).to.equal(plan);
    });
  }
});

describe('reappliedDefaults', () => {
  const previous = resolve({ project: { id: 'p1', duration: 30 } });
  const next = resolve({ project: { id: 'p1', duration: 15 } });
  const started = () => {
    const store = createEditorStore();
    store.dispatch(initFromConfig(previous, 'p1', 'Untitled'));
    return store;
  };

  it('makes the project again from new defaults when nobody touched it', () => {
    const project = reappliedDefaults(previous, next, started().getState(), 'Untitled');
    expect(project?.duration).to.equal(15);
    expect(project?.project_id).to.equal('p1');
  });

  it('keeps an edited project: the user’s work wins', () => {
    const store = started();
    store.dispatch({ type: 'project/rename', title: 'Mine' });
    expect(reappliedDefaults(previous, next, store.getState(), 'Untitled')).to.equal(undefined);
  });

  it('keeps a project with an undo history, even if back to its start', () => {
    const store = started();
    store.dispatch({ type: 'project/rename', title: 'Mine' });
    store.dispatch({ type: 'history/undo' });
    expect(reappliedDefaults(previous, next, store.getState(), 'Untitled')).to.equal(undefined);
  });

  it('leaves the project alone when no default changed (a theme)', () => {
    const themed = resolve({ project: { id: 'p1', duration: 30 }, theme: { mode: 'dark' } });
    expect(reappliedDefaults(previous, themed, started().getState(), 'Untitled')).to.equal(undefined);
  });
});
