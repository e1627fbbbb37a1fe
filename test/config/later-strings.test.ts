// A host's `i18n.strings` naming a key of the later words: their keys' table is a chunk of its own, not in
// the first paint. create() brings it before it checks the config; an element given its config directly
// checks the later keys once the table is here, and reports a wrong one as any config error.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { resolveConfig, uncheckedStrings } from '../../src/config/validate.js';
import { create } from '../../src/create.js';
import '../../src/define.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { allStringKeysKnown } from '../../src/i18n/translate.js';
import { StudioConfigError } from '../../src/errors.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';

describe('i18n.strings of the later words', () => {
  afterEach(() => cleanupMounts());

  it('are kept unchecked while the keys’ table is not here: the first paint does not carry it', () => {
    expect(allStringKeysKnown()).to.equal(false);
    const resolved = resolveConfig({ auth: testAuth(), i18n: { strings: { 'master.heading': 'Mastering', 'panel.exprot': 'Download' } } });
    // Either may be a later key: neither is refused yet.
    expect(uncheckedStrings(resolved)).to.deep.equal(['master.heading', 'panel.exprot']);
    expect(resolved.i18n.strings['master.heading']).to.equal('Mastering');
  });

  it('an element given a later key that does not exist reports it once the table is here', async () => {
    expect(allStringKeysKnown()).to.equal(false);
    const element = document.createElement('studio-editor') as StudioEditor;
    const errors: string[] = [];
    element.addEventListener('studio-error', (event) => errors.push(event.detail.message));
    element.config = { auth: testAuth(), project: { autosave: false }, i18n: { strings: { 'master.headng': 'Mastering' } } };
    mountPoint('later-strings').append(element);
    await waitUntil(() => errors.length > 0, 'the wrong key reported');
    expect(allStringKeysKnown()).to.equal(true);
    expect(errors[0]).to.include('config.i18n.strings["master.headng"]: unknown string key; did you mean "master.heading"?');
  });

  it('create() checks them before it resolves: a wrong placeholder rejects, naming the key', async () => {
    mountPoint('later-strings');
    let caught: unknown;
    try {
      await create({ target: '#later-strings', auth: testAuth(), i18n: { strings: { 'script.total': 'About {secs} s' } } });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(StudioConfigError);
    expect((caught as Error).message).to.include('config.i18n.strings["script.total"]: uses {secs}, which this string does not have; it has {seconds}, {target}');
  });
});
