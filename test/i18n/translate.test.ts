import { expect } from '@open-wc/testing';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';

describe('createTranslator', () => {
  it('gives the built-in text of the locale', () => {
    expect(createTranslator('en')('panel.music')).to.equal('Music');
    expect(createTranslator('fr')('panel.music')).to.equal('Musique');
  });

  it('lets the host override any string', () => {
    expect(createTranslator('fr', { 'panel.export': 'Télécharger' })('panel.export')).to.equal('Télécharger');
  });

  it('fills parameters and leaves unknown ones visible', () => {
    const t = createTranslator('en', { 'status.ready': 'Ready in {seconds} s, {missing}' });
    expect(t('status.ready', { seconds: 3 })).to.equal('Ready in 3 s, {missing}');
  });

  it('has a French string for every English key, with the same placeholders', () => {
    expect(Object.keys(fr).sort()).to.deep.equal(Object.keys(en).sort());
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join();
    const mismatched = (Object.keys(en) as Array<keyof typeof en>).filter((key) => placeholders(en[key]) !== placeholders(fr[key]) || fr[key].trim() === '');
    expect(mismatched).to.deep.equal([]);
  });
});
