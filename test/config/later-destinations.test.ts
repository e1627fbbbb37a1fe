// A host's `delivery.destinations`: their checks (with the file-name templates they check) are a chunk of their
// own, not in the first paint. create() brings it before it checks the config; an element given its config
// directly checks the destinations once the chunk is here, and reports a wrong one as any config error.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { resolveConfig, uncheckedKeys } from '../../src/config/validate.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import { create } from '../../src/create.js';
import '../../src/define.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { StudioConfigError } from '../../src/errors.js';
import type { StudioConfig } from '../../src/config/types.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';

const BUILTIN_IDS = BUILTIN_DESTINATIONS.map((profile) => profile.id);

const radio = {
  id: 'radio-x',
  label: 'Radio X',
  source: { title: 'Radio X delivery sheet, 2026' },
  codec: { container: 'wav', bitDepth: 16 },
  sampleRate: 44100,
  channels: 2,
  loudness: -23,
  tolerance: 1,
  truePeak: -1,
  length: { kind: 'exact' },
} as const;

describe('delivery.destinations of a host', () => {
  afterEach(() => cleanupMounts());

  it('are kept unchecked and unused while their checks are not here: the first paint does not carry them', () => {
    const resolved = resolveConfig({ auth: testAuth(), delivery: { destinations: [{ ...radio, sampleRate: 96000 }] } });
    expect(uncheckedKeys(resolved)).to.deep.equal(['config.delivery.destinations']);
    expect(resolved.delivery.destinations.map((profile) => profile.id)).to.deep.equal([...BUILTIN_IDS]);
    // Without destinations nothing waits: the built-ins are there.
    expect(uncheckedKeys(resolveConfig({ auth: testAuth() }))).to.deep.equal([]);
  });

  it('create() checks them before it resolves: a wrong one rejects, naming its key', async () => {
    mountPoint('later-destinations');
    let caught: unknown;
    try {
      await create({ target: '#later-destinations', auth: testAuth(), project: { autosave: false }, delivery: { destinations: [{ ...radio, fileName: '{advertiser}/{title}' }] } });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(StudioConfigError);
    expect((caught as Error).message).to.include('config.delivery.destinations[0].fileName: A file-name template holds no / or \\');
  });

  it('an element given a wrong one reports it once the checks are here, and a right one is offered then', async () => {
    const element = document.createElement('studio-editor') as StudioEditor;
    const errors: string[] = [];
    element.addEventListener('studio-error', (event) => errors.push(event.detail.message));
    element.config = { auth: testAuth(), project: { autosave: false }, delivery: { destinations: [{ ...radio, channels: 3 }] } } as unknown as StudioConfig;
    mountPoint('later-destinations').append(element);
    await waitUntil(() => errors.length > 0, 'the wrong destination reported');
    expect(errors[0]).to.include('config.delivery.destinations[0].channels: expected 1 or 2 (mono or stereo), got 3');
    const resolved = resolveConfig({ auth: testAuth(), delivery: { destinations: [radio] } });
    expect(uncheckedKeys(resolved)).to.deep.equal([]);
    expect(resolved.delivery.destinations.at(-1)?.id).to.equal('radio-x');
  });
});
