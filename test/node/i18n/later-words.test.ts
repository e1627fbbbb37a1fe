// The English words of the modules loaded after the first paint are a module of their own
// (src/i18n/en-later.ts). This file imports neither it nor any module that does, so it sees the page
// before they arrive: config validation knows every key all the same, and the words appear on loading.
// node:test: a process of its own (another file in a shared process would have loaded them first).
import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { createTranslator, loadStringKeys } from '../../../src/i18n/translate.js';

const base = { api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 'x', refreshToken: () => 'x' } };

describe('the English words loaded later', () => {
  it('checks host strings of later keys with the keys’ table, before their words are loaded', async () => {
    await loadStringKeys();
    const resolved = resolveConfig({ ...base, i18n: { strings: { 'script.total': 'Total {seconds} of {target}' } } });
    expect(resolved.i18n.strings['script.total']).to.equal('Total {seconds} of {target}');
    expect(() => resolveConfig({ ...base, i18n: { strings: { 'script.total': 'Total {minutes}' } } })).to.throw(/\{minutes\}.*it has \{seconds\}, \{target\}/);
    expect(() => resolveConfig({ ...base, i18n: { strings: { 'master.heding': 'Master' } } })).to.throw(/did you mean "master.heading"/);
  });

  it('shows the first paint at once, and the later words once their module has run', async () => {
    const t = createTranslator('en');
    expect(t('panel.master')).to.equal('Master');
    expect(t('master.heading')).to.equal('master.heading');
    expect(t.plural('voice.count', 2)).to.equal('voice.count.other');
    await import('../../../src/i18n/en-later.js');
    expect(t('master.heading')).to.not.equal('master.heading');
    expect(t.plural('voice.count', 2)).to.match(/^2 /);
  });
});
