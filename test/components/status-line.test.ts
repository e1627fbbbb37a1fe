import { expect } from '@open-wc/testing';
import { checkCompliance } from '../../src/audio/dsp/presets.js';
import { refusalLine, statusLine } from '../../src/components/studio-editor/status-line.js';
import { StudioError } from '../../src/errors.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';
import '../../src/i18n/en-later.js';
import { frLater } from '../../src/i18n/fr-later.js';
import { previewState } from '../support/fake-preview.js';

const t = createTranslator('en');
const measurement = { integrated: -14.04, momentaryMax: -9, shortTermMax: -11, range: 4, samplePeak: -1.6, truePeak: -1.12 };

describe('the editor’s status line', () => {
  it('says nothing while there is nothing to hear', () => {
    expect(statusLine(t, undefined)).to.equal('');
    expect(statusLine(t, previewState({ status: 'empty' }))).to.equal('');
  });

  it('names the stage of a render under way', () => {
    expect(statusLine(t, previewState({ status: 'rendering', stage: 'master' }))).to.equal('Updating the preview: Mastering…');
    expect(statusLine(t, previewState({ status: 'rendering', stage: 'decode' }))).to.equal('Updating the preview: Loading the audio…');
  });

  it('gives the length, loudness and true peak of the ready preview, and whether it meets its preset', () => {
    const ready = previewState({ status: 'ready', duration: 29.96, measurement, compliance: null });
    expect(statusLine(t, ready)).to.equal('Preview: 0:30.0, -14.0 LUFS, true peak -1.1 dBTP.');
    expect(statusLine(t, { ...ready, compliance: checkCompliance(measurement, 'streaming') })).to.equal('Preview: 0:30.0, -14.0 LUFS, true peak -1.1 dBTP. Meets Streaming.');
    expect(statusLine(t, { ...ready, compliance: checkCompliance(measurement, 'ebu-r128') })).to.equal(
      'Preview: 0:30.0, -14.0 LUFS, true peak -1.1 dBTP. Does not meet Broadcast, EBU R 128: see Master.',
    );
  });

  it('points to the Master panel when the render failed, and speaks French', () => {
    expect(statusLine(t, previewState({ status: 'error', error: new StudioError('render-failed', 'x') }))).to.equal('The preview could not be rendered: see Master for why.');
    const french = createTranslator('fr', {}, fr);
    expect(statusLine(french, previewState({ status: 'rendering', stage: 'mix' }))).to.equal('Mise à jour de l’écoute : Mixage…');
  });

  it('says which lock refused the last edit and why, in the user’s words', () => {
    const action = { type: 'clip/move', id: 'c3', start: 1 } as const;
    expect(refusalLine(t, undefined)).to.equal('');
    expect(refusalLine(t, { action, target: { kind: 'section', id: 's3' }, reason: 'Required by the station', name: 'Disclaimer' })).to.equal(
      'The section “Disclaimer” is locked, so nothing changed: Required by the station. ',
    );
    expect(refusalLine(t, { action, target: { kind: 'duration' }, reason: undefined, name: undefined })).to.equal('The ad’s length is locked, so nothing changed. ');
    const french = createTranslator('fr', {}, { ...fr, ...frLater });
    expect(refusalLine(french, { action, target: { kind: 'clip', id: 'c3' }, reason: 'Exigé !', name: 'Mentions' })).to.equal('Le clip de voix « Mentions » est verrouillé, rien n’a changé : Exigé ! ');
  });
});
