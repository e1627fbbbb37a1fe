import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { TIMELINE_SHORTCUTS, matches, shortcutHelp, shortcutsFor } from '../../../src/components/studio-timeline/keyboard-shortcuts.js';
import { fr } from '../../../src/i18n/fr.js';
import { createTranslator } from '../../../src/i18n/translate.js';

/** A keydown's keys and modifiers: what the table reads of a KeyboardEvent (which Node has not). */
type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;
const key = (key: string, mods: Partial<Keys> = {}): Keys => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
const actions = (event: Keys, onClip = true) => shortcutsFor(event as KeyboardEvent, onClip).map((shortcut) => shortcut.action);

describe('timeline keyboard shortcuts', () => {
  it('is one frozen table whose entries all have a key, an action and a description', () => {
    expect(Object.isFrozen(TIMELINE_SHORTCUTS)).to.equal(true);
    for (const shortcut of TIMELINE_SHORTCUTS) {
      expect(shortcut.key, shortcut.action).to.be.a('string').and.not.equal('');
      expect(createTranslator('en')(shortcut.description), shortcut.action).to.not.equal(shortcut.description);
    }
  });

  it('matches modifiers exactly where they are given, Ctrl and Cmd alike, letters in either case', () => {
    expect(actions(key('z', { ctrlKey: true }))).to.deep.equal(['undo']);
    expect(actions(key('Z', { metaKey: true, shiftKey: true }))).to.deep.equal(['redo']);
    expect(actions(key('y', { ctrlKey: true }))).to.deep.equal(['redo']);
    expect(actions(key('z'))).to.deep.equal([]);
    expect(actions(key('ArrowLeft'))).to.deep.equal(['nudge-left']);
    // On a clip, Shift+arrows move it first; where that does not apply (a reviewer's fixed clip) they select a span.
    expect(actions(key('ArrowRight', { shiftKey: true }))).to.deep.equal(['step-right', 'range-right']);
    expect(actions(key('ArrowRight', { shiftKey: true }), false)).to.deep.equal(['range-right']);
    expect(actions(key('ArrowRight', { shiftKey: true, altKey: true }))).to.deep.equal(['range-right']);
    expect(actions(key('ArrowRight', { altKey: true }))).to.deep.equal([]);
    expect(actions(key('Home', { shiftKey: true }))).to.deep.equal(['to-start']);
    expect(matches(TIMELINE_SHORTCUTS[0]!, key('Escape', { shiftKey: true }))).to.equal(true);
  });

  it('offers clip keys only with a clip focused', () => {
    expect(actions(key('Delete'), false)).to.deep.equal([]);
    expect(actions(key('Delete'))).to.deep.equal(['delete']);
    expect(actions(key(' '), false)).to.deep.equal(['play-toggle']);
  });

  it('writes the help text from the table, each description once, in each language', () => {
    const en = shortcutHelp(createTranslator('en'));
    expect(en).to.contain('Arrow keys move the clip by the grid step, with Shift by one second.');
    expect(en.match(/Ctrl\+Z undoes/g)).to.have.length(1);
    expect(shortcutHelp(createTranslator('fr', {}, fr))).to.contain('Espace lit ou met en pause.');
  });
});
