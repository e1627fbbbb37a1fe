import { expect } from '@open-wc/testing';
import { keyCommand, toolbarCommand, toolbarModel } from '../../../src/components/studio-editor/editor-commands.js';
import type { ResolvedConfig } from '../../../src/config/types.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { createEditorStore, initFromConfig } from '../../../src/model/editor-state.js';
import { previewState } from '../../support/fake-preview.js';
import { testAuth } from '../../support/auth.js';

const resolve = (over: object = {}): ResolvedConfig => resolveConfig({ auth: testAuth(), project: { id: 'p 1' }, ...over }, { origin: 'https://host.example' });

describe('editor commands', () => {
  it('maps toolbar actions to commands', () => {
    const config = resolve();
    expect(toolbarCommand('undo', config, 'p')).to.deep.equal({ kind: 'store', action: { type: 'history/undo' } });
    expect(toolbarCommand('redo', config, 'p')).to.deep.equal({ kind: 'store', action: { type: 'history/redo' } });
    expect(toolbarCommand('play-toggle', config, 'p')).to.deep.equal({ kind: 'play-toggle' });
    expect(toolbarCommand('export', config, 'p')).to.deep.equal({ kind: 'show-panel', panel: 'export' });
    expect(toolbarCommand('fullscreen', config, 'p')).to.deep.equal({ kind: 'fullscreen' });
  });

  it('opens the studio only when the config offers it, with the project id encoded', () => {
    expect(toolbarCommand('open-in-studio', resolve(), 'p 1')).to.equal(undefined);
    const config = resolve({ tools: { openInStudio: { urlTemplate: 'https://studio.example/p/{project_id}' } } });
    expect(toolbarCommand('open-in-studio', config, 'p 1/x')).to.deep.equal({ kind: 'open', url: 'https://studio.example/p/p%201%2Fx' });
  });

  it('reads Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and Cmd+Z; not with Alt, nor a key already handled, nor other keys', () => {
    const key = (init: KeyboardEventInit) => keyCommand(new KeyboardEvent('keydown', { cancelable: true, ...init }))?.type;
    expect(key({ key: 'z', ctrlKey: true })).to.equal('history/undo');
    expect(key({ key: 'Z', ctrlKey: true, shiftKey: true })).to.equal('history/redo');
    expect(key({ key: 'y', ctrlKey: true })).to.equal('history/redo');
    expect(key({ key: 'z', metaKey: true })).to.equal('history/undo');
    expect(key({ key: 'z' })).to.equal(undefined);
    expect(key({ key: 'z', ctrlKey: true, altKey: true })).to.equal(undefined);
    expect(key({ key: 's', ctrlKey: true })).to.equal(undefined);
    const handled = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true });
    handled.preventDefault();
    expect(keyCommand(handled)).to.equal(undefined);
  });

  it('leaves undo keys in a text field to the field', () => {
    const input = document.createElement('input');
    document.body.append(input);
    let action: string | undefined = 'none';
    input.addEventListener('keydown', (event) => (action = keyCommand(event)?.type));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, composed: true }));
    input.remove();
    expect(action).to.equal(undefined);
  });

  it('models the toolbar: history, playback, export and credits', () => {
    const config = resolve();
    const store = createEditorStore();
    store.dispatch(initFromConfig(config, 'p1', 'Untitled'));
    const idle = toolbarModel(store.getState(), config, undefined);
    expect(idle.canUndo).to.equal(false);
    expect(idle.canPlay).to.equal(false);
    expect(idle.playing).to.equal(false);
    expect(idle.canExport).to.equal(false);
    expect(idle.duration).to.equal(30);
    expect(idle.openInStudio).to.equal(false);
    store.dispatch({ type: 'project/rename', title: 'Mine' });
    const playing = toolbarModel(store.getState(), config, previewState({ status: 'ready', transport: 'playing', duration: 29.5 }));
    expect(playing.canUndo).to.equal(true);
    expect(playing.canPlay).to.equal(true);
    expect(playing.playing).to.equal(true);
    expect(playing.duration).to.equal(29.5);
    store.dispatch({ type: 'music/set', music: { track: null, assetId: null, url: 'https://cdn.example.test/bed.wav', gain: -6, offset: 0, loop: true, fadeIn: 1, fadeOut: 2 } });
    expect(toolbarModel(store.getState(), config, undefined).canExport).to.equal(true);
    expect(toolbarModel(store.getState(), resolve({ tools: { export: false } }), undefined).canExport).to.equal(false);
  });
});
