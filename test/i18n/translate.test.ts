import { expect } from '@open-wc/testing';
import { de } from '../../src/i18n/de.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { loadCatalogue } from '../../src/i18n/load.js';
import { builtInLanguage, createTranslator } from '../../src/i18n/translate.js';

describe('createTranslator', () => {
  it('gives the built-in text of the locale', () => {
    expect(createTranslator('en')('panel.music')).to.equal('Music');
    expect(createTranslator('fr', {}, fr)('panel.music')).to.equal('Musique');
    expect(createTranslator('de', {}, de)('panel.music')).to.equal('Musik');
  });

  it('lets the host override any string', () => {
    expect(createTranslator('fr', { 'panel.export': 'Télécharger' }, fr)('panel.export')).to.equal('Télécharger');
  });

  it('fills parameters and leaves unknown ones visible', () => {
    const t = createTranslator('en', { 'status.ready': 'Ready in {seconds} s, {missing}' });
    expect(t('status.ready', { seconds: 3 })).to.equal('Ready in 3 s, {missing}');
  });

  for (const [language, catalogue] of [['French', fr], ['German', de]] as const) {
    it(`has a ${language} string for every English key, with the same placeholders`, () => {
      expect(Object.keys(catalogue).sort()).to.deep.equal(Object.keys(en).sort());
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join();
      const mismatched = (Object.keys(en) as Array<keyof typeof en>).filter((key) => placeholders(en[key]) !== placeholders(catalogue[key]) || catalogue[key].trim() === '');
      expect(mismatched).to.deep.equal([]);
    });
  }

  it('formats numbers, levels, clocks and lists in the locale', () => {
    const [english, french, german] = [createTranslator('en'), createTranslator('fr', {}, fr), createTranslator('de-DE', {}, de)];
    expect([english.number(2.14), french.number(2.14), german.number(2.14)]).to.deep.equal(['2.1', '2,1', '2,1']);
    expect([english.number(-0.04), french.number(1234.5, 1)]).to.deep.equal(['0.0', '1\u202f234,5']);
    expect([english.level(-14.04), french.level(-14.04), german.level(3.26, true), german.level(Number.NEGATIVE_INFINITY)]).to.deep.equal(['-14.0', '-14,0', '+3,3', '-inf']);
    expect([english.clock(7.46, true), french.clock(7.46, true)]).to.deep.equal(['0:07.5', '0:07,5']);
    expect(french.list(['titre', 'script', 'musique'])).to.equal('titre, script et musique');
    expect(german.list(['Titel', 'Skript'])).to.equal('Titel und Skript');
  });

  it('formats dates and relative times in the locale', () => {
    const date = new Date(Date.UTC(2026, 10, 24, 20, 43));
    expect(createTranslator('fr', {}, fr).date(date)).to.match(/^24 nov\. 2026/);
    expect(createTranslator('de', {}, de).date(date)).to.match(/^24\.11\.2026/);
    expect(createTranslator('en').date(date)).to.match(/^Nov 24, 2026/);
    const twoMinutesAgo = new Date(Date.now() - 125_000);
    expect(createTranslator('fr', {}, fr).relative(twoMinutesAgo)).to.equal('il y a 2 minutes');
    expect(createTranslator('de', {}, de).relative(twoMinutesAgo)).to.equal('vor 2 Minuten');
  });

  it('chooses plural forms by the locale’s rules', () => {
    const [english, french, german] = [createTranslator('en'), createTranslator('fr', {}, fr), createTranslator('de', {}, de)];
    expect([0, 1, 2].map((count) => english.plural('timeline.clipCount', count))).to.deep.equal(['0 clips', '1 clip', '2 clips']);
    // French counts 0 as singular; English and German do not.
    expect([0, 1, 2].map((count) => french.plural('script.voiced', count))).to.deep.equal(['Voix prête pour 0 partie.', 'Voix prête pour 1 partie.', 'Voix prête pour 2 parties.']);
    expect([0, 1, 2].map((count) => german.plural('voice.count', count))).to.deep.equal(['0 Stimmen', '1 Stimme', '2 Stimmen']);
    expect(english.plural('voice.count', 1234)).to.equal('1,234 voices');
  });

  it('speaks a language a host adds through strings, English where a string is missing, with that locale’s formats', () => {
    const spanish = createTranslator('es', { 'panel.music': 'Música', 'timeline.clipCount.one': '{count} clip', 'timeline.clipCount.other': '{count} clips' });
    expect(spanish('panel.music')).to.equal('Música');
    expect(spanish('panel.export')).to.equal('Export');
    expect(spanish.number(2.14)).to.equal('2,1');
    expect(spanish.plural('timeline.clipCount', 1)).to.equal('1 clip');
  });

  it('maps locales to the built-in words by language', () => {
    expect(['fr-CA', 'de-AT', 'en-GB', 'es', 'DE'].map(builtInLanguage)).to.deep.equal(['fr', 'de', 'en', undefined, 'de']);
  });
});

describe('loadCatalogue', () => {
  it('loads French and German on demand, once', async () => {
    const first = loadCatalogue('de');
    expect(loadCatalogue('de')).to.equal(first);
    expect((await first)['panel.script']).to.equal('Skript');
    expect((await loadCatalogue('fr'))['panel.script']).to.equal('Texte');
  });
});
